#!/usr/bin/env bash
# realm-import of a Realm file against the same objects as BSON (mongodump's layout, what
# realm-export --type bson writes) and as Extended JSON, alternated in one run, each into a new
# store with the schema realm-schema extract wrote for the file.
#
# The input is a Realm file this project writes: bench/gen_people.py's people (REALM_N of them,
# with their dogs) imported into a store, then `realm-export --type realm`. REALM_FILE=PATH
# measures another Realm file instead (e.g. Tests/Fixtures/realm-core/people-1000.realm, which
# realm-core 14.14 wrote).
#
# env: REALM_N=100000 (BENCH_QUICK=1: 2000), RUNS=5 (runs per contender; BENCH_QUICK=1: 1),
#      REALM_FILE (default: written from REALM_N people)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
default_runs=5
[ -n "${BENCH_QUICK:-}" ] && default_runs=1
RUNS=${RUNS:-$default_runs}
n=${REALM_N:-100000}
[ -n "${BENCH_QUICK:-}" ] && n=${REALM_N:-2000}
work="$BENCH_OUT/realm"
fresh_timings "$work"
if [ -n "${REALM_FILE:-}" ]; then
    input=$REALM_FILE
    origin="a file given as REALM_FILE"
else
    # The people as a Realm file, written by realm-export --type realm from a store of them.
    mkdir -p "$BENCH_OUT/export"
    data="$BENCH_OUT/export/people-$n.ndjson"
    people_data "$n" "$data"
    python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
    rm -f "$work"/people.sqlite*
    echo "realm: loading $n people" >&2
    "$BIN/realm-import" --store "$work/people.sqlite" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    input="$work/people-$n.realm"
    "$BIN/realm-export" --store "$work/people.sqlite" --type realm -o "$input"
    rm -f "$work"/people.sqlite*
    origin="written by \`realm-export --type realm\` from a store of $n \`bench/gen_people.py\` people"
fi

# The same objects as BSON and JSON, from a store imported from the file.
rm -rf "$work/bson" "$work"/*.sqlite* "$work/schema"
"$BIN/realm-schema" extract "$input" -o "$work/schema" >/dev/null
schema=$(ls "$work/schema"/*.yaml)
"$BIN/realm-import" --store "$work/source.sqlite" --quiet "$input"
"$BIN/realm-export" --store "$work/source.sqlite" --type bson -o "$work/bson" 2>/dev/null
"$BIN/realm-export" --store "$work/source.sqlite" -o "$work/all.json"
bson_files=("$work"/bson/*.bson)

for run in $(seq "$RUNS"); do
    rm -f "$work"/realm.sqlite* "$work"/bsonin.sqlite* "$work"/json.sqlite*
    measure "$work/realm.t" "$work/realm.rss" "$BIN/realm-import" --store "$work/realm.sqlite" --schema "$schema" \
        --quiet "$input"
    measure "$work/bson.t" "$work/bson.rss" "$BIN/realm-import" --store "$work/bsonin.sqlite" --schema "$schema" \
        --quiet "${bson_files[@]}"
    measure "$work/json.t" "$work/json.rss" "$BIN/realm-import" --store "$work/json.sqlite" --schema "$schema" \
        --quiet "$work/all.json"
    echo "realm run $run/$RUNS: Realm $(tail -1 "$work/realm.t") s, BSON $(tail -1 "$work/bson.t") s, JSON $(tail -1 "$work/json.t") s" >&2
done
# The three stores hold the same objects.
for store in bsonin json; do
    "$BIN/realm-export" --store "$work/$store.sqlite" --canonical -o "$work/$store.check.json"
done
"$BIN/realm-export" --store "$work/realm.sqlite" --canonical -o "$work/realm.check.json"
cmp -s "$work/realm.check.json" "$work/bsonin.check.json" && cmp -s "$work/realm.check.json" "$work/json.check.json" \
    && same="the three stores export to the same canonical JSON" || same="**the three stores differ** (see $work/*.check.json)"

realm_t=$(median "$work/realm.t"); bson_t=$(median "$work/bson.t"); json_t=$(median "$work/json.t")
realm_c=$(median "$work/realm.t.cpu"); bson_c=$(median "$work/bson.t.cpu"); json_c=$(median "$work/json.t.cpu")
mib() { echo $(( $(median "$1") / 1024 )); }
objects=$(grep -o '"_id"' "$work/all.json" | wc -l)
cat <<MD
## realm-import of a Realm file

\`$(basename "$input")\` ($(( $(stat -L -c %s "$input") / 1024 )) KiB, $objects top-level objects), $origin, imported into a new store
with the schema \`realm-schema extract\` wrote for it, against the same objects as BSON
(\`realm-export --type bson\`: one \`.bson\` a class) and as one Extended JSON file. Release build,
$RUNS runs per contender alternated, medians (wall time, CPU time of every thread, peak RSS);
$same. The Realm reader decodes objects on a thread of its own, class by class, from the
memory-mapped file, and hands the importer the same trees the BSON reader makes.

| input | wall | CPU | peak RSS | ÷ BSON wall |
| --- | --- | --- | --- | --- |
| Realm file | $realm_t s | $realm_c s | $(mib "$work/realm.rss") MiB | **$(ratio "$realm_t" "$bson_t")×** |
| BSON | $bson_t s | $bson_c s | $(mib "$work/bson.rss") MiB | 1.00× |
| Extended JSON | $json_t s | $json_c s | $(mib "$work/json.rss") MiB | $(ratio "$json_t" "$bson_t")× |

Issue 31 asks for 1,000,000 people as a Realm file: REALM_N=1000000 measures that (the file is
written first, by this project's writer, which streams it to disk class by class).
MD
