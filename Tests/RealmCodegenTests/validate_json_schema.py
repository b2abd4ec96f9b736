#!/usr/bin/env python3
"""Validate JSON documents against a generated JSON Schema (draft 2020-12).

Usage: validate_json_schema.py SCHEMA DOCUMENTS

SCHEMA     a *.schema.json file; the other *.schema.json files in its folder are
           registered too, by their $id, so references between files resolve.
DOCUMENTS  a JSON file holding an array of documents ("-" reads standard input).

Prints one JSON array to standard output, one entry per document, in order:
{"valid": true|false, "errors": ["<JSON path>: <message>", ...]}.

Exit status: 0 when every document was checked (whatever the results); 2 when the
schema itself is not a valid 2020-12 schema, or a file cannot be read or repeats a
key in an object (realm-import refuses that); 3 when the Python package jsonschema
is not installed (pip install jsonschema).
"""

import json
import pathlib
import sys

try:
    import jsonschema
    import referencing
    import referencing.jsonschema
except ImportError as error:
    print(f"error: the Python package jsonschema is required (pip install jsonschema): {error}",
          file=sys.stderr)
    sys.exit(3)


def unique_keys(pairs):
    """Refuse objects that repeat a key, as realm-import does."""
    result = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def load_json(path):
    if path == "-":
        return json.load(sys.stdin, object_pairs_hook=unique_keys)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle, object_pairs_hook=unique_keys)


def make_registry(schema_path):
    """Every *.schema.json beside the schema, keyed by its $id (or file name)."""
    resources = []
    for sibling in sorted(pathlib.Path(schema_path).resolve().parent.glob("*.schema.json")):
        contents = load_json(str(sibling))
        uri = contents.get("$id", sibling.name)
        resources.append((uri, referencing.jsonschema.DRAFT202012.create_resource(contents)))
    return referencing.Registry().with_resources(resources)


def main(arguments):
    if len(arguments) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    schema_path, documents_path = arguments
    try:
        schema = load_json(schema_path)
        documents = load_json(documents_path)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema, registry=make_registry(schema_path))
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not isinstance(documents, list):
        print("error: the documents file must hold a JSON array", file=sys.stderr)
        return 2
    results = []
    for document in documents:
        errors = sorted(f"{error.json_path}: {error.message}" for error in validator.iter_errors(document))
        results.append({"valid": not errors, "errors": errors})
    json.dump(results, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
