#!/usr/bin/env python3
"""Write a large, valid realm-schema YAML file: N models that use every type and model kind."""
import sys

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
