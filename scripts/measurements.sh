#!/usr/bin/env bash
# The long measurements of issues #14 and #15 (docs/strength.md), run in order (a log
# that holds every game asked is skipped: #15's Deep-Steady run finished on 2026-12-06),
# each resuming its log in docs/matches: the level matches, then the komi study a surface
# at a time (round 1 at the surface's first komi, round 2 at round 1's estimate, so each
# surface's result is whole before the next starts), then GNU Go. The logs live in the
# repository, not in a cache, because a replaced project machine keeps only what is
# committed: commit them as they grow and the next machine continues instead of
# replaying. Not part of CI (hours of CPU).
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
# The komi study, a surface at a time: round 1 (seed 1) at the surface's first komi, then
# round R (2 to 4, seed R, log komi-NAME-rR; its first line names the komi) at the last
# round's fair komi, until a round's Black score at its komi holds 50% in its interval.
# The Möbius strip and the Klein bottle started at komi 0, where so many games ended
# level that the median margin was 0 again and round 2 had to play the rules' 0.5 anyway
# (docs/strength.md); the genus-two surface starts at 0.5 and saves that round.
komi_games=200
# name | surface | round 1's komi
komi_studies=(
    "mobius|go-mobius-9x11-v1|0"
    "klein|go-klein-9x18-v1|0"
    "genus2|go-genus2-staircase-9x9-v1|0.5"
)
# Round 1's log: komi-NAME-0 where it played komi 0, else komi-NAME-r1 (its first line
# names the komi, like a later round's).
first_log() {
    if [ "$2" = 0 ]; then echo "komi-$1-0"; else echo "komi-$1-r1"; fi
}

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
        IFS='|' read -r name _ first <<<"$entry"
        first_name="$(first_log "$name" "$first")"
        printf '%-24s %3s of %s (at komi %s)\n' "$first_name" "$(played "$logs/$first_name.jsonl")" "$komi_games" "$first"
        for round in 2 3 4; do
            log="$logs/komi-$name-r$round.jsonl"
            if [ "$round" -eq 2 ] || [ -f "$log" ]; then
                at="komi from the last round"
                if [ -f "$log" ]; then at="at komi $(sed -n '1s/.*"study_komi":\([-0-9.]*\).*/\1/p' "$log")"; fi
                printf '%-24s %3s of %s (%s)\n' "komi-$name-r$round" "$(played "$log")" "$komi_games" "$at"
            fi
        done
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

# A field of a JSON summary line: field NAME SUMMARY.
field() { sed -n "s/.*\"$1\": \\([-0-9.]*\\)[,}].*/\\1/p" <<<"$2"; }

for entry in "${komi_studies[@]}"; do
    IFS='|' read -r name surface first <<<"$entry"
    study="surface komi --surface $surface --games $komi_games --level strong --jobs $jobs"
    # Run even when the log is full: with no game to play it prints the summary.
    summary="$(run_logged "$(first_log "$name" "$first")" "$komi_games" "$study --komi $first --seed 1" | tail -n 1)"
    played_komis=" $first "
    for round in 2 3 4; do
        estimate="$(field fair_komi "$summary")"
        komi="$(field study_komi "$summary")"
        black_score="$(field black_score_at_study_komi "$summary")"
        black_low="$(field black_low "$summary")"
        black_high="$(field black_high "$summary")"
        if [ -z "$estimate" ] || [ -z "$black_high" ]; then
            echo "no fair komi in the summary: $summary" >&2
            exit 1
        fi
        # Round 2 always checks round 1; a later round is played only while the last
        # round's Black score at its komi keeps 50% out of its 95% interval.
        if [ "$round" -gt 2 ] && awk -v l="$black_low" -v h="$black_high" 'BEGIN { exit !(l <= 0.5 && 0.5 <= h) }'; then
            break
        fi
        # Each round plays at the last round's estimate (its median margin). An estimate
        # already played (Möbius at komi 0: the median margin 0, 42 of 200 games level)
        # would only repeat a round, so the round then plays half a point from the last
        # round's komi toward 50%: up if Black scored more than half there.
        next="$estimate"
        if [[ "$played_komis" == *" $next "* ]]; then
            next="$(awk -v k="$komi" -v s="$black_score" 'BEGIN { print (s >= 0.5) ? k + 0.5 : k - 0.5 }')"
        fi
        played_komis+="$next "
        summary="$(run_logged "komi-$name-r$round" "$komi_games" "$study --komi $next --seed $round" | tail -n 1)"
        echo "$summary"
    done
done

step "GNU Go on 9x9 (scripts/gnugo-match.sh)"
nice -n 10 bash scripts/gnugo-match.sh
step_done
