#!/usr/bin/env bash
# Change notifications across processes and the change log's cost (Store+ChangeLog,
# StoreWatcher):
# - latency: `realm-store-tool bench-notify-watch` watches a store (StoreWatcher polling
#   PRAGMA data_version every 5 ms, then refresh() and changes(from:to:) on a pinned store)
#   while `bench-notify-write`, another process, commits one object NOTIFY_COMMITS times,
#   NOTIFY_PAUSE_MS apart. Latency per commit: from just after the writer's COMMIT to the
#   watcher's report of that version (or a later one), and to its changeset read from the log.
# - cost: bench/gen_people.py's Person data inserted through the dynamic API as realm-import
#   does (`bench-insert`, one transaction, no savepoints) with the change log and without it
#   (`--no-log`), alternated, RUNS runs each.
#
# env: NOTIFY_COMMITS=500, NOTIFY_PAUSE_MS=20, NOTIFY_N=100000 (people for the cost), RUNS=5
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/stats.sh"
work="$BENCH_OUT/notify"
rm -rf "$work"; mkdir -p "$work"
commits=${NOTIFY_COMMITS:-500}
pause=${NOTIFY_PAUSE_MS:-20}
people=${NOTIFY_N:-100000}
runs=${RUNS:-5}
tool="$BIN/realm-store-tool"

# Latency.
db="$work/latency.sqlite"
"$tool" bench-notify-write "$db" 1 0 >/dev/null          # the store exists before the watcher
"$tool" bench-notify-watch "$db" "$commits" > "$work/watch.txt" &
watcher=$!
until grep -q ready "$work/watch.txt" 2>/dev/null; do sleep 0.05; done
"$tool" bench-notify-write "$db" "$commits" "$pause" > "$work/write.txt"
wait "$watcher"
read -r lat_median lat_p99 cs_median cs_p99 lat_max reports <<< "$(python3 - "$work/write.txt" "$work/watch.txt" <<'PY'
import sys
written = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
reports = [tuple(map(int, l.split())) for l in open(sys.argv[2]) if l.strip() and l.strip() != "ready"]
notify, changes = [], []
for version, committed in written:
    first = next(r for r in reports if r[0] >= version)
    notify.append((first[1] - committed) / 1e6)
    changes.append((first[2] - committed) / 1e6)
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]
print("%.2f %.2f %.2f %.2f %.2f %d" % (pct(notify, 50), pct(notify, 99), pct(changes, 50), pct(changes, 99),
                                      max(notify), len(reports)))
PY
)"
echo "notify latency median ${lat_median} ms, p99 ${lat_p99} ms" >&2

# Cost of the log for bulk inserts.
data="$work/people.ndjson"
people_data "$people" "$data"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" >/dev/null
for i in $(seq "$runs"); do
    for side in log nolog; do
        rm -f "$work/insert.sqlite"*
        flag=(); [ "$side" = nolog ] && flag=(--no-log)
        "$tool" bench-insert "$work/insert.sqlite" "$work/people.yaml" "$data" Person "${flag[@]}" \
            > "$work/out.txt"
        awk '$1 == "insert_seconds" {print $2}' "$work/out.txt" >> "$work/$side"
        awk '$1 == "insert_cpu_seconds" {print $2}' "$work/out.txt" >> "$work/$side.cpu"
    done
    echo "notify cost run $i/$runs" >&2
done
with=$(median "$work/log"); without=$(median "$work/nolog")
with_cpu=$(median "$work/log.cpu"); without_cpu=$(median "$work/nolog.cpu")
cat <<MD
## Change notifications across processes, and the change log's cost

Latency: a watcher process (\`StoreWatcher\`, polling \`PRAGMA data_version\` every 5 ms on its own
connection, then \`refresh()\` and \`changes(from:to:)\` on a pinned store) while another process
commits one object $commits times, ${pause} ms apart (\`realm-store-tool bench-notify-watch\` /
\`bench-notify-write\`), release build. From the end of each commit to the watcher's report of it
($reports reports; commits landing within one poll are reported together), in milliseconds:

| | median | p99 | max |
| --- | --- | --- | --- |
| commit → watcher called back | $lat_median | $lat_p99 | $lat_max |
| commit → its changeset read from the log | $cs_median | $cs_p99 | |

Cost: $people Person objects (bench/gen_people.py) created through the dynamic API in one
transaction without savepoints, as realm-import does (\`bench-insert\`, insert + commit seconds,
median of $runs alternated runs), the same run with the change log and without it (\`--no-log\`):

| | with the log | without | ratio |
| --- | --- | --- | --- |
| wall seconds | $with | $without | $(ratio "$with" "$without") |
| CPU seconds | $with_cpu | $without_cpu | $(ratio "$with_cpu" "$without_cpu") |

A bulk insert logs one key range per class, not one row per object.
MD
