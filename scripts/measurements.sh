#!/usr/bin/env bash
# The long measurements of issues #14 and #15 (docs/strength.md), run in order (a log
# that holds every game asked is skipped: #15's Deep-Steady run finished on 2026-12-06),
# each resuming its log in docs/matches. The logs live in the repository, not in a cache,
# because a replaced project machine keeps only what is committed: commit them as they
# grow and the next machine continues instead of replaying. Not part of CI (hours of CPU).
#
# Usage:
#   scripts/measurements.sh          build the release canon, then play what is missing
#   scripts/measurements.sh --list   print each log's progress and stop
# Every step is deterministic (node or playout budgets, never a clock), so stopping and
# starting again at any point gives the same games, with any number of jobs (one game per
# core at a time here). Runs under `nice -n 10`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

logs="$repo/docs/matches"
mkdir -p "$logs"
canon="$CARGO_TARGET_DIR/release/canon"

jobs="$(nproc)"
# name | games asked | canon arguments (the log is $logs/name.jsonl)
measurements=(
    "chess-deep2m-steady|200|chess match --a deep:2000000 --b steady --games 200 --seed 1 --jobs $jobs"
    "strong-steady-klein|200|surface match --a strong --b steady --games 200 --surface go-klein-9x18-v1 --seed 1 --jobs $jobs"
    "strong-steady-genus2|200|surface match --a strong --b steady --games 200 --surface go-genus2-staircase-9x9-v1 --seed 1 --jobs $jobs"
    "komi-mobius-0|200|surface komi --surface go-mobius-9x11-v1 --games 200 --level strong --komi 0 --seed 1 --jobs $jobs"
    "komi-klein-0|200|surface komi --surface go-klein-9x18-v1 --games 200 --level strong --komi 0 --seed 1 --jobs $jobs"
    "komi-genus2-0|200|surface komi --surface go-genus2-staircase-9x9-v1 --games 200 --level strong --komi 0 --seed 1 --jobs $jobs"
)

# Finished games in a log: every line but the settings line.
played() {
    if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo 0; fi
}

if [ "${1:-}" = "--list" ]; then
    for entry in "${measurements[@]}"; do
        IFS='|' read -r name games _ <<<"$entry"
        printf '%-24s %3s of %s\n' "$name" "$(played "$logs/$name.jsonl")" "$games"
    done
    printf '%-24s %3s of %s (scripts/gnugo-match.sh)\n' "gnugo-9x9-level10" \
        "$(played "$logs/gnugo-9x9-level10.jsonl")" 200
    exit 0
fi

step "building the release canon"
cargo build --release -p canon
step_done

for entry in "${measurements[@]}"; do
    IFS='|' read -r name games arguments <<<"$entry"
    log="$logs/$name.jsonl"
    if [ "$(played "$log")" -ge "$games" ]; then
        continue
    fi
    step "canon $arguments (log docs/matches/$name.jsonl)"
    # shellcheck disable=SC2086 # the arguments are words by design
    nice -n 10 "$canon" $arguments --log "$log" --resume
    step_done
done

step "GNU Go on 9x9 (scripts/gnugo-match.sh)"
nice -n 10 bash scripts/gnugo-match.sh
step_done
