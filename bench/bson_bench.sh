#!/usr/bin/env bash
# realm-import of BSON (mongodump's format) against the same documents as JSON and against
# bench/limit_loader.c (jansson + prepared sqlite3 inserts, the floor), alternated in one run.
# The people come from bench/gen_people.py; pymongo's bson module (scripts/install-deps.sh)
# converts them to BSON. Import only: BSON export has a section of its own.
#
# env: RUNS=5 (runs per contender), BSON_SIZES="100000 1000000" (people; BSON_N, else IMPORT_N, names
# the first size; BENCH_QUICK=1: that size alone)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
first=${BSON_N:-${IMPORT_N:-100000}}
default_sizes="$first 1000000"
[ -n "${BENCH_QUICK:-}" ] && default_sizes=$first
read -r -a sizes <<< "${BSON_SIZES:-$default_sizes}"
work="$BENCH_OUT/bson"
fresh_timings "$work"

build_limit_loader "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" >/dev/null

mib() { echo $(( $(median "$1") / 1024 )); }
rows=""
ratios=""
for N in "${sizes[@]}"; do
    rm -f "$work"/*-"$N".t* "$work"/*-"$N".rss
    data="$work/people-$N.ndjson"
    people_data "$N" "$data"
    bson="$work/people-$N.bson"
    # Written through FILE.part, as people_data writes its files: a bench running in another
    # checkout that shares the data never sees a half-written file.
    [ "$bson" -nt "$data" ] || { python3 -c '
import sys, bson
from bson import json_util
with open(sys.argv[1]) as text, open(sys.argv[2], "wb") as out:
    for line in text:
        if line.strip():
            out.write(bson.encode(json_util.loads(line)))
' "$data" "$bson.part" && mv "$bson.part" "$bson"; }

    pairs=""
    for run in $(seq "$RUNS"); do
        rm -f "$work"/json.sqlite* "$work"/bson.sqlite* "$work"/limit.sqlite*
        measure "$work/bson-$N.t" "$work/bson-$N.rss" "$BIN/realm-import" --store "$work/bson.sqlite" \
            --schema "$work/people.yaml" --class Person --mode upsert --quiet "$bson"
        measure "$work/json-$N.t" "$work/json-$N.rss" "$BIN/realm-import" --store "$work/json.sqlite" \
            --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
        measure "$work/limit-$N.t" "$work/limit-$N.rss" sh -c "'$work/limit_loader' '$work/limit.sqlite' < '$data'"
        pair="$(ratio "$(tail -1 "$work/bson-$N.t")" "$(tail -1 "$work/json-$N.t")")/$(ratio "$(tail -1 "$work/bson-$N.t.cpu")" "$(tail -1 "$work/json-$N.t.cpu")")"
        pairs="$pairs${pairs:+, }$pair"
        echo "bson $N run $run/$RUNS: BSON $(tail -1 "$work/bson-$N.t") s, JSON $(tail -1 "$work/json-$N.t") s, limit_loader $(tail -1 "$work/limit-$N.t") s" >&2
    done
    rm -f "$work"/json.sqlite* "$work"/bson.sqlite* "$work"/limit.sqlite*

    bson_t=$(median "$work/bson-$N.t"); json_t=$(median "$work/json-$N.t"); limit=$(median "$work/limit-$N.t")
    bson_c=$(median "$work/bson-$N.t.cpu"); json_c=$(median "$work/json-$N.t.cpu")
    rows="$rows| $N | $(( $(stat -L -c %s "$bson") / 1000000 )) MB / $(( $(stat -L -c %s "$data") / 1000000 )) MB \
| $bson_t s, $bson_c s CPU, $(mib "$work/bson-$N.rss") MiB | $json_t s, $json_c s CPU, $(mib "$work/json-$N.rss") MiB \
| $limit s, $(mib "$work/limit-$N.rss") MiB | **$(ratio "$bson_t" "$json_t")×** | $(ratio "$bson_c" "$json_c")× \
| $(ratio "$bson_t" "$limit")× |
"
    ratios="$ratios
- $N people: $pairs"
done

cat <<MD
## realm-import of BSON (mongodump)

\`bench/gen_people.py N\` converted to BSON by pymongo, against the same documents as canonical
Extended JSON (NDJSON) and \`limit_loader\` on that JSON (jansson + prepared inserts, no checks).
\`realm-import --mode upsert\` into a new store, release build, $RUNS runs per contender
alternated, medians (wall time, CPU time of every thread, peak RSS). BSON documents become the
importer's trees straight from their bytes (no text to parse); typing, links and the
transaction are the JSON path's.

| people | BSON / JSON size | BSON import | JSON import | limit_loader | BSON ÷ JSON wall | BSON ÷ JSON CPU | BSON ÷ limit_loader |
| --- | --- | --- | --- | --- | --- | --- | --- |
$rows
BSON ÷ JSON wall/CPU time of each alternated pair of runs:
$ratios

Import runs on two threads: the reading thread decodes each document and prepares it (matches
fields to properties, converts scalars and, for BSON only, whole lists of embedded objects such
as a dog's toys); the importer's thread converts the rest, creates the objects and writes them
to SQLite. JSON import is bound by its reading thread (it parses text); BSON import, whose
reading costs about half as much, by the importer's thread. In \`perf record\` of the BSON import
of 100,000 people, that thread has two thirds of the samples: half of them SQLite (b-tree seeks
and inserts, about 12 rows and 16 b-tree entries per person; the rows of a list, set or map go
in as multi-row \`INSERT\`s, with \`OR FAIL\` for new lists and maps so that SQLite keeps no
statement journal; texts and blobs up to 40 bytes are copied into a slot the statement owns
and bound from there, longer ones bound where they are, so SQLite copies none), the rest spread
thinly over converting, inserting and bookkeeping (no function above 5%). Finished documents go back to the
reading thread, which frees them. The primary-key filter that spares new objects the SQL
lookup of their key is a blocked Bloom filter (one cache line per probe) growing to 16 MiB, so
it still answers "no" past a million keys; capped at 2 MiB it answered "maybe" for about a
quarter of the last new Dogs of 1,000,000 people (1.2 million), each a lookup in the index of
random UUIDs.

About one dog in five that gen_people.py writes repeats an earlier dog (same \`_id\`, same content).
Under \`--mode upsert\` realm-import links such a repeat to the dog it inserted earlier in the same run
instead of updating it and re-creating its toys (docs/relationships.md, section 6), for JSON and
BSON alike; a file without repeats gains nothing from that.

The BSON reading thread writes the text of the typed leaves (ObjectId, date, decimal128,
binary) straight into jansson's strings, skips jansson's UTF-8 check for ASCII names and
strings, and decodes decimal text, map keys and \`\$binary\` UUIDs without intermediate
\`String\`s: in alternated \`perf record\` runs of 100,000 people (20 each, on a machine shared
with two builds) its CPU time went from 1.77 s to 1.29 s (medians; median ratio of the pairs
0.78), leaving room for work moved to it from the importer's thread.

At 1,000,000 people BSON import is bound by the importer's thread and JSON import by both of
its threads, about equally busy; the SQLite half of the importer's work grows with the store
(each Dog's insert seeks a random place in the index of 1.2 million UUIDs: about 4.4 µs per
insert against 2.9 µs at 100,000 people, \`sqlite3_step\` timed through an \`LD_PRELOAD\` shim). BSON import is ahead there only by as much as the importer's thread costs less
than JSON's reading thread. That thread was cut from about 116,000 to 97,000 instructions per
person (callgrind, 20,000 BSON people): rows bound straight into the insert statement without
an array of values, short texts and blobs bound from the statement's own slots, repeat records
in an open-addressing table hashed like the primary-key filter, class counts kept in the class
plans, an object's fields starting from the inputs the reading thread prepared. Measured per
thread on a quiet machine (2 runs each, 1,000,000 people): BSON's importer thread 20.1 / 21.6 s
CPU, its reading thread 13.4 / 13.6 s; JSON's importer thread 23.8 / 24.8 s and its reading
thread 24.2 / 25.2 s.
MD
