#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test of Crab Canon, stopping
# at the first failure: formatting, lints, the Rust tests, the UI's lint/type-check/
# tests, the staleness of the generated TypeScript bindings, the release app and its
# .deb bundle, the end-to-end tests of the real app under Xvfb, and the Android check.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
started=$(date +%s)

step "set-up"
bash scripts/setup.sh
step_done

step "formatting (cargo fmt --check)"
cargo fmt --all --check
step_done

step "lints (cargo clippy, warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings
step_done

step "Rust tests (engine, cli, app core, shell; regenerates the TypeScript bindings)"
cargo test --locked
step_done

step "generated bindings are up to date"
if [ -n "$(git status --porcelain -- ui/src/lib/bindings)" ]; then
    git status --short -- ui/src/lib/bindings
    git diff --stat -- ui/src/lib/bindings
    echo "ui/src/lib/bindings is stale: run 'cargo test -p canon-app-core --test bindings' and commit the result" >&2
    exit 1
fi
step_done

# The UI tests in Chromium run the real rules through the IPC bridge built above.
export CRAB_CANON_IPC_BRIDGE="$CARGO_TARGET_DIR/debug/ipc-bridge"
if [ -f ui/package.json ]; then
    step "UI: lint, type-check, unit tests, browser tests"
    (cd ui && npm run --if-present lint && npm run --if-present check && npm test --if-present \
        && npm run --if-present test:ui)
    echo "UI screenshots (every screen, light/dark, phone/desktop, each language): ui/tests/artifacts/screenshots/"
    step_done
fi

step "release app with the embedded UI, and its .deb bundle"
npm run bundle:deb
deb=$(ls -t "$CARGO_TARGET_DIR"/release/bundle/deb/*.deb | head -n 1)
contents=$(dpkg-deb --contents "$deb")
grep -q 'usr/bin/crab-canon$' <<<"$contents"
echo "bundle: $deb ($(du -h "$deb" | cut -f1))"
step_done

step "end-to-end tests of the real app (tauri-driver + WebKitWebDriver under Xvfb)"
CRAB_CANON_APP="$CARGO_TARGET_DIR/release/crab-canon" \
    xvfb-run -a -s '-screen 0 1280x1024x24' cargo test --locked -p canon-e2e -- --test-threads=1
step_done

step "mobile readiness (cargo check of the app for aarch64-linux-android)"
cargo check --locked -p crab-canon --target aarch64-linux-android
step_done

printf '\nAll checks passed in %ss.\n' "$(($(date +%s) - started))"
