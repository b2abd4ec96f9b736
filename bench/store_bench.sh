#!/usr/bin/env bash
# Store insert benchmark: bench/gen_people.py's Person data inserted through RealmEngine's
# dynamic API (realm-store-tool bench-insert) versus bench/limit_loader.c (jansson + prepared
# sqlite3 inserts of the same rows into normalized tables, one transaction). Everything it
# reads is in the repository.
#
# usage: bench/store_bench.sh [N ...]          (default: $STORE_SIZES, else 100000 1000000)
# env:   RUNS=5 (runs per side, alternated A B A B ...), STORE_SIZES="100000 1000000",
#        OUT=$BENCH_OUT/store (bench-out/store), SCRATCH=.build-store (SwiftPM scratch path for the release build),
#        TOOL=path (an already built realm-store-tool; skips the build), ATOMIC=1 (see below)
#
# What is compared (printed again below the numbers):
# - limit_loader: wall and CPU time of the whole run, which includes its JSON parsing
#   (jansson) and the commit. A jansson parse-only pass over the same file (the first loop of
#   limit_loader, compiled from the C source below) gives the parse share, so
#   "limit insert CPU" = limit CPU - jansson parse CPU.
# - realm-store-tool bench-insert streams the NDJSON in chunks of 10,000 lines, converts each
#   chunk to InputValue trees with Foundation's JSONSerialization ("parse", timed apart), then
#   creates the objects with Store.create(_:value:update: .all) and commits ("insert", wall
#   and CPU). It runs like realm-import, without a savepoint per create
#   (atomicOperations = false); ATOMIC=1 measures the default, atomic mode.
# - Ratios: insert CPU / limit insert CPU (like for like: neither side parses), and insert
#   wall / limit wall (the store side without parsing, the limit side with it).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/stats.sh"    # people_data, ratio, build_limit_loader (this script keeps its own median below)
OUT=${OUT:-${BENCH_OUT:-$ROOT/bench-out}/store}
SCRATCH=${SCRATCH:-$ROOT/.build-store}
RUNS=${RUNS:-5}
ATOMIC=${ATOMIC:-0}
SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && read -r -a SIZES <<< "${STORE_SIZES:-100000 1000000}"
mkdir -p "$OUT"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time for peak-memory numbers" >&2
    apt-get install -y time >/dev/null
fi

cd "$ROOT"
if [ -z "${TOOL:-}" ] && [ -n "${BIN:-}" ]; then
    TOOL="$BIN/realm-store-tool"     # run from scripts/bench.sh: the release build is there
fi
if [ -z "${TOOL:-}" ]; then
    echo "building realm-store-tool (release)" >&2
    swift build -c release --scratch-path "$SCRATCH" --product realm-store-tool >&2
    TOOL="$SCRATCH/release/realm-store-tool"
fi
build_limit_loader "$OUT"
cat > "$OUT/parse_only.c" <<'C'
/* limit_loader's parsing alone: json_loadb per line, then json_decref. */
#include <jansson.h>
#include <stdio.h>
int main(void) {
    char *line = NULL; size_t cap = 0; ssize_t len; long rows = 0;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        json_error_t err; json_t *p = json_loadb(line, len, 0, &err);
        if (!p) return 1;
        json_decref(p); rows++;
    }
    fprintf(stderr, "%ld\n", rows);
    return 0;
}
C
cc -O2 -o "$OUT/parse_only" "$OUT/parse_only.c" -ljansson
ATOMIC_FLAG=()
[ "$ATOMIC" = 1 ] && ATOMIC_FLAG=(--atomic)

python3 "$ROOT/bench/gen_people.py" 0 --schema "$OUT/people.yaml" >/dev/null

