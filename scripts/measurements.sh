#!/usr/bin/env bash
# The long measurements of issues #14 and #15 (docs/strength.md), run in order (a log
# that holds every game asked is skipped: #15's Deep-Steady run finished on 2026-12-06),
# each resuming its log in docs/matches: the level matches, then the komi study a surface
# at a time (round 1 at komi 0, round 2 at round 1's estimate, so each surface's result is
# whole before the next starts), then GNU Go. The logs live in the repository, not in a cache,
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
matches=(
    "chess-deep2m-steady|200|chess match --a deep:2000000 --b steady --games 200 --seed 1 --jobs $jobs"
    "strong-steady-klein|200|surface match --a strong --b steady --games 200 --surface go-klein-9x18-v1 --seed 1 --jobs $jobs"
    "strong-steady-genus2|200|surface match --a strong --b steady --games 200 --surface go-genus2-staircase-9x9-v1 --seed 1 --jobs $jobs"
)
# The komi study, a surface at a time: round 1 at komi 0 (log komi-NAME-0), then round 2
# at round 1's fair komi with seed 2 (log komi-NAME-r2; its first line names the komi).
komi_games=200
# name | surface
komi_studies=(
    "mobius|go-mobius-9x11-v1"
    "klein|go-klein-9x18-v1"
    "genus2|go-genus2-staircase-9x9-v1"
)

# Finished games in a log: every line but the settings line.
played() {
    if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo 0; fi
}

if [ "${1:-}" = "--list" ]; then
    for entry in "${matches[@]}"; do
        IFS='|' read -r name games _ <<<"$entry"
        printf '%-24s %3s of %s\n' "$name" "$(played "$logs/$name.jsonl")" "$games"
    done
    for entry in "${komi_studies[@]}"; do
        IFS='|' read -r name _ <<<"$entry"
        printf '%-24s %3s of %s\n' "komi-$name-0" "$(played "$logs/komi-$name-0.jsonl")" "$komi_games"
        printf '%-24s %3s of %s (at round 1'"'"'s estimate)\n' "komi-$name-r2" \
            "$(played "$logs/komi-$name-r2.jsonl")" "$komi_games"
    done
    printf '%-24s %3s of %s (scripts/gnugo-match.sh)\n' "gnugo-9x9-level10" \
        "$(played "$logs/gnugo-9x9-level10.jsonl")" 200
    exit 0
fi

# Plays what log $1 still misses of $2 games of `canon $3 --log … --resume`; prints the
# run's stdout, whose last line is the JSON summary over the whole log.
run_logged() {
    local log="$logs/$1.jsonl"
    step "canon $3 (log docs/matches/$1.jsonl, $(played "$log") of $2 played)" >&2
    # shellcheck disable=SC2086 # the arguments are words by design
    nice -n 10 "$canon" $3 --log "$log" --resume
    step_done >&2
}

step "building the release canon"
cargo build --release -p canon
step_done

for entry in "${matches[@]}"; do
    IFS='|' read -r name games arguments <<<"$entry"
    if [ "$(played "$logs/$name.jsonl")" -lt "$games" ]; then
        run_logged "$name" "$games" "$arguments" >/dev/null
    fi
done

for entry in "${komi_studies[@]}"; do
    IFS='|' read -r name surface <<<"$entry"
    study="surface komi --surface $surface --games $komi_games --level strong --jobs $jobs"
    # Run even when the log is full: with no game to play it prints the summary.
    summary="$(run_logged "komi-$name-0" "$komi_games" "$study --komi 0 --seed 1" | tail -n 1)"
    field() { sed -n "s/.*\"$1\": \\([-0-9.]*\\)[,}].*/\\1/p" <<<"$summary"; }
    estimate="$(field fair_komi)"
    black_score="$(field black_score_at_study_komi)"
    if [ -z "$estimate" ] || [ -z "$black_score" ]; then
        echo "no fair komi in round 1's summary: $summary" >&2
        exit 1
    fi
    # Round 2 plays at the estimate. An estimate equal to round 1's komi (the median margin
    # on a draw-heavy board: many games end level) would only repeat round 1, so round 2
    # then plays half a point toward 50%: up if Black scored more than half at komi 0.
    second="$(awk -v k="$estimate" -v s="$black_score" \
        'BEGIN { if (k != 0) print k; else if (s > 0.5) print 0.5; else if (s < 0.5) print -0.5; else print 0 }')"
    run_logged "komi-$name-r2" "$komi_games" "$study --komi $second --seed 2" | tail -n 1
done

step "GNU Go on 9x9 (scripts/gnugo-match.sh)"
nice -n 10 bash scripts/gnugo-match.sh
step_done
