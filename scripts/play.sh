#!/usr/bin/env bash
# Installs whatever is missing, builds Crab Canon and starts it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

bash scripts/setup.sh

step "building the web UI"
build_ui
step_done

# A debug build with the embedded UI: much faster to compile than a release build,
# and quick enough to play.
step "building the app"
cargo build -p crab-canon --features tauri/custom-protocol
step_done

app="$CARGO_TARGET_DIR/debug/crab-canon"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "No display found: starting Crab Canon inside a virtual X server (invisible)." >&2
    echo "Run this script from a desktop session to see and play it." >&2
    exec xvfb-run -a -s '-screen 0 1280x1024x24' "$app"
fi
step "starting Crab Canon"
exec "$app"
