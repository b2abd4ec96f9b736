#!/usr/bin/env bash
# realm-export --type bson (mongodump's files: Person.bson, Dog.bson and their metadata) of
# bench/gen_people.py's people against the relaxed Extended JSON export of the same store and
# `sqlite3 -json` dumping bench/limit_loader.c's normalized tables of the same data (as the export
# section builds them): wall time as a ratio measured in the same run (alternated), peak RSS.
# Everything it reads is in the repository.
#
# env: BSONEXPORT_SIZES="100000 1000000" (BENCH_QUICK=1: 2000), RUNS=3
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
default_sizes="100000 1000000"
[ -n "${BENCH_QUICK:-}" ] && default_sizes=2000
read -r -a sizes <<< "${BSONEXPORT_SIZES:-$default_sizes}"
work="$BENCH_OUT/bsonexport"
mkdir -p "$work"
build_limit_loader "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
sqlite_dump='SELECT * FROM person; SELECT * FROM person_tags; SELECT * FROM person_attributes;
SELECT * FROM dog; SELECT * FROM dog_toys; SELECT * FROM person_dogs;'

mib() { echo $(( $(median "$1") / 1024 )); }
rows=""
for n in "${sizes[@]}"; do
    data="$BENCH_OUT/export/people-$n.ndjson"
    mkdir -p "$BENCH_OUT/export"
    people_data "$n" "$data"
    store="$work/store-$n.sqlite"
    rm -f "$store"* "$work"/limit-$n.sqlite*
    echo "bsonexport: loading $n people" >&2
    "$BIN/realm-import" --store "$store" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    "$work/limit_loader" "$work/limit-$n.sqlite" < "$data"
    rm -f "$work"/*.t "$work"/*.t.cpu "$work"/*.rss
    for i in $(seq "$RUNS"); do
        measure "$work/bson.t" "$work/bson.rss" "$BIN/realm-export" --store "$store" --type bson -o "$work/dump"
        measure "$work/json.t" "$work/json.rss" "$BIN/realm-export" --store "$store" -o "$work/out.json"
        measure "$work/sqlite.t" "$work/sqlite.rss" sqlite3 -json "$work/limit-$n.sqlite" "$sqlite_dump"
        measure "$work/omit.t" "$work/omit.rss" "$BIN/realm-export" --store "$store" --type bson --omit-empty -o "$work/sparse"
        echo "bsonexport: N=$n run $i/$RUNS: bson $(tail -1 "$work/bson.t") s, json $(tail -1 "$work/json.t") s, sqlite3 $(tail -1 "$work/sqlite.t") s" >&2
    done
    bson_bytes=$(cat "$work"/dump/*.bson | wc -c); json_bytes=$(stat -c %s "$work/out.json")
    b=$(median "$work/bson.t"); j=$(median "$work/json.t"); s=$(median "$work/sqlite.t"); o=$(median "$work/omit.t")
    bc=$(median "$work/bson.t.cpu"); jc=$(median "$work/json.t.cpu")
    rows+="| $n | $b s | $j s | $s s | **$(ratio "$b" "$j")x** | $(ratio "$b" "$s")x | $bc / $jc s ($(ratio "$bc" "$jc")x) | $o s | $(mib "$work/bson.rss") / $(mib "$work/json.rss") / $(mib "$work/sqlite.rss") MiB | $(( bson_bytes / 1048576 )) / $(( json_bytes / 1048576 )) MiB |"$'\n'
    rm -rf "$work/dump" "$work/sparse" "$work/out.json" "$store"* "$work"/limit-$n.sqlite*
done

cat <<MD
## realm-export --type bson

\`realm-export --type bson -o DIR\` (mongodump's layout: Person.bson, Dog.bson and their
metadata.json) of \`bench/gen_people.py\`'s people loaded with realm-import, against the relaxed
Extended JSON export of the same store (the multi-class form, one file) and \`sqlite3 -json\`
dumping \`bench/limit_loader.c\`'s normalized tables of the same data. Release build, median of
$RUNS runs, the contenders alternated; ratios are of medians of the same run.

| people | BSON | relaxed JSON | sqlite3 -json | BSON / JSON | BSON / sqlite3 | CPU (BSON / JSON) | BSON --omit-empty | peak RSS (BSON / JSON / sqlite3) | output (BSON / JSON) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
$rows
The BSON exporter reads a whole class as the JSON export does (\`Store.exportReader\`: one statement
for the class's rows and one per collection and per List of embedded objects, merged by owner;
integers, reals and text straight from SQLite's columns) and builds each document in a reused
buffer: memory stays flat. \`--omit-empty\` takes back each element written null or empty.
Both exports run on two threads alike (one \`ExportDriver\` and its \`ClassSpooler\`): the export is a
list of units (classes, and halves of a class of 20,000 objects or more, cut at the median of the
export order); a second thread exports the next unclaimed unit through its own read-only
connection at the same version into an unlinked temporary file, copied into the class's output
when its turn comes, while the first thread writes the others (or spools ahead while waiting).
Person is cut in two, so the wall time is about that of the larger half; CPU time is both
threads' and the copy of the spooled bytes.
MD
