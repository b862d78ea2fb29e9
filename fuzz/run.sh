#!/usr/bin/env bash
# Builds the fuzz targets with clang (libFuzzer + AddressSanitizer + UBSan, in build-fuzz/)
# and runs each for a fixed number of executions, starting from its seed corpus.
#   bash fuzz/run.sh [TARGET...]      every target (fuzz_*) when none is named, e.g. design
# Options through the environment:
#   FUZZ_RUNS      executions per target (default 20000; .ci/run sets 3000)
#   FUZZ_SEED      libFuzzer's random seed (default 1, so CI runs are reproducible)
#   FUZZ_TIMEOUT   seconds one input may take before it counts as a hang (default 10)
#   FUZZ_BUILD_DIR build folder (default build-fuzz); JOBS parallel compile jobs (default: all cores)
#   FUZZ_TESTS=ON  also build model_tests in the same instrumented tree and run them (ctest) under
#                  ASan + UBSan with leak detection: .ci/run's sanitizer pass, which so compiles
#                  model/ once for both (clang -O1; `SANITIZE=1 bash packaging/dev.sh test` is the
#                  GCC build of everything, GUI included)
# New inputs that reach new code are kept in BUILD_DIR/fuzz/corpus/TARGET between runs; a
# crash, hang or leak stops the target, is saved as BUILD_DIR/fuzz/artifacts/TARGET-*, and
# makes the script exit 1 after the other targets ran.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
runs="${FUZZ_RUNS:-20000}"
seed="${FUZZ_SEED:-1}"
timeout_s="${FUZZ_TIMEOUT:-10}"
dir="${FUZZ_BUILD_DIR:-build-fuzz}"
jobs="${JOBS:-$(nproc)}"

if ! command -v clang++ >/dev/null; then
    echo "fuzz/run.sh: clang++ not found; install the packages of packaging/deps.txt (bash packaging/dev.sh test does)" >&2
    exit 2
fi

echo "== fuzz: build (clang, libFuzzer, ASan + UBSan) in $dir =="
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCD_BUILD_FUZZERS=ON -DCD_BUILD_GUI=OFF -DCD_BUILD_TESTS="${FUZZ_TESTS:-OFF}" -DCD_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$dir" -j "$jobs"
if [ "${FUZZ_TESTS:-OFF}" = "ON" ]; then
    echo "== fuzz: model_tests, every seed and replay input once (ctest, ASan + UBSan, leak detection) =="
else
    echo "== fuzz: every seed and replay input once (ctest) =="
fi
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" \
LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$here/packaging/lsan.supp:print_suppressions=0}" \
UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    ctest --test-dir "$dir" --output-on-failure -j "$jobs"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for s in "$dir"/fuzz/fuzz_*.seeds; do
        t="$(basename "$s" .seeds)"
        targets+=("${t#fuzz_}")
    done
fi

# Readable stack traces in crash reports (package llvm).
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ] && command -v llvm-symbolizer >/dev/null; then
    export ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
for t in "${targets[@]}"; do
    exe="$dir/fuzz/fuzz_$t"
    [ -x "$exe" ] || { echo "fuzz/run.sh: no target fuzz_$t" >&2; exit 2; }
    corpus="$dir/fuzz/corpus/$t"
    seeds="$dir/fuzz/seeds/$t"
    artifacts="$dir/fuzz/artifacts"
    log="$dir/fuzz/$t.log"
    mkdir -p "$corpus" "$artifacts"
    rm -rf "$seeds" && mkdir -p "$seeds"
    # Seeds are copied under unique names (two folders may hold files of the same name).
    i=0
    while read -r f; do
        [ -n "$f" ] || continue
        cp "$f" "$seeds/$(printf '%04d' "$i")-$(basename "$f")"
        i=$((i + 1))
    done < "$dir/fuzz/fuzz_$t.seeds"
    mapfile -t opts < <(grep -v '^$' "$dir/fuzz/fuzz_$t.options" || true)
    echo "== fuzz: $t, $runs executions from $i seeds (+$(ls "$corpus" | wc -l) kept inputs) =="
    start=$SECONDS
    if "$exe" "${opts[@]}" -runs="$runs" -seed="$seed" -timeout="$timeout_s" -rss_limit_mb=2560 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$t-" "$corpus" "$seeds" >"$log" 2>&1; then
        execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
        echo "   ok: $execs executions in $((SECONDS - start)) s, no crash, hang or leak"
    else
        echo "   FAILED: $t (log $log)"
        grep -E 'ERROR|SUMMARY|runtime error|Test unit written|fuzz check failed|terminate' "$log" | head -20 || true
        tail -40 "$log"
        failed+=("$t")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failures in ${failed[*]}; reproduce with $dir/fuzz/fuzz_TARGET ARTIFACT" >&2
    exit 1
fi
