#!/usr/bin/env bash
# Runs every benchmark section under bench/ against a release build and writes docs/BENCHMARKS.md.
# Each bench/*_bench.sh prints one Markdown section on stdout (progress on stderr); it gets the
# release binaries in $BIN and a scratch directory in $BENCH_OUT.
#
#   scripts/bench.sh              every section
#   scripts/bench.sh codegen      only bench/codegen_bench.sh (docs/BENCHMARKS.md keeps the
#                                 other sections' last results)
#   BENCH_QUICK=1 scripts/bench.sh   a smoke test: every section end to end on tiny inputs, one
#                                 run each, in a few minutes; the report goes to
#                                 bench-out/quick/BENCHMARKS.md only, docs/BENCHMARKS.md is left alone
#
# Everything the benchmarks read is in the repository: the Person data comes from
# bench/gen_people.py and the floor loader is bench/limit_loader.c (see bench/README.md).
#
# env (each section's defaults are the full benchmark's; BENCH_QUICK=1 makes them tiny):
#   RUNS                 runs per contender, every section (default per section: 3 to 7)
#   IMPORT_N             people for the import section (100000); IMPORT_LARGE=0 skips its
#                        1,000,000-people run; IMPORT_DOC_MB the sizes in MB of its one-document runs ("1 10 100"; 0 skips)
#   BSON_SIZES           people for the bson section ("100000 1000000"; BSON_N, else IMPORT_N,
#                        sets the first size, the only one with BENCH_QUICK=1)
#   SIZES                people for the export section ("100000 1000000")
#   STORE_SIZES          people for the store section ("100000 1000000")
#   QUERY_BENCH_COUNT    objects for the query section (1000000)
#   TYPED_COUNT          objects for the typed-API section (100000)
#   RESULTS_SIZES        objects for the Results section ("100000 1000000"); RESULTS_TIMEOUT
#                        seconds one question may take before it counts as a timeout (60)
#   VERSIONS_COUNT       repetitions per operation in the versions section (2000)
#   CHANGESET_COUNT      objects for the changeset section (100000); CHANGESET_WRITES changed (1000)
#   NOTIFY_COMMITS       commits watched in the notify section (500; NOTIFY_PAUSE_MS apart, 20);
#                        NOTIFY_N people for its change-log cost runs (100000), NOTIFY_COST_RUNS
#                        alternated pairs of them (11)
#   CODEGEN_MODELS       models in the codegen section's schema (1000)
#   CSV_N                people for the CSV section (100000)
#   VALIDATE_MODELS      models in the codegen section's large schema for validate (100000)
#   VALIDATE_KEYS        keys of the codegen section's one large mapping for validate (40000)
#   SOAK_SECONDS         how long the soak section runs its processes on one store (600)
#   GEO_N                places for the GEOWITHIN section (100000)
#   BENCH_SKIP_BUILD=1   use the existing release build
# Sections not named on the command line keep what docs/BENCHMARKS.md has for them (each section
# follows a `<!-- bench section: NAME -->` marker there), so `scripts/bench.sh export` re-runs one.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${BENCH_QUICK:-}" ]; then
    export RUNS=${RUNS:-1} IMPORT_N=${IMPORT_N:-2000} IMPORT_LARGE=${IMPORT_LARGE:-0} IMPORT_DOC_MB=${IMPORT_DOC_MB:-1} \
        SIZES=${SIZES:-2000} STORE_SIZES=${STORE_SIZES:-2000} QUERY_BENCH_COUNT=${QUERY_BENCH_COUNT:-2000} \
        TYPED_COUNT=${TYPED_COUNT:-2000} RESULTS_SIZES=${RESULTS_SIZES:-"1000 2000"} VERSIONS_COUNT=${VERSIONS_COUNT:-50} \
        CODEGEN_MODELS=${CODEGEN_MODELS:-50} CHANGESET_COUNT=${CHANGESET_COUNT:-2000} CHANGESET_WRITES=${CHANGESET_WRITES:-20} \
        NOTIFY_COMMITS=${NOTIFY_COMMITS:-50} NOTIFY_N=${NOTIFY_N:-2000} NOTIFY_COST_RUNS=${NOTIFY_COST_RUNS:-2} \
        VALIDATE_MODELS=${VALIDATE_MODELS:-200} VALIDATE_KEYS=${VALIDATE_KEYS:-200} \
        SOAK_SECONDS=${SOAK_SECONDS:-10}
    export CSV_N=${CSV_N:-2000}
    export GEO_N=${GEO_N:-2000}
fi

[ -n "${BENCH_SKIP_BUILD:-}" ] || swift build -c release -Xswiftc -warnings-as-errors >&2
export BIN="$(swift build -c release --show-bin-path)"
export BENCH_OUT="$PWD/bench-out${BENCH_QUICK:+/quick}"   # quick results never mix with real ones
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
        echo "<!-- bench section: $name -->"
        if [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]; then
            bash "$section" | tee "$BENCH_OUT/section-$name.md"
        elif [ -f "$BENCH_OUT/section-$name.md" ]; then
            cat "$BENCH_OUT/section-$name.md"
        elif [ -z "${BENCH_QUICK:-}" ] && grep -q "^<!-- bench section: $name -->\$" docs/BENCHMARKS.md 2>/dev/null; then
            # Not run now: keep what the last run wrote (the lines after this section's marker up
            # to the next marker, less the blank line that separates sections).
            awk -v marker="<!-- bench section: $name -->" '
                $0 == marker { inside = 1; next }
                inside && /^<!-- bench section: / { exit }
                inside { lines[n++] = $0 }
                END { while (n > 0 && lines[n - 1] == "") n--; for (i = 0; i < n; i++) print lines[i] }
            ' docs/BENCHMARKS.md
        else
            echo "## $name"; echo; echo "(not run yet: \`scripts/bench.sh $name\`)"
        fi
    done
} > "$report"
if [ -n "${BENCH_QUICK:-}" ]; then
    echo "quick mode: wrote $report (docs/BENCHMARKS.md not changed)" >&2
else
    cp "$report" docs/BENCHMARKS.md
    echo "wrote docs/BENCHMARKS.md" >&2
fi
