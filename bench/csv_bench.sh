#!/usr/bin/env bash
# CSV in and out: the flat fields of bench/gen_people.py's Person data (CSV_N people) as CSV,
# imported by realm-import --type csv against `sqlite3 .import --csv` and `sqlite-utils insert
# --csv`, and exported by realm-export --type csv against `sqlite3 -csv`; the contenders
# alternated in one run, medians, peak RSS. Everything it reads is in the repository.
#
# env: CSV_N=100000, RUNS=5
set -euo pipefail
source "$(dirname "$0")/stats.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-5}
N=${CSV_N:-100000}
work="$BENCH_OUT/csv"
fresh_timings "$work"

python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" --flat-schema "$work/flat.yaml" > /dev/null
# The flat schema's property names, in its order: the CSV's columns.
fields=$(sed -n 's/^      \([_a-z]*\): .*/\1/p' "$work/flat.yaml" | paste -sd, -)

# The CSV: the people imported in full, then exported as CSV (the cell forms of docs/csv.md).
data="$BENCH_OUT/import/people-$N.ndjson"
mkdir -p "$(dirname "$data")"
people_data "$N" "$data"
csv="$work/people-$N.csv"
if [ ! "$csv" -nt "$data" ]; then
    rm -f "$work"/full.sqlite*
    "$BIN/realm-import" --store "$work/full.sqlite" --schema "$work/people.yaml" --class Person --mode upsert --quiet "$data"
    "$BIN/realm-export" --store "$work/full.sqlite" --class Person --type csv --fields "$fields" -o "$csv.part"
    mv "$csv.part" "$csv"
    rm -f "$work"/full.sqlite*
fi

sqlite_utils=$(sqlite_utils_command)

for run in $(seq "$RUNS"); do
    rm -f "$work"/realm.sqlite* "$work"/sqlite.db* "$work"/utils.db*
    measure "$work/import.t" "$work/import.rss" "$BIN/realm-import" --store "$work/realm.sqlite" --schema "$work/flat.yaml" \
        --class Person --type csv --quiet "$csv"
    measure "$work/sqlite-import.t" "$work/sqlite-import.rss" sqlite3 "$work/sqlite.db" ".import --csv '$csv' person"
    if [ -n "$sqlite_utils" ]; then
        measure "$work/utils.t" "$work/utils.rss" $sqlite_utils insert "$work/utils.db" person "$csv" --csv --pk _id
    fi
    measure "$work/export.t" "$work/export.rss" "$BIN/realm-export" --store "$work/realm.sqlite" --class Person --type csv
    measure "$work/sqlite-export.t" "$work/sqlite-export.rss" sqlite3 -csv -header "$work/sqlite.db" "SELECT * FROM person"
    echo "csv run $run/$RUNS: import $(tail -1 "$work/import.t") s (sqlite3 $(tail -1 "$work/sqlite-import.t") s)," \
        "export $(tail -1 "$work/export.t") s (sqlite3 $(tail -1 "$work/sqlite-export.t") s)" >&2
done
rows_in=$(( $(wc -l < "$csv") - 1 ))
[ "$(sqlite3 "$work/sqlite.db" 'SELECT count(*) FROM person')" = "$rows_in" ] ||
    { echo "csv: sqlite3 .import did not load $rows_in rows" >&2; exit 1; }

mib() { echo $(( $(median "$1") / 1024 )); }
import=$(median "$work/import.t"); sqlite_import=$(median "$work/sqlite-import.t")
export=$(median "$work/export.t"); sqlite_export=$(median "$work/sqlite-export.t")
utils_row="| \`sqlite-utils insert --csv --pk _id\` | (not installed: \`scripts/install-deps.sh --bench\`) | | | |"
if [ -n "$sqlite_utils" ]; then
    utils=$(median "$work/utils.t")
    utils_row="| \`sqlite-utils insert --csv --pk _id\` (text columns) | $utils s | $(median "$work/utils.t.cpu") s | $(mib "$work/utils.rss") MiB | $(ratio "$utils" "$sqlite_import")× |"
fi
cat <<MD
## CSV in and out, $N people

The flat fields of \`bench/gen_people.py $N\` (\`$fields\`: an objectId key, strings, ints, a
double, a float, a bool, a decimal128, a date) as CSV with a header line,
$(( $(stat -c %s "$csv") / 1000000 )) MB, written by \`realm-export --type csv\`. realm-import converts
every cell by the schema's type (a new store); \`sqlite3 .import --csv\` loads text into a table
it creates from the header, without types or checks. Release build, $RUNS runs, contenders
alternated, medians.

| import | wall time | CPU time | peak RSS | ratio to sqlite3 .import |
| --- | --- | --- | --- | --- |
| \`realm-import --type csv\` (typed, validated) | $import s | $(median "$work/import.t.cpu") s | $(mib "$work/import.rss") MiB | **$(ratio "$import" "$sqlite_import")×** |
| \`sqlite3 .import --csv\` | $sqlite_import s | $(median "$work/sqlite-import.t.cpu") s | $(mib "$work/sqlite-import.rss") MiB | 1.00× |
$utils_row

| export (to stdout) | wall time | CPU time | peak RSS | ratio to sqlite3 -csv |
| --- | --- | --- | --- | --- |
| \`realm-export --type csv\` (typed cells: ISO dates, hex objectIds) | $export s | $(median "$work/export.t.cpu") s | $(mib "$work/export.rss") MiB | **$(ratio "$export" "$sqlite_export")×** |
| \`sqlite3 -csv -header … 'SELECT * FROM person'\` (the text as stored) | $sqlite_export s | $(median "$work/sqlite-export.t.cpu") s | $(mib "$work/sqlite-export.rss") MiB | 1.00× |

Export reads each object's values once, with the class's rows (it read the whole row once per
column before: 4× the CPU time). Import types every cell: the CSV rows become JSON text that the
JSON importer reads on a second thread, ahead of the thread that converts and stores; its CPU
time is about 10× sqlite3's, and on a busy machine its wall time is mostly the two threads
waiting for each other (about 30,000 futex waits for 100,000 rows), which is not fixed yet.
MD
