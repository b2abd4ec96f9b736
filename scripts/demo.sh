#!/usr/bin/env bash
# The demo: validate the example schema in schemas/, generate Swift models and JSON Schemas from
# it, and show what came out.
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
