#!/usr/bin/env bash
# Change notifications across processes and the change log's cost (Store+ChangeLog,
# StoreWatcher):
# - latency: `realm-store-tool bench-notify-watch` watches a store (StoreWatcher polling
#   PRAGMA data_version every 5 ms, then refresh() and changes(from:to:) on a pinned store)
#   while `bench-notify-write`, another process, commits one object NOTIFY_COMMITS times,
#   NOTIFY_PAUSE_MS apart. Latency per commit: from just after the writer's COMMIT to the
#   watcher's report of that version (or a later one), and to its changeset read from the log.
# - the same for a full observer: `realm-results-bench notify-watch`, a Realm's
#   `Results.observe` block on its thread's run loop (FileWatcher -> refresh -> changeset ->
#   block), while `bench-notify-write` commits from another process.
# - cost: bench/gen_people.py's Person data inserted through the dynamic API as realm-import
#   does (`bench-insert`, one transaction, no savepoints) with the change log and without it
#   (`--no-log`: the store's package switch `logsChanges`, used only by this tool), in pairs
#   whose order alternates, NOTIFY_COST_RUNS pairs; the per-pair ratios are reported.
#
# env: NOTIFY_COMMITS=500, NOTIFY_PAUSE_MS=20, NOTIFY_N=100000 (people for the cost),
#      NOTIFY_COST_RUNS=11
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/stats.sh"
work="$BENCH_OUT/notify"
rm -rf "$work"; mkdir -p "$work"
commits=${NOTIFY_COMMITS:-500}
pause=${NOTIFY_PAUSE_MS:-20}
people=${NOTIFY_N:-100000}
runs=${NOTIFY_COST_RUNS:-11}
tool="$BIN/realm-store-tool"

# latency WATCHER_OUT: the median, p99 and max milliseconds from each commit of
# $work/write.txt to the first report of its version (or a later one) in WATCHER_OUT, the same
# for the report's third column (when it is a time), and the number of reports.
latency() {
    python3 - "$work/write.txt" "$1" <<'PY'
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
}

# watch DB WATCHER...: runs WATCHER (which says `ready`, then reports) while another process
# commits $commits times to DB.
watch() {
    local db="$1"; shift
    "$tool" bench-notify-write "$db" 1 0 >/dev/null          # the store exists before the watcher
    "$@" > "$work/watch.txt" &
    local watcher=$!
    until grep -q ready "$work/watch.txt" 2>/dev/null; do sleep 0.05; done
    "$tool" bench-notify-write "$db" "$commits" "$pause" > "$work/write.txt"
    wait "$watcher"
}

# Latency: the engine's watcher, then a Results observer.
watch "$work/latency.sqlite" "$tool" bench-notify-watch "$work/latency.sqlite" "$commits"
read -r lat_median lat_p99 cs_median cs_p99 lat_max reports <<< "$(latency "$work/watch.txt")"
echo "notify latency median ${lat_median} ms, p99 ${lat_p99} ms" >&2
watch "$work/observe.realm" "$BIN/realm-results-bench" notify-watch "$work/observe.realm" "$commits"
read -r obs_median obs_p99 _ _ obs_max obs_reports <<< "$(latency "$work/watch.txt")"
echo "observe latency median ${obs_median} ms, p99 ${obs_p99} ms" >&2

# Cost of the log for bulk inserts.
data="$work/people.ndjson"
people_data "$people" "$data"
python3 "$ROOT/bench/gen_people.py" 0 --schema "$work/people.yaml" >/dev/null
for i in $(seq "$runs"); do
    order="log nolog"; [ $((i % 2)) -eq 0 ] && order="nolog log"
    for side in $order; do
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
# pairs FILE_WITH FILE_WITHOUT: the median, lowest and highest of the per-pair ratios, and how
# many pairs were slower with the log.
pairs() {
    paste "$1" "$2" | awk '$2 > 0 {print $1 / $2}' | sort -g | awk '
        {a[NR] = $1; if ($1 > 1) slower++}
        END {m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
             printf "%.3f %.3f %.3f %d/%d\n", m, a[1], a[NR], slower, NR}'
}
read -r wall_ratio wall_low wall_high wall_slower <<< "$(pairs "$work/log" "$work/nolog")"
read -r cpu_ratio cpu_low cpu_high cpu_slower <<< "$(pairs "$work/log.cpu" "$work/nolog.cpu")"
cat <<MD
## Change notifications across processes, and the change log's cost

Latency: a watcher process while another process commits one object $commits times, ${pause} ms
apart (\`realm-store-tool bench-notify-write\`), release build. The engine's watcher
(\`bench-notify-watch\`: \`StoreWatcher\` polling \`PRAGMA data_version\` every 5 ms on its own
connection, then \`refresh()\` and \`changes(from:to:)\` on a pinned store; $reports reports), and a
full observer (\`realm-results-bench notify-watch\`: a Realm's \`Results.observe\` block on its
thread's run loop, woken by the file watcher, the Realm refreshed and the changeset computed;
$obs_reports deliveries). From the end of each commit to the report of it (commits landing
within one poll are reported together), in milliseconds:

| | median | p99 | max |
| --- | --- | --- | --- |
| commit → engine watcher called back | $lat_median | $lat_p99 | $lat_max |
| commit → its changeset read from the log | $cs_median | $cs_p99 | |
| commit → \`Results.observe\` block called | $obs_median | $obs_p99 | $obs_max |

Cost: $people Person objects (bench/gen_people.py) created through the dynamic API in one
transaction without savepoints, as realm-import does (\`bench-insert\`, insert + commit seconds),
with the change log and without it (\`--no-log\`, a switch of the benchmark tool only), $runs
pairs, the order alternating from pair to pair. Medians, and the ratio with/without per pair:

| | with the log | without | median pair ratio | lowest | highest | pairs slower with the log |
| --- | --- | --- | --- | --- | --- | --- |
| wall seconds | $with | $without | $wall_ratio | $wall_low | $wall_high | $wall_slower |
| CPU seconds | $with_cpu | $without_cpu | $cpu_ratio | $cpu_low | $cpu_high | $cpu_slower |

A bulk insert logs one key range per class, not one row per object.
MD
