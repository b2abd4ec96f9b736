#!/usr/bin/env bash
# The demo: validate the example schema in schemas/, generate Swift models and JSON Schemas from
# it, show what came out, then import fixtures/ into a fresh store and look inside it.
set -euo pipefail
out="${1:-demo-out}"
bin="$(swift build --show-bin-path)"

echo "== realm-schema validate schemas/"
"$bin/realm-schema" validate schemas/
echo "ok: the schema is valid"

echo
echo "== realm-schema codegen schemas/ -o $out/Models"
"$bin/realm-schema" codegen schemas/ -o "$out/Models"
"$bin/realm-schema" codegen schemas/ -o "$out/Models" --check && echo "ok: --check finds the generated code up to date"

echo
echo "== realm-schema json-schema schemas/ -o $out/JSONSchema"
"$bin/realm-schema" json-schema schemas/ -o "$out/JSONSchema"

echo
echo "== $out/Models/people.swift"
cat "$out/Models/people.swift"
echo
echo "== $out/JSONSchema (one file per model)"
ls -1 "$out/JSONSchema"

echo
echo "== realm-import --store $out/demo.sqlite --schema schemas/ fixtures/people.json"
rm -f "$out/demo.sqlite" "$out/demo.sqlite-wal" "$out/demo.sqlite-shm"
"$bin/realm-import" --store "$out/demo.sqlite" --schema schemas/ fixtures/people.json
echo
echo "== a look inside with the sqlite3 shell"
sqlite3 -header -column "$out/demo.sqlite" \
    'SELECT _key, name, age, status, bestFriend FROM Person' \
    'SELECT owner AS person, pos, value AS dog FROM "Person.dogs"' \
    'SELECT owner AS person, key, value FROM "Person.scores" ORDER BY owner, key' \
    'SELECT _key, name, breed FROM Dog'
echo
echo "== the same file again: an existing primary key is an error in the default insert mode"
"$bin/realm-import" --store "$out/demo.sqlite" fixtures/people.json --max-errors 2 || echo "(exit status $?: nothing was written)"

echo
echo "== realm-export: the store back to JSON, re-imported into a second store, exported again"
rm -f "$out/copy.sqlite" "$out/copy.sqlite-wal" "$out/copy.sqlite-shm"
"$bin/realm-export" --store "$out/demo.sqlite" -o "$out/export.json"
head -c 600 "$out/export.json"; echo " …"
"$bin/realm-schema" dump --store "$out/demo.sqlite" > "$out/dumped.yaml"
"$bin/realm-import" --store "$out/copy.sqlite" --schema "$out/dumped.yaml" "$out/export.json" --quiet
"$bin/realm-export" --store "$out/copy.sqlite" -o "$out/export-again.json"
cmp "$out/export.json" "$out/export-again.json" && echo "round trip: identical"
