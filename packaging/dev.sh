#!/usr/bin/env bash
# The two set-up commands of the README:
#   bash packaging/dev.sh run  [DESIGN.json]   install missing Debian packages, build, open the app
#   bash packaging/dev.sh test                 install missing Debian packages, build, run every test
# Options through the environment: BUILD_DIR (default build), JOBS (default: all cores),
# SANITIZE=1 (AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
mode="${1:-}"
[ -n "$mode" ] && shift || true

install_missing() {
    local missing=()
    while read -r pkg; do
        [[ -z "$pkg" || "$pkg" == \#* ]] && continue
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done < packaging/deps.txt
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing missing Debian packages: ${missing[*]}"
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

jobs="${JOBS:-$(nproc)}"
build() {
    local dir="$1"; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" "$@" >/dev/null
    cmake --build "$dir" -j "$jobs"
}

case "$mode" in
run)
    install_missing
    dir="${BUILD_DIR:-build}"
    build "$dir" -DCD_BUILD_TESTS=OFF -DCD_BUILD_BENCHMARKS=OFF
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
        echo "No display found: starting the app under Xvfb (xvfb-run)."
        exec xvfb-run -a "$dir/app/cluster-designer" "$@"
    fi
    exec "$dir/app/cluster-designer" "$@"
    ;;
test)
    install_missing
    if [ "${SANITIZE:-0}" = "1" ]; then
        dir="${BUILD_DIR:-build-asan}"
        build "$dir" -DCD_SANITIZE=ON -DCD_BUILD_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=Debug
        export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
        export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/packaging/lsan.supp:print_suppressions=0}"
        export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    else
        dir="${BUILD_DIR:-build}"
        build "$dir"
    fi
    export QT_QPA_PLATFORM=offscreen
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
    ;;
*)
    echo "usage: bash packaging/dev.sh run [DESIGN.json] | test" >&2
    exit 2
    ;;
esac
