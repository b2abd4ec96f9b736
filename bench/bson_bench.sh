#!/usr/bin/env bash
# realm-import of BSON (mongodump's format) against the same documents as JSON and against
# bench/limit_loader.c (jansson + prepared sqlite3 inserts, the floor), alternated in one run.
# The people come from bench/gen_people.py; pymongo's bson module (scripts/install-deps.sh)
# converts them to BSON. Import only: BSON export has a section of its own.
#
# env: RUNS=5 (runs per contender), BSON_N=100000 (people)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
N=${BSON_N:-${IMPORT_N:-100000}}
work="$BENCH_OUT/bson"
fresh_timings "$work"

build_limit_loader "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" >/dev/null
data="$work/people-$N.ndjson"
people_data "$N" "$data"
bson="$work/people-$N.bson"
[ "$bson" -nt "$data" ] || python3 -c '
import sys, bson
from bson import json_util
with open(sys.argv[1]) as text, open(sys.argv[2], "wb") as out:
    for line in text:
        if line.strip():
            out.write(bson.encode(json_util.loads(line)))
' "$data" "$bson"

for run in $(seq "$RUNS"); do
    rm -f "$work"/json.sqlite* "$work"/bson.sqlite* "$work"/limit.sqlite*
    measure "$work/bson.t" "$work/bson.rss" "$BIN/realm-import" --store "$work/bson.sqlite" --schema "$work/people.yaml" \
        --class Person --mode upsert --quiet "$bson"
    measure "$work/json.t" "$work/json.rss" "$BIN/realm-import" --store "$work/json.sqlite" --schema "$work/people.yaml" \
        --class Person --mode upsert --quiet "$data"
    measure "$work/limit.t" "$work/limit.rss" sh -c "'$work/limit_loader' '$work/limit.sqlite' < '$data'"
    echo "bson run $run/$RUNS: BSON $(tail -1 "$work/bson.t") s, JSON $(tail -1 "$work/json.t") s, limit_loader $(tail -1 "$work/limit.t") s" >&2
done

bson_t=$(median "$work/bson.t"); json_t=$(median "$work/json.t"); limit=$(median "$work/limit.t")
cat <<MD
## realm-import of BSON (mongodump) on $N people

\`bench/gen_people.py $N\` converted to BSON by pymongo: $(( $(stat -L -c %s "$bson") / 1000000 )) MB of BSON, the same
documents as $(( $(stat -L -c %s "$data") / 1000000 )) MB of canonical Extended JSON (NDJSON). \`realm-import --mode upsert\`
into a new store, release build, $RUNS runs per contender alternated, medians. BSON documents
become the importer's trees straight from their bytes (no text to parse); typing, links and
the transaction are the JSON path's.

| contender | wall time (median) | CPU time (median) | peak RSS (median) | ratio to limit_loader |
| --- | --- | --- | --- | --- |
| \`realm-import\` of the BSON file | $bson_t s | $(median "$work/bson.t.cpu") s | $(( $(median "$work/bson.rss") / 1024 )) MiB | **$(ratio "$bson_t" "$limit")×** |
| \`realm-import\` of the same documents as JSON | $json_t s | $(median "$work/json.t.cpu") s | $(( $(median "$work/json.rss") / 1024 )) MiB | $(ratio "$json_t" "$limit")× |
| \`limit_loader\` on the JSON (jansson + prepared inserts, no checks) | $limit s | $(median "$work/limit.t.cpu") s | $(( $(median "$work/limit.rss") / 1024 )) MiB | 1.00× |

BSON import takes **$(ratio "$bson_t" "$json_t")×** the wall time of JSON import and $(ratio "$(median "$work/bson.t.cpu")" "$(median "$work/json.t.cpu")")× its CPU
time (goal: clearly below 1×, 0.6× aimed at). Reading BSON costs about half what decoding the JSON
does (the reading thread), and that thread also prepares each document's nested objects (dogs,
toys) for the importer; creating the objects, the other thread's work and the larger part (about
two thirds of the samples in \`perf record\`, half of them in SQLite), is the same for both but
for the plain integers and doubles BSON gives where canonical JSON has wrappers.
MD
