#!/usr/bin/env bash
# Installs everything Crab Canon needs to build, run and test on Debian/Ubuntu, and
# only what is missing, so a second run takes seconds. Caches stay outside the clone.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

log() { printf '\n==> %s\n' "$*"; }

sudo_if_needed() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Build libraries of the Tauri webview stack, then what the headless tests use:
# a virtual X server, WebKitWebDriver for tauri-driver, Chromium for the UI tests, Noto CJK
# so Japanese, Chinese and Korean text renders (in the app and in screenshots), and xdotool
# to answer the native file dialogs in the end-to-end tests.
apt_packages=(
    build-essential pkg-config file curl ca-certificates
    libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev
    libxdo-dev libssl-dev
    xvfb xauth imagemagick webkit2gtk-driver chromium fonts-dejavu-core xdotool
    fonts-noto-cjk
)

missing=()
for pkg in "${apt_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$pkg")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    log "apt: installing ${missing[*]}"
    sudo_if_needed apt-get -o DPkg::Lock::Timeout=900 update -q
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "${missing[@]}"
else
    log "apt: all ${#apt_packages[@]} packages present"
fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo not found: install Rust with rustup (https://rustup.rs) and run again" >&2
    exit 1
fi
export PATH="$HOME/.cargo/bin:$PATH"

# Mobile readiness is checked by `cargo check --target aarch64-linux-android`.
if command -v rustup >/dev/null 2>&1; then
    for component in rustfmt clippy; do
        if ! rustup component list --installed | grep -q "^$component"; then
            log "rustup: adding $component"
            rustup component add "$component"
        fi
    done
    if ! rustup target list --installed | grep -qx aarch64-linux-android; then
        log "rustup: adding target aarch64-linux-android"
        rustup target add aarch64-linux-android
    fi
fi

# tauri-driver bridges WebDriver clients to WebKitWebDriver for the end-to-end tests.
tauri_driver_version="2.1.0"
if ! cargo install --list | grep -qx "tauri-driver v$tauri_driver_version:"; then
    log "cargo: installing tauri-driver $tauri_driver_version"
    cargo install tauri-driver --locked --version "$tauri_driver_version"
fi

# The Tauri CLI (prebuilt, from npm) and the web UI's packages, exactly as locked.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "node and npm not found: install Node.js 20 or newer and run again" >&2
    exit 1
fi
npm_install() {
    local dir="$1"
    if [ ! -f "$dir/package-lock.json" ]; then
        log "npm: installing in $dir (no lock file yet)"
        (cd "$dir" && npm install --no-audit --no-fund)
    elif [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        log "npm: installing locked packages in $dir"
        (cd "$dir" && npm ci --no-audit --no-fund)
    else
        log "npm: $dir is up to date"
    fi
}
npm_install "$repo"
if [ -f "$repo/ui/package.json" ]; then
    npm_install "$repo/ui"
fi

log "setup complete"
