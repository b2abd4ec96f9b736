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
# env: REALM_SIZES="100000 1000000" (people; REALM_N sets the first size, the only one with
#      BENCH_QUICK=1, which makes it 2000), RUNS=5 (runs per contender and size; BENCH_QUICK=1: 1),
#      REALM_FILE (measures that file alone instead of written ones)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
default_runs=5
[ -n "${BENCH_QUICK:-}" ] && default_runs=1
RUNS=${RUNS:-$default_runs}
first=${REALM_N:-100000}
[ -n "${BENCH_QUICK:-}" ] && first=${REALM_N:-2000}
default_sizes="$first 1000000"
[ -n "${BENCH_QUICK:-}" ] && default_sizes=$first
read -r -a sizes <<< "${REALM_SIZES:-$default_sizes}"
[ -n "${REALM_FILE:-}" ] && sizes=(file)
work="$BENCH_OUT/realm"
mkdir -p "$work"
rows=""
notes=""
mib() { echo $(( $(median "$1") / 1024 )); }

for n in "${sizes[@]}"; do
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
    rm -f "$work"/people.sqlite* "$work"/people-*.realm
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
objects=$(grep -o '"_id"' "$work/all.json" | wc -l)
label=$n; [ -n "${REALM_FILE:-}" ] && label=$(basename "$input")
rows+="| $label | $(( $(stat -L -c %s "$input") / 1024 / 1024 )) MiB, $objects objects | $realm_t s, $realm_c s CPU, $(mib "$work/realm.rss") MiB | $bson_t s, $bson_c s CPU, $(mib "$work/bson.rss") MiB | $json_t s, $json_c s CPU, $(mib "$work/json.rss") MiB | **$(ratio "$realm_t" "$bson_t")×** | $(ratio "$realm_c" "$bson_c")× |"$'\n'
notes+="- $label: $origin; $same. Realm ÷ BSON wall per run: $(paste -d/ "$work/realm.t" "$work/bson.t" | awk -F/ '{printf "%s%.2f", (NR > 1 ? ", " : ""), ($2 > 0 ? $1 / $2 : 0)}')"$'\n'
rm -f "$work"/*.sqlite* "$work"/*.check.json
done

cat <<MD
## realm-import of a Realm file

A Realm file of \`bench/gen_people.py\` people (and their dogs), written by \`realm-export --type realm\`
from a store of them, imported into a new store with the schema \`realm-schema extract\` wrote for
it, against the same objects as BSON (\`realm-export --type bson\`: one \`.bson\` a class) and as one
Extended JSON file. Release build, $RUNS runs per contender and size alternated, medians (wall
time, CPU time of every thread, peak RSS).

| people | Realm file | Realm import | BSON import | Extended JSON import | Realm ÷ BSON wall | Realm ÷ BSON CPU |
| --- | --- | --- | --- | --- | --- | --- |
${rows%$'\n'}

${notes%$'\n'}

The Realm reader reads the memory-mapped file one cluster leaf (up to 256 objects) at a time on
the importer's reading thread (\`RealmLeafReader\`): scalar columns, lists, sets and dictionaries
of scalars are read in place, straight into the importer's trees, and that thread also prepares
them (fields matched to properties, scalars and lists of embedded objects converted) as the BSON
reader's does, so the importer's thread does the same work for both. Links find their targets by
object key in the target class's cluster tree, keeping the last 8 leaves of each linked class,
and the reader lets the kernel take the file's pages it has read out of its resident memory every
64 leaves (\`RealmFile.releaseResidentPages\`): memory does not grow with the file.
MD
