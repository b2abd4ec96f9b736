#!/usr/bin/env bash
# The soak (issue 18): for SOAK_SECONDS, on one store, at once: two `realm-import` loops (each
# run a new batch of 20 objects with new primary keys plus 5 upserts of earlier objects,
# `--mode upsert`; a batch counts as committed only when the process exited 0), a
# `realm-export` loop (every output must hold whole batches only, and every batch committed
# before it started), a query process (`realm-soak query`: Results counts never go down, never
# a half batch, a random batch whole, seq sums) and the Swift API writer (`realm-soak writer`:
# a batch per `realm.write {}`, read back through Results, a `Results.observe` block checking
# each changeset), whose VmRSS the driver samples. At the end: every committed object in the
# final export and nothing else, `PRAGMA integrity_check`, every process exited 0.
# `realm-soak run` (Sources/realm-soak) does all of it and prints the table; it exits 1 on any
# problem, and so does this script. Tests/EndToEndTests/SoakTests.swift runs it for 5 s.
#
# env: SOAK_SECONDS=600
set -euo pipefail
work="$BENCH_OUT/soak"
rm -rf "$work"; mkdir -p "$work"
seconds=${SOAK_SECONDS:-600}
echo "soak: $seconds s on $work/soak.sqlite" >&2
status=0
"$BIN/realm-soak" run "$work" "$seconds" > "$work/report.txt" || status=$?
grep -v '^soak: ' "$work/report.txt" > "$work/table.md" || true
load=$(cut -d' ' -f1-3 /proc/loadavg)
cat <<MD
## Soak: imports, exports, queries and Swift API writes from several processes on one store

\`realm-soak run\` for $seconds s on a release build: two \`realm-import --mode upsert\` loops (each
run a batch of 20 new objects and 5 upserts of earlier ones; committed only when it exited 0),
a \`realm-export\` loop (each output whole batches only, and every batch committed before it
started), a query process (\`Results\` through the Swift API: counts never go down, never part
of a batch, a random batch whole) and the Swift API writer (a batch per \`realm.write {}\`, read
back through \`Results\`, a \`Results.observe\` block checking every changeset against the counts),
whose VmRSS is sampled every few seconds (flat: the last minute's median within 10% of the
first minute's). The machine was shared with other builds while it ran (load average at the
end: $load), so the counts say what happened in this run, not what the tools can do.

$(cat "$work/table.md")
MD
exit $status
