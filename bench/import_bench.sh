#!/usr/bin/env bash
# realm-import on bench/gen_people.py data against bench/limit_loader.c (jansson + prepared
# sqlite3 inserts, the floor) and sqlite-utils (what a user would pick instead), alternated in
# one run, and realm-import on the same data gzip-compressed. Everything it reads is in the
# repository.
#
# env: RUNS=3 (runs per contender at IMPORT_N people), IMPORT_N=100000, IMPORT_LARGE=1 (also
#      import 1e6 people once for the peak-RSS claim; 0 skips it), IMPORT_DOC_MB="1 10 100" (also
#      import one document of each of these sizes in MB of each shape of bench/gen_large_doc.py
#      once, for the one-document memory claim; 0 skips it).
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
N=${IMPORT_N:-100000}
work="$BENCH_OUT/import"
fresh_timings "$work"

build_limit_loader "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" >/dev/null
data="$work/people-$N.ndjson"
people_data "$N" "$data"
# The same bytes gzip-compressed (gzip's default level), for the .gz row.
[ "$data.gz" -nt "$data" ] || gzip -kfn "$data"

sqlite_utils=$(sqlite_utils_command)

for run in $(seq "$RUNS"); do
    rm -f "$work"/realm.sqlite* "$work"/limit.sqlite* "$work"/utils.db*
    measure "$work/realm.t" "$work/realm.rss" "$BIN/realm-import" --store "$work/realm.sqlite" --schema "$work/people.yaml" \
        --class Person --mode upsert --quiet "$data"
    measure "$work/limit.t" "$work/limit.rss" sh -c "'$work/limit_loader' '$work/limit.sqlite' < '$data'"
    rm -f "$work"/realm.sqlite*
    measure "$work/gz.t" "$work/gz.rss" "$BIN/realm-import" --store "$work/realm.sqlite" --schema "$work/people.yaml" \
        --class Person --mode upsert --quiet "$data.gz"
    if [ -n "$sqlite_utils" ]; then
        measure "$work/utils.t" "$work/utils.rss" $sqlite_utils insert "$work/utils.db" person "$data" --nl --pk _id
    fi
    echo "import run $run/$RUNS: realm-import $(tail -1 "$work/realm.t") s, .gz $(tail -1 "$work/gz.t") s, limit_loader $(tail -1 "$work/limit.t") s" >&2
done

large_row=""
if [ "${IMPORT_LARGE:-1}" != "0" ]; then
    large="$work/people-1000000.ndjson"
    people_data 1000000 "$large"
    rm -f "$work"/realm.sqlite*
    measure "$work/large.t" "$work/large.rss" "$BIN/realm-import" --store "$work/realm.sqlite" --schema "$work/people.yaml" \
        --class Person --mode upsert --quiet "$large"
    large_row="| \`realm-import\`, 1,000,000 people ($(( $(stat -L -c %s "$large") / 1000000 )) MB), once | $(median "$work/large.t") s | $(median "$work/large.t.cpu") s | $(( $(median "$work/large.rss") / 1024 )) MiB | |"
fi

