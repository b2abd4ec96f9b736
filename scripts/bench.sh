#!/usr/bin/env bash
# Runs every benchmark section under bench/ against a release build and writes docs/BENCHMARKS.md.
# Each bench/*_bench.sh prints one Markdown section on stdout (progress on stderr); it gets the
# release binaries in $BIN and a scratch directory in $BENCH_OUT.
#
#   scripts/bench.sh              every section
#   scripts/bench.sh codegen      only bench/codegen_bench.sh (docs/BENCHMARKS.md keeps the
#                                 other sections' last results)
set -euo pipefail
cd "$(dirname "$0")/.."

[ -n "${BENCH_SKIP_BUILD:-}" ] || swift build -c release -Xswiftc -warnings-as-errors >&2
export BIN="$(swift build -c release --show-bin-path)"
export BENCH_OUT="$PWD/bench-out"
mkdir -p "$BENCH_OUT" docs

report="$BENCH_OUT/BENCHMARKS.md"
{
    echo "# Benchmarks"
    echo
    echo "Written by \`make bench\` on $(date -u +%Y-%m-%d). Machine: $(nproc) cores,"
    echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
    echo "$(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(uname -sr), $(swift --version 2>/dev/null | head -1)."
    echo "The machine is shared and noisy: every number is a median of several runs, and comparisons"
    echo "are ratios measured in the same run, alternating the contenders."
    for section in bench/*_bench.sh; do
        name="$(basename "$section" _bench.sh)"
        echo
        if [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]; then
            bash "$section" | tee "$BENCH_OUT/section-$name.md"
        elif [ -f "$BENCH_OUT/section-$name.md" ]; then
            cat "$BENCH_OUT/section-$name.md"
        else
            echo "## $name"; echo; echo "(not run yet: \`scripts/bench.sh $name\`)"
        fi
    done
} > "$report"
cp "$report" docs/BENCHMARKS.md
echo "wrote docs/BENCHMARKS.md" >&2
