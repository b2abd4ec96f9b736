#!/usr/bin/env bash
# The typed API (Realm, @Persisted models) against the dynamic API (Store) on the same data:
# 1e5 objects added in one write transaction, then every property of every object read back.
# The typed model is written as for Realm Swift (properties found by reflection); the same
# model with a persistedProperties() table runs too, to show what the table is worth.
#
# env: RUNS=5, TYPED_COUNT=100000 (objects)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/typed"
rm -rf "$work"; mkdir -p "$work"
count=${TYPED_COUNT:-100000}
runs=${RUNS:-5}
for i in $(seq $runs); do
    for mode in typed dynamic table; do
        rm -f "$work/$mode.realm"*
        read -r write read < <("$BIN/realm-typed-bench" "$mode" "$work/$mode.realm" "$count" 2>/dev/null)
        echo "$write" >> "$work/$mode.write"
        echo "$read" >> "$work/$mode.read"
    done
    echo "typed run $i/$runs" >&2
done
tw=$(median "$work/typed.write"); dw=$(median "$work/dynamic.write"); bw=$(median "$work/table.write")
tr=$(median "$work/typed.read"); dr=$(median "$work/dynamic.read"); br=$(median "$work/table.read")
cat <<MD
## Typed API vs dynamic API

$count objects of an 8-property model (int primary key, string, double, int32, bool, date,
optional string, ObjectId) added in one write transaction, then every property of every
object read back. Typed: \`realm.add(item)\` per object and \`item.name\` etc. through
\`realm.objects(BenchItem.self)\`, the model written as for Realm Swift (its properties found
by reflection); "with a table": the same model with a \`persistedProperties()\` table;
dynamic: \`store.create\` per object and \`store.get\` per property. Release build, $runs
alternating runs, median; ratio = typed / dynamic (below 1 is faster).

| phase | typed (median) | with a table (median) | dynamic (median) | ratio | ratio with a table |
| --- | --- | --- | --- | --- | --- |
| add $count objects in one write | $tw s | $bw s | $dw s | $(ratio "$tw" "$dw") | $(ratio "$bw" "$dw") |
| read every property back | $tr s | $br s | $dr s | $(ratio "$tr" "$dr") | $(ratio "$br" "$dr") |
MD