doc_table=""
# IMPORT_DOC_MB: the sizes (MB) of the one-document runs, e.g. "1 10 100"; 0 skips them.
DOC_SIZES=${IMPORT_DOC_MB:-1 10 100}
if [ "$DOC_SIZES" != "0" ]; then
    doc_rows=""
    for mb in $DOC_SIZES; do
        for shape in string array set map ignored csv; do
            extension=json type=()
            [ "$shape" = csv ] && extension=csv type=(--type csv)
            doc="$work/doc-$shape-$mb.$extension"
            [ "$doc.count" -nt "$ROOT/bench/gen_large_doc.py" ] ||
                python3 "$ROOT/bench/gen_large_doc.py" "$shape" "$mb" "$doc" "$work/doc-$shape.yaml" > "$doc.count"
            bytes=$(stat -L -c %s "$doc")
            # Past the 64 MiB default for a JSON document or CSV row, the limit the document needs.
            limit=() limit_text="default"
            if [ "$bytes" -gt $(( 64 << 20 )) ]; then
                limit_text="$(( (bytes >> 20) + 1 ))MiB"
                limit=(--max-document-size "$limit_text")
            fi
            rm -f "$work"/doc.sqlite*
            measure "$work/doc-$shape-$mb.t" "$work/doc-$shape-$mb.rss" "$BIN/realm-import" --store "$work/doc.sqlite" \
                --schema "$work/doc-$shape.yaml" --class Doc --quiet "${type[@]}" "${limit[@]}" "$doc"
            rss=$(tail -1 "$work/doc-$shape-$mb.rss")
            case $shape in
                string) what="a string" ;;
                array) what="a list of $(cat "$doc.count") integers" ;;
                set) what="a set of $(cat "$doc.count") integers" ;;
                map) what="a map of $(cat "$doc.count") entries" ;;
                ignored) what="a list of $(cat "$doc.count") small objects under an ignored key" ;;
                csv) what="a CSV cell" ;;
            esac
            doc_rows+="| $what | $(awk "BEGIN {printf \"%.1f\", $bytes / 1000000}") MB | \`$limit_text\` | $(tail -1 "$work/doc-$shape-$mb.t") s | $(tail -1 "$work/doc-$shape-$mb.t.cpu") s | $(( rss / 1024 )) MiB | $(awk "BEGIN {printf \"%.1f\", $rss * 1024 / $bytes}")× |"$'\n'
        done
    done
    doc_rows=${doc_rows%$'\n'}   # the table's last row ends the heredoc's line
    doc_table="### One large document

\`bench/gen_large_doc.py SHAPE MB\` for MB in $DOC_SIZES: one document \`{\"_id\": 1, \"v\": …}\` of each shape (the
ignored shape puts its list under a key no property takes; the CSV shape is one row whose cell is
the string), imported once into a new store, with the \`--max-document-size\` a document past the
64 MiB default needs. A document of 1 MiB or more stores its big lists, sets and maps of scalars
a piece at a time and skips the large values of ignored keys unbuilt (docs/realm-import.md);
goal: peak RSS at most about 2× the document plus a constant.

| document | size | \`--max-document-size\` | wall time | CPU time | peak RSS | peak RSS / size |
| --- | --- | --- | --- | --- | --- | --- |
$doc_rows"
fi

realm=$(median "$work/realm.t"); limit=$(median "$work/limit.t"); gz=$(median "$work/gz.t")
utils_row="| \`sqlite-utils insert --nl --pk _id\` | (not installed: \`scripts/install-deps.sh --bench\`) | | | |"
utils_line="sqlite-utils was not installed, so there is no ratio to it."
if [ -n "$sqlite_utils" ]; then
    utils=$(median "$work/utils.t")
    utils_row="| \`sqlite-utils insert --nl --pk _id\` | $utils s | $(median "$work/utils.t.cpu") s | $(( $(median "$work/utils.rss") / 1024 )) MiB | $(ratio "$utils" "$limit")× |"
    utils_line="realm-import is **$(ratio "$utils" "$realm")× faster than sqlite-utils** (goal: at least 3×)."
fi
cat <<MD
## realm-import on $N people

\`bench/gen_people.py $N\`: $(( $(stat -L -c %s "$data") / 1000000 )) MB of NDJSON in canonical Extended JSON
(every scalar type, a set, a map whose keys need percent encoding, an embedded Address, 0–3 Dogs
nested and upserted by primary key, embedded Toys), with the schema it writes (\`--schema\`).
\`realm-import --mode upsert\` (shared Dogs recur), release build, $RUNS runs per contender
alternated, medians; wall time includes the commit (realm-import creates the store, so it loads
it with the rollback journal: no WAL checkpoint; limit_loader leaves its WAL un-checkpointed). CPU time is
user + system time of all threads: realm-import decodes JSON on a second thread, ahead of the
thread that converts and stores, so its wall time is below its CPU time on two cores.

| contender | wall time (median) | CPU time (median) | peak RSS (median) | ratio to limit_loader |
| --- | --- | --- | --- | --- |
| \`realm-import\` (validates every value, locates errors) | $realm s | $(median "$work/realm.t.cpu") s | $(( $(median "$work/realm.rss") / 1024 )) MiB | **$(ratio "$realm" "$limit")×** (goal ≤ 1.5×) |
| \`realm-import\` on the same data as \`.gz\` ($(( $(stat -L -c %s "$data.gz") / 1000000 )) MB, decompressed as it is read) | $gz s | $(median "$work/gz.t.cpu") s | $(( $(median "$work/gz.rss") / 1024 )) MiB | $(ratio "$gz" "$limit")× ($(ratio "$gz" "$realm")× the plain file) |
| \`limit_loader\` (jansson + prepared inserts, no checks) | $limit s | $(median "$work/limit.t.cpu") s | $(( $(median "$work/limit.rss") / 1024 )) MiB | 1.00× |
$utils_row
$large_row

$utils_line Memory is bounded by the largest document and SQLite's page cache (64 MiB during an
import), not by the input: compare peak RSS at 1e5 and 1e6 people.

$doc_table
MD
