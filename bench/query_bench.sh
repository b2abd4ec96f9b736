#!/usr/bin/env bash
# A Realm Query Language filter + sort over 1e6 objects through the store, against the same
# query hand-written in SQL and run by the sqlite3 shell on the same file: wall time, ratio.
#
# env: RUNS=7, QUERY_BENCH_COUNT=1000000 (objects in the store)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/query"
rm -rf "$work"; mkdir -p "$work"
count=${QUERY_BENCH_COUNT:-1000000}
db="$work/items.sqlite"
echo "query: filling $count objects" >&2
fill_start=$(date +%s.%N)
"$BIN/realm-store-tool" bench-query-fill "$db" "$count"
fill_seconds=$(awk -v a="$fill_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}')
rql="age >= 30 AND age < 60 AND city != 'Lima' SORT(score DESC)"
sql="SELECT _key FROM \"Item\" WHERE age >= 30 AND age < 60 AND city != 'Lima' ORDER BY score DESC, _key;"
# Same rows, same order, before timing anything.
"$BIN/realm-store-tool" bench-query "$db" "$rql" > "$work/store.out"
sqlite3 "$db" "$sql" > "$work/sqlite.out"
cmp -s "$work/store.out" "$work/sqlite.out" || { echo "query: the store and sqlite3 disagree" >&2; exit 1; }
rows=$(wc -l < "$work/store.out")
# The store's own connection settings (Store.configure), for the third row.
pragmas="PRAGMA cache_size=-65536;"
runs=${RUNS:-7}
for i in $(seq $runs); do
    measure "$work/store.t" "$work/store.rss" "$BIN/realm-store-tool" bench-query "$db" "$rql"
    measure "$work/sqlite.t" "$work/sqlite.rss" sqlite3 "$db" "$sql"
    measure "$work/pragma.t" "$work/pragma.rss" sqlite3 "$db" "$pragmas $sql"
    echo "query run $i/$runs" >&2
done
store=$(median "$work/store.t")
shell=$(median "$work/sqlite.t")
pragma=$(median "$work/pragma.t")
ratio=$(ratio "$store" "$shell")
pragma_ratio=$(ratio "$store" "$pragma")
cat <<MD
## Realm Query Language: filter + sort over $count objects

\`realm-store-tool bench-query\` runs \`$rql\` through \`Store.forEachMatch\` (parse, type check,
compile to SQL with bound parameters, step, print every key) against the \`sqlite3\` shell running
the same query written by hand: \`$sql\`. Both print the $rows matching keys to /dev/null; the
outputs are checked identical first. Release build, $runs alternating runs, median wall time
including process start. (Filling the store through the dynamic API took $fill_seconds s.)

| | wall time (median) | peak RSS (median) |
| --- | --- | --- |
| store (RQL) | $store s | $(( $(median "$work/store.rss") / 1024 )) MiB |
| sqlite3 shell (hand-written SQL) | $shell s | $(( $(median "$work/sqlite.rss") / 1024 )) MiB |
| sqlite3 shell, same SQL, with the store's pragmas | $pragma s | $(( $(median "$work/pragma.rss") / 1024 )) MiB |
| **ratio store / sqlite3** | **${ratio}×** (goal ≤ 1.2×) | |
| ratio store / sqlite3 with the store's pragmas | ${pragma_ratio}× | |

The store's connection runs with a 64 MB page cache (\`Store\`'s
configuration, for imports); the third row runs the hand-written SQL under the same settings, so
the difference between the two ratios is the connection's configuration, not the query compiler.
MD
