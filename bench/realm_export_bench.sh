#!/usr/bin/env bash
# realm-export --type realm (a .realm file of format 24, RealmFileWriter) of bench/gen_people.py's
# people against the relaxed Extended JSON export of the same store, alternated in one run:
# medians of wall time, CPU time and peak RSS. Everything it reads is in the repository.
#
# env: REALM_EXPORT_N=100000 (BENCH_QUICK=1: 2000), RUNS=5
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
n=${REALM_EXPORT_N:-100000}
[ -n "${BENCH_QUICK:-}" ] && n=${REALM_EXPORT_N:-2000}
work="$BENCH_OUT/realm-export"
fresh_timings "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
mkdir -p "$BENCH_OUT/export"
data="$BENCH_OUT/export/people-$n.ndjson"
people_data "$n" "$data"
store="$work/store-$n.sqlite"
rm -f "$store"*
echo "realm-export: loading $n people" >&2
"$BIN/realm-import" --store "$store" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"

for run in $(seq "$RUNS"); do
    rm -f "$work/out.realm" "$work/out.json"
    measure "$work/realm.t" "$work/realm.rss" "$BIN/realm-export" --store "$store" --type realm -o "$work/out.realm"
    measure "$work/json.t" "$work/json.rss" "$BIN/realm-export" --store "$store" -o "$work/out.json"
    echo "realm-export: N=$n run $run/$RUNS: Realm $(tail -1 "$work/realm.t") s, JSON $(tail -1 "$work/json.t") s" >&2
done
# The Realm file holds the store: imported again it exports as the store does.
rm -f "$work"/back.sqlite*
"$BIN/realm-import" --store "$work/back.sqlite" --schema "$work/people.yaml" --quiet "$work/out.realm"
"$BIN/realm-export" --store "$store" --canonical -o "$work/store.check.json"
"$BIN/realm-export" --store "$work/back.sqlite" --canonical -o "$work/back.check.json"
cmp -s "$work/store.check.json" "$work/back.check.json" \
    && same="the file imported again exports to the same canonical JSON as the store" \
    || same="**the file imported again differs from the store** (see $work/*.check.json)"

mib() { echo $(( $(median "$1") / 1024 )); }
realm_t=$(median "$work/realm.t"); json_t=$(median "$work/json.t")
realm_c=$(median "$work/realm.t.cpu"); json_c=$(median "$work/json.t.cpu")
realm_bytes=$(stat -c %s "$work/out.realm"); json_bytes=$(stat -c %s "$work/out.json")
rm -f "$work"/back.sqlite* "$work"/*.check.json "$store"*
cat <<MD
## realm-export --type realm

\`realm-export --type realm -o F.realm\` (a Realm file of format 24, what realm-core 14 writes) of
$n \`bench/gen_people.py\` people (and their dogs) loaded with realm-import, against the relaxed
Extended JSON export of the same store (\`-o F.json\`). Release build, $RUNS runs each alternated,
medians; $same.

| output | wall | CPU | peak RSS | file | ÷ JSON wall |
| --- | --- | --- | --- | --- | --- |
| Realm file | $realm_t s | $realm_c s | $(mib "$work/realm.rss") MiB | $(( realm_bytes / 1048576 )) MiB | **$(ratio "$realm_t" "$json_t")×** |
| Extended JSON | $json_t s | $json_c s | $(mib "$work/json.rss") MiB | $(( json_bytes / 1048576 )) MiB | 1.00× |

The Realm export reads each class once in insertion order (\`Store.forEachObjectWithValues\`, one
thread), converts every value and hands it to \`RealmFileWriter\`, which holds **every object and
then the whole file image in memory** until it writes the file (a temporary file beside the
destination, flushed and renamed): its peak RSS grows with the store, unlike the JSON export's,
which streams. Links are resolved through one sorted array of object keys per linked class.
Issue 32 asks for bounded memory and for no more time than the JSON export at 1,000,000 people:
read the table against that.
MD
