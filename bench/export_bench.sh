#!/usr/bin/env bash
# realm-export of bench/gen_people.py's Person data (1e5 and 1e6 people) versus `sqlite3 -json`
# dumping bench/limit_loader.c's normalized tables of the same data: wall time as a ratio
# measured in the same run (alternated A B A B), and realm-export's peak RSS at both sizes (it
# streams: flat). Everything it reads is in the repository.
#
# env: SIZES="100000 1000000", RUNS=3
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
read -r -a sizes <<< "${SIZES:-100000 1000000}"
work="$BENCH_OUT/export"
mkdir -p "$work"
cc -O2 -o "$work/limit_loader" "$ROOT/bench/limit_loader.c" -ljansson -lsqlite3
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
sqlite_dump='SELECT * FROM person; SELECT * FROM person_tags; SELECT * FROM person_attributes;
SELECT * FROM dog; SELECT * FROM dog_toys; SELECT * FROM person_dogs;'

rows=""
for n in "${sizes[@]}"; do
    data="$work/people-$n.ndjson"
    people_data "$n" "$data"
    rm -f "$work"/store-$n.sqlite* "$work"/limit-$n.sqlite*
    echo "export: loading $n people" >&2
    "$BIN/realm-import" --store "$work/store-$n.sqlite" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    "$work/limit_loader" "$work/limit-$n.sqlite" < "$data"
    rm -f "$work"/*.t "$work"/*.rss
    for i in $(seq "$RUNS"); do
        measure "$work/export.t" "$work/export.rss" "$BIN/realm-export" --store "$work/store-$n.sqlite" -o "$work/out.json"
        measure "$work/sqlite.t" "$work/sqlite.rss" sqlite3 -json "$work/limit-$n.sqlite" "$sqlite_dump"
        echo "export: N=$n run $i/$RUNS" >&2
    done
    bytes=$(stat -c %s "$work/out.json")
    canonical_log="$work/canonical.t"; rm -f "$canonical_log" "$work/canonical.rss"
    measure "$canonical_log" "$work/canonical.rss" "$BIN/realm-export" --store "$work/store-$n.sqlite" --canonical -o "$work/out-canonical.json"
    e=$(median "$work/export.t"); s=$(median "$work/sqlite.t")
    ratio=$(ratio "$e" "$s")
    rows+="| $n | $e s | $(median "$canonical_log") s | $s s | ${ratio}x | $(( $(median "$work/export.rss") / 1024 )) MiB | $(( $(median "$work/sqlite.rss") / 1024 )) MiB | $(( bytes / 1048576 )) MiB |"$'\n'
    rm -f "$work/out.json" "$work/out-canonical.json" "$work"/store-$n.sqlite* "$work"/limit-$n.sqlite*
done
cat <<MD
## realm-export

\`bench/gen_people.py\`'s Person data (every value type, a set, a map with keys that need percent
decoding, an embedded Address, 0-3 Dogs by UUID primary key with embedded Toys), loaded with
realm-import; the reference is \`sqlite3 -json\` dumping \`bench/limit_loader.c\`'s normalized tables of the
same data (no types, no nesting, no key decoding: less work than realm-export). Release build,
median of $RUNS runs, alternated; ratio = realm-export / sqlite3 in the same run.

| people | realm-export (relaxed) | --canonical | sqlite3 -json | ratio | realm-export peak RSS | sqlite3 peak RSS | output |
| --- | --- | --- | --- | --- | --- | --- | --- |
$rows
realm-export streams: one object in memory at a time, a 64 KiB output buffer, object keys
stepped from SQLite rather than collected; compare its peak RSS across the sizes above.
MD
