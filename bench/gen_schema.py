#!/usr/bin/env python3
"""Write a large, valid realm-schema YAML file.

gen_schema.py N          N models that use every type and model kind
gen_schema.py --keys N   one model whose properties are one mapping of N keys (every type, mapTo)
"""
import sys


def one_mapping(n):
    """One model with N properties, then a model with linkingObjects into some of its links."""
    kinds = ["int", "string?", "{ type: double, mapTo: stored_%d }", "Back?", "date", "string<>",
             "decimal128{}", "{ type: int, indexed: true }", "objectId[]", "mixed"]
    out = ["schemaVersion: 1", "models:", "  Wide:", "    primaryKey: p0", "    properties:"]
    for i in range(n):
        kind = kinds[i % len(kinds)]
        out.append(f"      p{i}: " + (kind % i if "%d" in kind else kind))
    out += ["  Back:", "    properties:", "      name: string"]
    out += [f"      back{i}: {{ type: linkingObjects, objectType: Wide, property: p{i} }}"
            for i in range(3, n, 40)]
    return out


if len(sys.argv) > 2 and sys.argv[1] == "--keys":
    print("\n".join(one_mapping(int(sys.argv[2]))))
    sys.exit(0)

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
out = ["schemaVersion: 1", "models:"]
for i in range(n):
    kind = i % 10
    out.append(f"  Model{i}:")
    if kind == 9:
        out.append("    embedded: true")
    else:
        out.append("    primaryKey: _id")
    out.append(f"    doc: Generated model number {i}.")
    out.append("    properties:")
    if kind != 9:
        out.append("      _id: " + ["objectId", "uuid", "string", "int"][i % 4])
    out.append("      name: { type: string, indexed: true }")
    out.append("      count: { type: int32, default: 0 }")
    out.append("      ratio: double?")
    out.append("      amount: decimal128")
    out.append("      created: { type: date, indexed: true, mapTo: created_at }")
    out.append("      state: { type: string, enum: [draft, live, archived], default: draft }")
    out.append("      tags: string<>")
    out.append("      scores: double{}")
    out.append("      extra: mixed")
    if kind != 9:
        nxt = (i + 1) % n
        out.append(f"      next: Model{nxt if nxt % 10 != 9 else (nxt + 1) % n}?")
        emb = i - (i % 10) + 9
        if emb < n:
            out.append(f"      detail: Model{emb}?")
            out.append(f"      details: Model{emb}[]")
print("\n".join(out))
