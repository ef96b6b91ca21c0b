#!/usr/bin/env bash
# Crab Canon's strongest search against GNU Go 3.8 on 9x9, as issue #14 asks: installs
# the Debian package `gnugo` if it is missing, builds the release `canon`, and runs
#   canon go match --opponent "gnugo --mode gtp --level 10 --chinese-rules
#     --positional-superko --capture-all-dead --seed 1" --games 200 --size 9 --komi 7
#     --playouts 65000 --seed 1 --log LOG --jobs CORES --resume
# GNU Go plays by Chinese (area) rules with positional superko and captures every dead
# stone before passing, so scoring the final board by area is fair. Its `--seed 1` (GNU Go
# seeds from the clock otherwise) and a fresh GNU Go for every game make the match
# replayable: the same games with any number of jobs and across resumed runs. Not part of CI: a
# 200-game run takes about an hour on two cores (docs/strength.md has the result).
#
# "1 second per move" is given as its load-independent equivalent, the playouts the
# strong search runs in one second on one quiet core of the project machine
# (docs/strength.md, "One second per move as a playout budget"), so a match under `nice`
# on a loaded machine stays fair and reproducible. `--seconds 1` gives the literal clock
# instead (then the default --playouts is dropped).
#
# One game per core is played at a time; the jobs change the speed, not the games.
#
# The games are logged (default docs/matches/gnugo-9x9-level10.jsonl, in the repository so
# that a new machine resumes it once it is committed) and the run resumes that log, so
# running the script again continues where it stopped; `--stop-after N` plays N more
# games and stops.
#
# Usage: scripts/gnugo-match.sh [canon go match flags...]
# Flags given replace the defaults of the same name, e.g.
#   scripts/gnugo-match.sh --stop-after 10
#   scripts/gnugo-match.sh --games 10 --seed 7 --log /tmp/sample.jsonl
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

# The strong search's playouts in one second of one quiet core (docs/strength.md).
one_second_playouts=65000
log_dir="$repo/docs/matches"
mkdir -p "$log_dir"
declare -A settings=(
    [--opponent]="$gnugo_bin --mode gtp --level 10 --chinese-rules --positional-superko --capture-all-dead --seed 1"
    [--games]=200
    [--size]=9
    [--komi]=7
    [--playouts]=$one_second_playouts
    [--seed]=1
    [--log]="$log_dir/gnugo-9x9-level10.jsonl"
    [--jobs]="$(nproc)"
)
order=(--opponent --games --size --komi --playouts --seed --log --jobs)
while [ $# -gt 0 ]; do
    if [ $# -lt 2 ]; then
        echo "gnugo-match.sh: $1 needs a value" >&2
        exit 2
    fi
    if [ -z "${settings[$1]+set}" ]; then order+=("$1"); fi
    settings[$1]="$2"
    shift 2
done
# A clock instead of the playout budget, unless both were asked for.
if [ -n "${settings[--seconds]+set}" ] && [ "${settings[--playouts]}" = "$one_second_playouts" ]; then
    unset 'settings[--playouts]'
fi
args=()
for flag in "${order[@]}"; do
    if [ -n "${settings[$flag]+set}" ]; then args+=("$flag" "${settings[$flag]}"); fi
done
args+=(--resume)

step "building the release canon"
cargo build --release -p canon
step_done

step "canon go match ${args[*]}"
"$CARGO_TARGET_DIR/release/canon" go match "${args[@]}"
step_done
