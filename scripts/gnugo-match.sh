#!/usr/bin/env bash
# Crab Canon's strongest search against GNU Go 3.8 on 9x9, as issue #14 asks: installs
# the Debian package `gnugo` if it is missing, builds the release `canon`, and runs
#   canon go match --opponent "gnugo --mode gtp --level 10 --chinese-rules
#     --positional-superko --capture-all-dead" --games 200 --size 9 --komi 7 --seconds 1
# GNU Go plays by Chinese (area) rules with positional superko and captures every dead
# stone before passing, so scoring the final board by area is fair. Not part of CI: at
# about a second per move for each side a 200-game run takes several hours.
#
# Usage: scripts/gnugo-match.sh [canon go match flags...]
# Flags given replace the defaults of the same name, e.g.
#   scripts/gnugo-match.sh --games 10 --seed 7
#   scripts/gnugo-match.sh --opponent "gnugo --mode gtp --level 1 --chinese-rules --positional-superko --capture-all-dead"
# Progress goes to stderr; the last stdout line is the JSON summary (docs/cli.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

gnugo_bin="$(command -v gnugo || true)"
if [ -z "$gnugo_bin" ] && [ -x /usr/games/gnugo ]; then
    gnugo_bin=/usr/games/gnugo
fi
if [ -z "$gnugo_bin" ]; then
    step "installing gnugo (apt-get)"
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update
    $sudo_cmd apt-get install -y gnugo
    gnugo_bin="$(command -v gnugo || echo /usr/games/gnugo)"
    step_done
fi

declare -A settings=(
    [--opponent]="$gnugo_bin --mode gtp --level 10 --chinese-rules --positional-superko --capture-all-dead"
    [--games]=200
    [--size]=9
    [--komi]=7
    [--seconds]=1
    [--seed]=1
)
order=(--opponent --games --size --komi --seconds --seed)
while [ $# -gt 0 ]; do
    if [ $# -lt 2 ]; then
        echo "gnugo-match.sh: $1 needs a value" >&2
        exit 2
    fi
    if [ -z "${settings[$1]+set}" ]; then order+=("$1"); fi
    settings[$1]="$2"
    shift 2
done
args=()
for flag in "${order[@]}"; do args+=("$flag" "${settings[$flag]}"); done

step "building the release canon"
cargo build --release -p canon
step_done

step "canon go match ${args[*]}"
"$CARGO_TARGET_DIR/release/canon" go match "${args[@]}"
step_done
