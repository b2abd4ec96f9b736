#!/usr/bin/env bash
# The cost of a change notification (issue 14): `realm-results-bench changeset` observes Items
# sorted by age, changes the age of CHANGESET_WRITES of them in one write, and times the commit
# to the delivered changeset, against re-running the same query from scratch (all its keys).
# Median of RUNS runs, each in a fresh process on a fresh copy of the store.
#
# env: RUNS=5, CHANGESET_COUNT=100000 (objects), CHANGESET_WRITES=1000 (objects changed)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/changeset"
rm -rf "$work"; mkdir -p "$work"
count=${CHANGESET_COUNT:-100000}
writes=${CHANGESET_WRITES:-1000}
runs=${RUNS:-5}
bench="$BIN/realm-results-bench"
"$bench" populate "$work/items.realm" "$count"
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq $runs); do
    rm -f "$work/run.realm"*
    cp "$work/items.realm" "$work/run.realm"
    read -r changed changeset rerun < <("$bench" changeset "$work/run.realm" "$writes")
    echo "$changed" > "$work/changed"
    echo "$changeset" >> "$work/changeset"
    echo "$rerun" >> "$work/rerun"
    echo "changeset run $i/$runs" >&2
done
ratios=$(paste "$work/changeset" "$work/rerun" | awk '$2 > 0 {print $1 / $2}' | sort -g | tr '\n' ' ')
paste "$work/changeset" "$work/rerun" | awk '$2 > 0 {print $1 / $2}' > "$work/ratio"
cat <<MD
## Change notifications: the cost of a changeset

\`realm-results-bench changeset\`: $count \`Item\`s sorted by \`age\` (indexed), observed; one write
changes the age of $writes of them (spread over the file, so some move); release build, median
of $runs runs, seconds. The delivery reads the key snapshot again (the same query as the
re-run), digests again only the objects the change log names (the other rows keep their
digests), matches old and new keys through a table indexed by key (no hashing per row) and
finds the moves by one longest increasing run over the old positions; the re-run is the same
sorted query read from scratch (every key).

| what | seconds |
| --- | --- |
| commit → update delivered ($(cat "$work/changed") indices in it) | $(median "$work/changeset") |
| re-running the query (all keys) | $(median "$work/rerun") |
| ratio per run (median; all: $ratios) | $(median "$work/ratio") |

Load average (1, 5, 15 min) at the start: $load_start, at the end: $(cut -d' ' -f1-3 /proc/loadavg)
(2 cores, shared with other builds).
MD
