#!/usr/bin/env bash
# realm-schema codegen on a generated 1,000-model schema: wall time and peak memory.
#
# env: RUNS=5, CODEGEN_MODELS=1000 (models in the generated schema)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/codegen"
rm -rf "$work"; mkdir -p "$work"
models=${CODEGEN_MODELS:-1000}
python3 bench/gen_schema.py "$models" > "$work/models.yaml"
models_text=$(printf '%s' "$models" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta')  # 1000 -> 1,000
runs=${RUNS:-5}
for i in $(seq $runs); do
    rm -rf "$work/out"
    measure "$work/codegen.t" "$work/codegen.rss" "$BIN/realm-schema" codegen "$work/models.yaml" -o "$work/out"
    measure "$work/validate.t" "$work/validate.rss" "$BIN/realm-schema" validate "$work/models.yaml"
    measure "$work/jsonschema.t" "$work/jsonschema.rss" "$BIN/realm-schema" json-schema "$work/models.yaml" -o "$work/json"
    echo "codegen run $i/$runs" >&2
done
lines=$(wc -l < "$work/models.yaml")
swift_lines=$(cat "$work"/out/*.swift | wc -l)
cat <<MD
## realm-schema on a $models_text-model schema

A generated schema of $models_text models ($lines YAML lines: every scalar type, sets, maps, links,
embedded lists, enums, defaults, indexes, mapTo), one file. Release build, $runs runs each, median.

| command | wall time (median) | peak RSS (median) |
| --- | --- | --- |
| \`realm-schema validate\` | $(median "$work/validate.t") s | $(( $(median "$work/validate.rss") / 1024 )) MiB |
| \`realm-schema codegen\` ($swift_lines Swift lines out) | $(median "$work/codegen.t") s | $(( $(median "$work/codegen.rss") / 1024 )) MiB |
| \`realm-schema json-schema\` ($models_text files out) | $(median "$work/jsonschema.t") s | $(( $(median "$work/jsonschema.rss") / 1024 )) MiB |
MD