wall() { sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'; }
rss() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"; }
cpu() { awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$1"; }
median() { python3 -c 'import sys, statistics; print("%.3f" % statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

echo "## RealmEngine inserts through the dynamic Store API vs limit_loader"
echo
echo "\`bench/gen_people.py\`'s Person data inserted with \`Store.create\` (realm-store-tool bench-insert) versus"
echo "\`bench/limit_loader.c\` doing the same inserts with prepared statements. Goal: <= 1.3x."
echo
echo '```'
echo "machine: $(nproc) cores, $(sed -n 's/model name\s*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "sqlite $(pkg-config --modversion sqlite3), runs per side: $RUNS (alternated), store mode: $([ "$ATOMIC" = 1 ] && echo "atomic (savepoint per create)" || echo "bulk (atomicOperations = false)")"
for N in "${SIZES[@]}"; do
    DATA="$OUT/people-$N.ndjson"
    people_data "$N" "$DATA"
    limit_wall=(); limit_cpu=(); limit_rss=(); parse_cpu=(); store_wall=(); store_rss=(); store_insert=(); store_cpu=(); store_parse=()
    for run in $(seq "$RUNS"); do
        rm -f "$OUT"/limit.sqlite* "$OUT"/store.sqlite*
        /usr/bin/time -v -o "$OUT/time-limit.txt" "$OUT/limit_loader" "$OUT/limit.sqlite" < "$DATA" 2>/dev/null
        limit_wall+=("$(wall "$OUT/time-limit.txt")"); limit_rss+=("$(rss "$OUT/time-limit.txt")"); limit_cpu+=("$(cpu "$OUT/time-limit.txt")")
        /usr/bin/time -v -o "$OUT/time-parse.txt" "$OUT/parse_only" < "$DATA" 2>/dev/null
        parse_cpu+=("$(cpu "$OUT/time-parse.txt")")
        /usr/bin/time -v -o "$OUT/time-store.txt" "$TOOL" bench-insert "$OUT/store.sqlite" "$OUT/people.yaml" "$DATA" Person "${ATOMIC_FLAG[@]}" > "$OUT/store-out.txt"
        store_wall+=("$(wall "$OUT/time-store.txt")"); store_rss+=("$(rss "$OUT/time-store.txt")")
        store_insert+=("$(sed -n 's/^insert_seconds //p' "$OUT/store-out.txt")")
        store_cpu+=("$(sed -n 's/^insert_cpu_seconds //p' "$OUT/store-out.txt")")
        store_parse+=("$(sed -n 's/^parse_seconds //p' "$OUT/store-out.txt")")
        echo "  N=$N run $run: limit ${limit_wall[-1]}s (cpu ${limit_cpu[-1]}s, jansson ${parse_cpu[-1]}s), store insert ${store_insert[-1]}s (cpu ${store_cpu[-1]}s, parse ${store_parse[-1]}s, wall ${store_wall[-1]}s)" >&2
    done
    lw=$(median "${limit_wall[@]}"); lc=$(median "${limit_cpu[@]}"); pc=$(median "${parse_cpu[@]}")
    si=$(median "${store_insert[@]}"); sc=$(median "${store_cpu[@]}"); sp=$(median "${store_parse[@]}"); sw=$(median "${store_wall[@]}")
    lr=$(median "${limit_rss[@]}"); sr=$(median "${store_rss[@]}")
    li=$(python3 -c "print('%.3f' % ($lc - $pc))")
    echo
    echo "N = $N Person documents (medians of $RUNS)"
    echo "  limit_loader wall (parse + insert + commit):  ${lw} s   CPU ${lc} s   peak RSS $(( ${lr%.*} / 1024 )) MB"
    echo "  jansson parse alone (CPU):                     ${pc} s   -> limit insert CPU ${li} s"
    echo "  RealmEngine insert + commit (dynamic API):     ${si} s   CPU ${sc} s"
    echo "  ratio, insert CPU / limit insert CPU:          $(ratio "$sc" "$li")x   (like for like; goal <= 1.3x)"
    echo "  ratio, insert wall / limit wall:               $(ratio "$si" "$lw")x   (limit side includes its parsing)"
    echo "  bench driver JSON parse (Foundation):          ${sp} s   (not part of the store; realm-import uses jansson)"
    echo "  realm-store-tool wall (parse + insert):        ${sw} s   peak RSS $(( ${sr%.*} / 1024 )) MB"
done
echo
echo "Like-for-like ratio: CPU of the engine's creates + commit versus limit_loader's CPU minus its jansson parsing."
echo "Wall ratio: the engine's insert wall time (no parsing) versus limit_loader's whole run (with parsing)."
echo '```'
