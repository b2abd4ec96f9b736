#!/usr/bin/env bash
# realm-export of bench/gen_people.py's Person data (1e5 and 1e6 people) versus `sqlite3 -json`
# dumping bench/limit_loader.c's normalized tables of the same data: wall time as a ratio
# measured in the same run (alternated A B A B), and realm-export's peak RSS at both sizes (it
# streams: flat); --class Person --ndjson and --canonical too; a 1% part of the largest store by
# --limit and by --query; and export | import of the largest store against sqlite-utils insert.
# Everything it reads is in the repository.
#
# env: SIZES="100000 1000000", RUNS=3
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
read -r -a sizes <<< "${SIZES:-100000 1000000}"
work="$BENCH_OUT/export"
mkdir -p "$work"
build_limit_loader "$work"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" > /dev/null
sqlite_dump='SELECT * FROM person; SELECT * FROM person_tags; SELECT * FROM person_attributes;
SELECT * FROM dog; SELECT * FROM dog_toys; SELECT * FROM person_dogs;'

sqlite_utils=$(sqlite_utils_command)

mib() { echo $(( $(median "$1") / 1024 )); }
rows=""
for n in "${sizes[@]}"; do
    data="$work/people-$n.ndjson"
    people_data "$n" "$data"
    rm -f "$work"/store-$n.sqlite* "$work"/limit-$n.sqlite*
    echo "export: loading $n people" >&2
    "$BIN/realm-import" --store "$work/store-$n.sqlite" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    "$work/limit_loader" "$work/limit-$n.sqlite" < "$data"
    rm -f "$work"/*.t "$work"/*.t.cpu "$work"/*.rss
    store="$work/store-$n.sqlite"
    # to_file OUT COMMAND...: COMMAND with its standard output in OUT (exec: time and peak RSS are
    # COMMAND's own).
    to_file=(sh -c 'out="$1"; shift; exec "$@" > "$out"' to_file)
    # Every contender writes its output into a file in the same directory through standard
    # output (page cache, no fsync); -o's own file (written beside, fsync'd, renamed) is timed apart.
    for i in $(seq "$RUNS"); do
        measure "$work/export.t" "$work/export.rss" "${to_file[@]}" "$work/out.json" "$BIN/realm-export" --store "$store"
        measure "$work/sqlite.t" "$work/sqlite.rss" "${to_file[@]}" "$work/out-sqlite.json" sqlite3 -json "$work/limit-$n.sqlite" "$sqlite_dump"
        measure "$work/canonical.t" "$work/canonical.rss" "${to_file[@]}" "$work/out-canonical.json" "$BIN/realm-export" --store "$store" --canonical
        measure "$work/ndjson.t" "$work/ndjson.rss" "${to_file[@]}" "$work/out.ndjson" "$BIN/realm-export" --store "$store" --class Person --ndjson
        measure "$work/file.t" "$work/file.rss" "$BIN/realm-export" --store "$store" -o "$work/out-o.json"
        echo "export: N=$n run $i/$RUNS: relaxed $(tail -1 "$work/export.t") s, sqlite3 $(tail -1 "$work/sqlite.t") s" >&2
    done
    bytes=$(stat -c %s "$work/out.json")
    cmp -s "$work/out.json" "$work/out-o.json" || { echo "export: -o and standard output differ" >&2; exit 1; }
    e=$(median "$work/export.t"); s=$(median "$work/sqlite.t"); c=$(median "$work/canonical.t"); j=$(median "$work/ndjson.t")
    o=$(median "$work/file.t")
    ecpu=$(median "$work/export.t.cpu"); scpu=$(median "$work/sqlite.t.cpu")
    rows+="| $n | $e s (**$(ratio "$e" "$s")x**) | $c s ($(ratio "$c" "$s")x) | $j s ($(ratio "$j" "$s")x) | $s s | $ecpu s / $scpu s ($(ratio "$ecpu" "$scpu")x) | $(mib "$work/export.rss") / $(mib "$work/canonical.rss") / $(mib "$work/ndjson.rss") MiB | $(mib "$work/sqlite.rss") MiB | $(( bytes / 1048576 )) MiB | $o s ($(ratio "$o" "$s")x) |"$'\n'
    rm -f "$work"/out*.json "$work/out.ndjson" "$work"/limit-$n.sqlite*
    [ "$n" = "${sizes[-1]}" ] || rm -f "$store"*
done

# A part of the largest store: 1% by --limit (the primary-key order, LIMIT in SQL) and 1% by an
# unindexed --query (a scan of the Person rows, not an export of them), against the whole class.
n=${sizes[-1]}; part=$(( n / 100 )); store="$work/store-$n.sqlite"
for i in $(seq "$RUNS"); do
    measure "$work/limit.t" "$work/limit.rss" "$BIN/realm-export" --store "$store" --class Person --ndjson --limit "$part" -o "$work/part.ndjson"
    measure "$work/query.t" "$work/query.rss" "$BIN/realm-export" --store "$store" --class Person --ndjson --query 'age == 42' -o "$work/query.ndjson"
done
query_count=$(wc -l < "$work/query.ndjson")
j=$(median "$work/ndjson.t")
part_rows="| \`--class Person --ndjson\` (all $n) | $j s | | |
| \`--limit $part\` | $(median "$work/limit.t") s | $(ratio "$(median "$work/limit.t")" "$j") | $(mib "$work/limit.rss") MiB |
| \`--query 'age == 42'\` ($query_count people) | $(median "$work/query.t") s | $(ratio "$(median "$work/query.t")" "$j") | $(mib "$work/query.rss") MiB |"

# The whole store through a pipe into a new store, against the same people as NDJSON piped
# through sqlite-utils (once each).
rm -f "$work"/pipe.sqlite* "$work"/utils.db*
measure "$work/pipe.t" "$work/pipe.rss" sh -c "'$BIN/realm-export' --store '$store' | '$BIN/realm-import' --store '$work/pipe.sqlite' --schema '$work/people.yaml' --quiet -"
pipe=$(median "$work/pipe.t")
utils_row="| \`sqlite-utils insert --nl --pk _id\` | (not installed: \`scripts/install-deps.sh --bench\`) | |"
if [ -n "$sqlite_utils" ]; then
    measure "$work/utils.t" "$work/utils.rss" sh -c "cat '$work/people-$n.ndjson' | $sqlite_utils insert '$work/utils.db' person - --nl --pk _id"
    utils=$(median "$work/utils.t")
    utils_row="| \`cat people.ndjson \\| sqlite-utils insert --nl --pk _id\` | $utils s | $(ratio "$utils" "$pipe")x |"
fi
rm -f "$store"* "$work"/pipe.sqlite* "$work"/utils.db* "$work/part.ndjson" "$work/query.ndjson"

cat <<MD
## realm-export

\`bench/gen_people.py\`'s Person data (every value type, a set, a map with keys that need percent
decoding, an embedded Address, 0-3 Dogs by UUID primary key with embedded Toys), loaded with
realm-import; the reference is \`sqlite3 -json\` dumping \`bench/limit_loader.c\`'s normalized tables of the
same data (no types, no nesting, no key decoding: less work than realm-export). Release build,
median of $RUNS runs, the contenders alternated; (ratio) = realm-export / sqlite3 -json in the same
run. Relaxed and canonical write the multi-class form (Person and Dog); NDJSON is Person only.
Every contender writes its output through standard output into a file in the same directory
(\`> out.json\`: the page cache, no fsync), so all do the same output work; the last column is
realm-export's own \`-o FILE\`, which writes a temporary file beside the target, fsyncs it and
renames it into place (durable and all-or-nothing; same bytes, checked), which sqlite3 does not.

| people | realm-export (relaxed) | --canonical | --class Person --ndjson | sqlite3 -json | CPU time, relaxed / sqlite3 | realm-export peak RSS (relaxed / canonical / NDJSON) | sqlite3 peak RSS | output (relaxed) | relaxed, \`-o FILE\` |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
$rows
realm-export streams: one object in memory at a time, a 64 KiB output buffer. A class is read
by \`Store.exportReader\`: one statement for its rows with to-one embedded objects (Address) and
linked primary keys joined in, one per collection property and per List of embedded objects
(Toys), all in export order and merged by owner (no query per object, per embedded object or per
link); a class whose primary-key order is its key order (Person here) is read in key order, its
collections straight from their side tables; a class with random primary keys (Dog's UUIDs) is
scanned in key order and put in primary-key order by SQLite's sorter, not looked up row by row
through its index. Each connection has a 2 MiB page cache (SQLite's default), which also bounds
each sorter's memory before it spills to temporary files: peak RSS does not grow with the store
(compare it across the sizes above). Each class's reader is prepared once into plain steps
(\`ExportNodePlan\`: no enum payload copies, no lookups by name per object). Values go straight
into the output buffer: integers, dates, ObjectIds, UUIDs and short-decimal doubles and floats
formatted in place (\`description\`'s bytes, found without a String), and outside \`--pretty\` the
Extended JSON wrappers (\`{"\$numberInt":"\`, \`{"\$date":{"\$numberLong":"\`, ...) as constant
bytes around them; string maps are ordered from their cursor without a String per entry.

Two threads (sqlite3 -json uses one; the CPU column adds up both): a class of 20,000 objects or
more is cut into two halves of its export order (\`Store.exportSplit\`), and a second thread
exports the next half or class not yet started (Person's second half while the first is written,
then Dog's) through a second read-only connection, into an unlinked temporary file that the
first thread copies in when its turn comes, so the bytes are those of one thread; while the
second thread is still on the part due next, the first spools the part after it itself (Dog's
second half while the second thread does Dog's first) rather than wait. The second
connection is used only when it reads the same version as the first (the file's version counter,
taken in both read transactions); otherwise one thread writes everything. Wall time below CPU
time is the second core at work; on a loaded machine the threads wait for cores and wall time
says little (compare the CPU column).

### A part of $n people

| export | time (median) | / whole class | peak RSS |
| --- | --- | --- | --- |
$part_rows

### export | import, $n people

\`realm-export --store A | realm-import --store B --schema people.yaml -\` (the multi-class form, a
new store) against the same people as mongoexport-shaped NDJSON (canonical Extended JSON, Dogs
nested) piped through sqlite-utils into one table (nested values as JSON text), once each.

| pipeline | wall time | / realm pipe |
| --- | --- | --- |
| \`realm-export \\| realm-import\` | $pipe s | 1.00x |
$utils_row
MD
