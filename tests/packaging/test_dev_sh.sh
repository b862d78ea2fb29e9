#!/usr/bin/env bash
# Tests of the README's set-up script (packaging/dev.sh), registered with ctest.
#   test_dev_sh.sh usage    BUILD_DIR   a wrong mode prints the usage and exits 2
#   test_dev_sh.sh headless BUILD_DIR   `dev.sh run` without a display prints the default
#                                       design's analysis, writes a screenshot it names, says how
#                                       to open the interactive app, exits 0 (never blocks)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mode="$1"
build="$2"
fail() { echo "FAIL: $*" >&2; exit 1; }

case "$mode" in
usage)
    out=$(bash "$here/packaging/dev.sh" frobnicate 2>&1); rc=$?
    [ "$rc" = 2 ] || fail "exit status $rc, expected 2"
    grep -q "usage: bash packaging/dev.sh run" <<<"$out" || fail "no usage text: $out"
    ;;
headless)
    shot="$build/cluster-designer-screenshot.png"
    rm -f "$shot"
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen BUILD_DIR="$build" JOBS=1 \
          timeout 600 bash "$here/packaging/dev.sh" run 2>&1); rc=$?
    [ "$rc" = 0 ] || fail "exit status $rc: $out"
    grep -q "No display found" <<<"$out" || fail "does not say why no window opens: $out"
    grep -q "Bottleneck" <<<"$out" || fail "does not print the analysis: $out"
    grep -q "Screenshot of the main window on that design: $shot" <<<"$out" || fail "does not name the screenshot: $out"
    [ -s "$shot" ] || fail "no screenshot at $shot"
    head -c 8 "$shot" | od -An -c | grep -q "P   N   G" || fail "$shot is not a PNG"
    grep -q "xvfb-run -a" <<<"$out" || fail "does not say how to open the interactive app: $out"
    grep -q "ssh -X" <<<"$out" || fail "does not mention X forwarding: $out"
    # Qt's offscreen platform warned "This plugin does not support propagateSizeHints()" three times.
    ! grep -q "propagateSizeHints" <<<"$out" || fail "prints Qt's offscreen size-hint warnings: $out"
    ;;
*) fail "unknown mode $mode" ;;
esac
echo "ok: $mode"
