# Shared by the scripts: where builds go and how steps are announced and timed.
# Sourced, not run.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

export PATH="$HOME/.cargo/bin:$PATH"
# Build caches live outside the clone so a fresh clone reuses them and `git clean`
# never throws them away.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/crab-canon/target}"

step_started=0
step() {
    step_started=$(date +%s)
    printf '\n==> %s\n' "$*"
}
step_done() {
    printf '    (%ss)\n' "$(($(date +%s) - step_started))"
}

# Builds the web UI into ui/dist, which the app embeds.
build_ui() {
    if [ ! -f ui/package.json ]; then
        echo "ui/package.json is missing: the web UI is part of the app and must be built" >&2
        return 1
    fi
    (cd ui && npm run build)
}
