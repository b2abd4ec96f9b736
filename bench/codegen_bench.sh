#!/usr/bin/env bash
# realm-schema codegen on a generated 1,000-model schema: wall time and peak memory; and
# validate on two large schemas, 100,000 models and one model of 40,000 properties (one mapping).
#
# env: RUNS=5, CODEGEN_MODELS=1000 (models in the generated schema), VALIDATE_MODELS=100000
#      (models in the large schema), VALIDATE_KEYS=40000 (keys of the one large mapping)
set -euo pipefail
source "$(dirname "$0")/stats.sh"
work="$BENCH_OUT/codegen"
rm -rf "$work"; mkdir -p "$work"
models=${CODEGEN_MODELS:-1000}
large_models=${VALIDATE_MODELS:-100000}
large_keys=${VALIDATE_KEYS:-40000}
python3 bench/gen_schema.py "$models" > "$work/models.yaml"
python3 bench/gen_schema.py "$large_models" > "$work/large-models.yaml"
python3 bench/gen_schema.py --keys "$large_keys" > "$work/large-mapping.yaml"
thousands() { printf '%s' "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'; }  # 1000 -> 1,000
models_text=$(thousands "$models")
runs=${RUNS:-5}
for i in $(seq $runs); do
    rm -rf "$work/out"
    measure "$work/codegen.t" "$work/codegen.rss" "$BIN/realm-schema" codegen "$work/models.yaml" -o "$work/out"
    measure "$work/validate.t" "$work/validate.rss" "$BIN/realm-schema" validate "$work/models.yaml"
    measure "$work/jsonschema.t" "$work/jsonschema.rss" "$BIN/realm-schema" json-schema "$work/models.yaml" -o "$work/json"
    measure "$work/large-models.t" "$work/large-models.rss" "$BIN/realm-schema" validate "$work/large-models.yaml"
    measure "$work/large-mapping.t" "$work/large-mapping.rss" "$BIN/realm-schema" validate "$work/large-mapping.yaml"
    echo "codegen run $i/$runs" >&2
done
lines=$(wc -l < "$work/models.yaml")
large_lines=$(thousands "$(wc -l < "$work/large-models.yaml")")
swift_lines=$(cat "$work"/out/*.swift | wc -l)
cat <<MD
## realm-schema on a $models_text-model schema

A generated schema of $models_text models ($lines YAML lines: every scalar type, sets, maps, links,
embedded lists, enums, defaults, indexes, mapTo), one file; then \`validate\` on the same kind of
schema with $(thousands "$large_models") models, and on one model whose properties are a single mapping of
$(thousands "$large_keys") keys (validation is linear in both). Release build, $runs runs each, median.

| command | wall time (median) | peak RSS (median) |
| --- | --- | --- |
| \`realm-schema validate\` | $(median "$work/validate.t") s | $(( $(median "$work/validate.rss") / 1024 )) MiB |
| \`realm-schema codegen\` ($swift_lines Swift lines out) | $(median "$work/codegen.t") s | $(( $(median "$work/codegen.rss") / 1024 )) MiB |
| \`realm-schema json-schema\` ($models_text files out) | $(median "$work/jsonschema.t") s | $(( $(median "$work/jsonschema.rss") / 1024 )) MiB |
| \`realm-schema validate\`, $(thousands "$large_models") models ($large_lines YAML lines) | $(median "$work/large-models.t") s | $(( $(median "$work/large-models.rss") / 1024 )) MiB |
| \`realm-schema validate\`, one mapping of $(thousands "$large_keys") keys | $(median "$work/large-mapping.t") s | $(( $(median "$work/large-mapping.rss") / 1024 )) MiB |
MD
