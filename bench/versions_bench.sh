#!/usr/bin/env bash
# The costs of versions (Realm instances pinning one version, frozen snapshots):
# `realm-store-tool bench-versions`, microseconds per operation, median of RUNS runs.
#
# env: RUNS=5, VERSIONS_COUNT=2000 (repetitions of each operation per run)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/versions"
rm -rf "$work"; mkdir -p "$work"
count=${VERSIONS_COUNT:-2000}
runs=${RUNS:-5}
for i in $(seq $runs); do
    rm -f "$work/store.sqlite"*
    "$BIN/realm-store-tool" bench-versions "$work/store.sqlite" "$count" | while read -r name value; do
        echo "$value" >> "$work/$name"
    done
    echo "versions run $i/$runs" >&2
done
m() { median "$work/$1"; }
cat <<MD
## Versions: pinned reads, the version counter, frozen snapshots

\`realm-store-tool bench-versions\` on a store of one small model (\`Log\`: int primary key,
string, list of strings), release build, $count repetitions per operation, median of $runs runs,
microseconds per operation.

| operation | µs |
| --- | --- |
| write transaction creating one object, store not pinning (the tools) | $(m commit) |
| the same, store pinning a version (a Realm: ends its read transaction first, starts one after) | $(m commit-pinned) |
| the version counter's bump alone (once per commit, included above) | $(m bump) |
| one create inside a large transaction (for scale) | $(m insert) |
| \`refresh()\` with nothing new | $(m refresh) |
| \`refresh()\` after another connection's commit | $(m refresh-after-commit) |
| \`frozenSnapshot()\` (shares the live store's connection) | $(m snapshot) |
| \`refresh()\` after another commit while a snapshot shares the connection (opens a new one) | $(m snapshot-move) |
| the snapshot released (its connection and read transaction closed) | $(m snapshot-release) |
MD
