#!/usr/bin/env python3
"""One large JSON document of one shape, for the import section's one-document memory rows.

    gen_large_doc.py SHAPE MEGABYTES OUT.json OUT.yaml

SHAPE is `string` (one string value of MEGABYTES MB), `set` (a set of 11-digit integers,
12 bytes each with the comma) or `map` (a map of entries like "k0000123":123, 16 bytes each).
OUT.yaml gets the schema: model Doc with primary key _id and the one property `v`.
"""
import sys

shape, megabytes, out, schema = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
size = megabytes * 1_000_000
types = {"string": "string", "set": '"int<>"', "map": '"int{}"'}
with open(schema, "w") as f:
    f.write("models:\n  Doc: { primaryKey: _id, properties: { _id: int, v: %s } }\n" % types[shape])
with open(out, "w") as f:
    f.write('{"_id": 1, "v": ')
    if shape == "string":
        f.write('"' + "x" * size + '"')
    elif shape == "set":
        f.write("[" + ",".join(str(10_000_000_000 + i * 7) for i in range(size // 12)) + "]")
    else:
        f.write("{" + ",".join('"k%07d":%d' % (i, i % 1000) for i in range(size // 16)) + "}")
    f.write("}\n")
