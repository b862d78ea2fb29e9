#!/usr/bin/env bash
# The two set-up commands of the README:
#   bash packaging/dev.sh run  [DESIGN.json]   install missing Debian packages, build, open the app
#                                              (no display: print the analysis, write a screenshot)
#   bash packaging/dev.sh test                 install missing Debian packages, build, run every test
# Options through the environment: BUILD_DIR (default build), JOBS (default: all cores),
# SANITIZE=1 (AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan; SANITIZE_GUI=OFF
# leaves the Qt app and its GUI tests out of it, as CI does to stay within its time budget),
# BUILD_TYPE (a new tree: RelWithDebInfo; an existing tree keeps its own unless BUILD_TYPE is given).
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
# configure DIR [cmake options]: configures DIR (quietly) with the project's options.
configure() {
    local dir="$1"; shift
    # A tree configured before (by this script or by hand, e.g. -DCD_UNITY_BUILD=OFF) keeps its
    # build type and flags: resetting them would rebuild everything. BUILD_TYPE=... resets.
    if [ -f "$dir/CMakeCache.txt" ] && [ -z "${BUILD_TYPE:-}" ]; then
        cmake -S . -B "$dir" "$@" >/dev/null
        return
    fi
    # -g1 (line tables: file and line in every backtrace and sanitizer report) instead of full
    # debug info compiles 23-40 % faster (-O2: model/topology/bom.cpp 8.7 -> 6.7 s, tests/model/
    # test_cost.cpp 14.1 -> 8.4 s), which keeps CI within its budget; CXXFLAGS can still add more.
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_DEBUG="-g1" "$@" >/dev/null
}

# Without a display the window would be invisible and block: show what the app computes instead.
headless_preview() {
    local exe="$1"; shift
    local design="${1:-resources/templates/superpod-h100-1su.json}"
    local shot
    shot="$(dirname "$(dirname "$exe")")/cluster-designer-screenshot.png"
    echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the window cannot be shown."
    echo "The analysis of $design:"
    echo
    "$exe" analyze "$design"
    echo
    "$exe" screenshot "$design" -o "$shot"
    echo "Screenshot of the main window on that design: $shot"
    echo
    echo "To use the interactive app, run 'bash packaging/dev.sh run' in a desktop session, or over"
    echo "SSH with X forwarding (ssh -X HOST), or script the window on a virtual display:"
    echo "    xvfb-run -a $exe [DESIGN.json]"
}

case "$mode" in
run)
    install_missing
    dir="${BUILD_DIR:-build}"
    configure "$dir"
    cmake --build "$dir" -j "$jobs" --target cluster-designer
    exe="$dir/app/cluster-designer"
    case "${QT_QPA_PLATFORM:-}" in "" | offscreen | minimal) invisible=1 ;; *) invisible=0 ;; esac
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "$invisible" = 1 ]; then
        headless_preview "$exe" "$@"
        exit 0
    fi
    exec "$exe" "$@"
    ;;
test)
    install_missing
    if [ "${SANITIZE:-0}" = "1" ]; then
        dir="${BUILD_DIR:-build-asan}"
        configure "$dir" -DCD_BUILD_TESTS=ON -DCD_SANITIZE=ON -DCD_BUILD_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=Debug \
            -DCD_BUILD_GUI="${SANITIZE_GUI:-ON}"
        export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
        export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/packaging/lsan.supp:print_suppressions=0}"
        export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    else
        dir="${BUILD_DIR:-build}"
        configure "$dir" -DCD_BUILD_TESTS=ON
    fi
    cmake --build "$dir" -j "$jobs"
    export QT_QPA_PLATFORM=offscreen
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"
    ;;
*)
    echo "usage: bash packaging/dev.sh run [DESIGN.json] | test" >&2
    exit 2
    ;;
esac
