#!/usr/bin/env bash
# realm-export --type realm (a .realm file of format 24, RealmFileStreamWriter) of
# bench/gen_people.py's people against the relaxed Extended JSON export of the same store,
# alternated in one run, at REALM_EXPORT_N people (RUNS runs each) and at REALM_EXPORT_LARGE people
# (LARGE_RUNS runs each): medians of wall time, CPU time and peak RSS. Everything it reads is in
# the repository.
#
# env: REALM_EXPORT_N=100000 (BENCH_QUICK=1: 2000), RUNS=3, REALM_EXPORT_LARGE=1000000 (0 skips
#      it; BENCH_QUICK=1: 0), LARGE_RUNS=1
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
LARGE_RUNS=${LARGE_RUNS:-1}
n=${REALM_EXPORT_N:-100000}
large=${REALM_EXPORT_LARGE:-1000000}
if [ -n "${BENCH_QUICK:-}" ]; then
    n=${REALM_EXPORT_N:-2000}
    large=${REALM_EXPORT_LARGE:-0}
fi
work="$BENCH_OUT/realm-export"
fresh_timings "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
mkdir -p "$BENCH_OUT/export"
mib() { echo $(( $(median "$1") / 1024 )); }
# thousands N: N with thousands separators (100000 -> 100,000).
thousands() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# size N RUNS: loads N people, exports them RUNS times each way, checks the round trip and
# prints the two table rows.
size() {
    local count=$1 runs=$2
    local data="$BENCH_OUT/export/people-$count.ndjson" store="$work/store-$count.sqlite"
    people_data "$count" "$data"
    rm -f "$store"* "$work/realm-$count".* "$work/json-$count".*
    echo "realm-export: loading $count people" >&2
    "$BIN/realm-import" --store "$store" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    for run in $(seq "$runs"); do
        rm -f "$work/out.realm" "$work/out.json"
        measure "$work/realm-$count.t" "$work/realm-$count.rss" "$BIN/realm-export" --store "$store" --type realm -o "$work/out.realm"
        measure "$work/json-$count.t" "$work/json-$count.rss" "$BIN/realm-export" --store "$store" -o "$work/out.json"
        echo "realm-export: N=$count run $run/$runs: Realm $(tail -1 "$work/realm-$count.t") s, JSON $(tail -1 "$work/json-$count.t") s" >&2
    done
    # The Realm file holds the store: imported again it exports as the store does.
    rm -f "$work"/back.sqlite*
    "$BIN/realm-import" --store "$work/back.sqlite" --schema "$work/people.yaml" --quiet "$work/out.realm"
    "$BIN/realm-export" --store "$store" --canonical -o "$work/store.check.json"
    "$BIN/realm-export" --store "$work/back.sqlite" --canonical -o "$work/back.check.json"
    if cmp -s "$work/store.check.json" "$work/back.check.json"; then
        echo "yes" > "$work/same-$count"
    else
        echo "**no** (see $work/*.check.json)" > "$work/same-$count"
    fi
    local realm_t json_t
    realm_t=$(median "$work/realm-$count.t"); json_t=$(median "$work/json-$count.t")
    echo "$(ratio "$realm_t" "$json_t")" > "$work/ratio-$count"
    local people; people=$(thousands "$count")
    echo "| $people | Realm file | $realm_t s | $(median "$work/realm-$count.t.cpu") s | $(mib "$work/realm-$count.rss") MiB | $(( $(stat -c %s "$work/out.realm") / 1048576 )) MiB | **$(ratio "$realm_t" "$json_t")×** | $(cat "$work/same-$count") |" > "$work/rows-$count"
    echo "| $people | Extended JSON | $json_t s | $(median "$work/json-$count.t.cpu") s | $(mib "$work/json-$count.rss") MiB | $(( $(stat -c %s "$work/out.json") / 1048576 )) MiB | 1.00× | |" >> "$work/rows-$count"
    rm -f "$work"/back.sqlite* "$work"/*.check.json "$store"* "$work/out.realm" "$work/out.json"
}

load_start=$(cut -d' ' -f1 /proc/loadavg)
size "$n" "$RUNS"
sizes="$n"
if [ "$large" != "0" ]; then
    size "$large" "$LARGE_RUNS"
    sizes="$n $large"
fi

load_end=$(cut -d' ' -f1 /proc/loadavg)

# verdict N: the time target at N people, in words.
verdict() {
    local r; r=$(cat "$work/ratio-$1")
    if [ "$r" = "n/a" ]; then
        echo "too short to compare"
    elif awk -v r="$r" 'BEGIN { exit !(r + 0 <= 1.0) }'; then
        echo "the Realm file takes ${r}× the JSON export's wall time: the target is met"
    else
        echo "the Realm file takes ${r}× the JSON export's wall time: the target (no slower) is **not met**"
    fi
}

cat <<MD
## realm-export --type realm

\`realm-export --type realm -o F.realm\` (a Realm file of format 24, what realm-core 14 writes) of
\`bench/gen_people.py\` people (and their dogs) loaded with realm-import, against the relaxed
Extended JSON export of the same store (\`-o F.json\`). Release build, alternated runs, medians:
$RUNS runs each at $(thousands "$n") people$([ "$large" != "0" ] && printf ", %s at %s" "$LARGE_RUNS" "$(thousands "$large")") people; load average
$load_start at the start, $load_end at the end ($(nproc) cores: above $(nproc), other work shared them and
the times are longer than a quiet machine's; the ratios compare runs made side by side). "Same"
is whether the Realm file imported again exports to the same canonical JSON as the store.

| people | output | wall | CPU | peak RSS | file | ÷ JSON wall | same |
| --- | --- | --- | --- | --- | --- | --- | --- |
$(for s in $sizes; do cat "$work/rows-$s"; done)

Issue 32 asks for no more time than the JSON export and for memory bounded by a small constant
plus one class's key index. Time: at $(thousands "$n") people, $(verdict "$n")$([ "$large" != "0" ] && printf ";\nat %s people, %s" "$(thousands "$large")" "$(verdict "$large")").

The Realm export streams (docs/realm-file.md, "Writing"). The exporter's thread reads each class
once in insertion order (\`Store.forEachObjectWithValues\`) together with its backlinks, read
from the store in target order while the target class is read (\`Store.linksByTarget\`: one
ordered statement per link property; links into embedded classes, whose link columns have no
index, must be sorted by SQLite: a third thread reads those ahead on a second connection at the
same version, \`LinkReadAhead\`, starting every such sort as the export starts); a second
thread encodes the objects (\`RealmFileStreamWriter\`)
and writes every finished node to a temporary file beside the destination through a 1 MiB
buffer (flushed and renamed at the end). Converting the values read (store value → Realm value)
is done by whichever thread has time: the reader converts a batch itself when the queue between
them is all but full, else the writer does (\`RealmFileWritePipeline\`). Held at any time:
SQLite's page cache (16 MiB: several statements step together; 2 MiB for the second
connection, whose sorts keep about as much each in memory), at most 4 chunks of 4,096 links
read ahead per sorted link property, at most 8 batches of 512 objects between the threads, at most 257 objects waiting for their cluster leaf, one ref per
leaf of the class being written, the index bytes of that class's indexed columns (its primary
key: a 24-byte item plus the key's own bytes per object, and the sort's buffer: the "key
index"), and per class the runs of consecutive object keys (one run for a store never deleted
from). Links held in mixed values (none here) are read first and kept, two integers per link.
Peak RSS therefore grows with the largest class's primary-key index (here the 1.2 million dogs'
UUIDs at 1,000,000 people), not with the store's size, its links or the file; the JSON export's
stays flat.

Where the time goes (perf samples per thread, 2026-12-06, on a machine shared with other builds,
load average 3 to 9): before the converting moved, at 1,000,000 people the reader took about 5.6
to 7.8 s of CPU and the writer 6.8 to 8.4 s, the writer the busier; with it, the reader takes
about 6.9 to 8.2 s and the writer 5.9 to 7.2 s, and the whole export about 10% less CPU
(alternated runs: 14.7 to 16.4 s against 15.5 to 19.7 s under that load; the bytes are the same),
since a value converted by the reader is also freed by it. What is left: each value is still
built twice (store value, then Realm value) and freed on another thread than the one that made
it (malloc and reference counting are about a fifth of both threads' time); SQLite's stepping is
about a fifth of the reader's; the writer's kernel write to the page cache about a tenth of its
own. Since then (2026-12-06, load average 2 to 16, bytes unchanged): a class's key runs come
from its count and its first and last key, three statements that read no row (\`SELECT
min(_key), max(_key), count(*)\` read every row of each link target: about 0.35 s of CPU at
1,000,000 people in the sqlite3 shell on a warm cache, against under 0.05 s; the count still
reads every page of the table's smallest b-tree), the links into embedded classes
(Person.address, Dog.toys), which SQLite sorts, are read ahead on a second connection by a third
thread whose sorts start with the export, and each collection read is allocated once at its
size. Measured side by side with the build before (alternated, medians, load average 1.9 to
3.7): at 1,000,000 people 11.66 s wall and 12.58 s CPU against 14.23 s and 13.93 s (the JSON
export 8.32 s: 1.54× against 1.73×; three runs each, noisy); at 100,000 people no change (1.20 s
against 1.22 s, CPU 1.19 s against 1.17 s); peak RSS 5 MiB more at 1,000,000 (the second
connection). The first class with links read ahead still waits for the end of its sort
(Person.address, which the second connection's 2 MiB cache spills to temporary files). The
Realm export takes about 1.5 times the JSON export's CPU at either size. The next step: encode
leaves from SQLite's column values without building either value (a column batch per property,
filled by the reader, read by the leaf writers), as the JSON export writes from the columns.
MD
