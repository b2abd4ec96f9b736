#!/usr/bin/env python3
"""One large JSON document of one shape, for the import section's one-document memory rows.

    gen_large_doc.py SHAPE MEGABYTES OUT.json OUT.yaml

SHAPE is `string` (one string value of MEGABYTES MB), `set` (a set of 11-digit integers,
12 bytes each with the comma) or `map` (a map of entries like "k0000123":123, 16 bytes each).
OUT.yaml gets the schema: model Doc with primary key _id and the one property `v`. Prints the
number of elements (or entries; 1 for a string).
"""
import sys

shape, megabytes, out, schema = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
size = megabytes * 1_000_000
types = {"string": "string", "set": '"int<>"', "map": '"int{}"'}
with open(schema, "w") as f:
    f.write("models:\n  Doc: { primaryKey: _id, properties: { _id: int, v: %s } }\n" % types[shape])
with open(out, "w") as f:
    f.write('{"_id": 1, "v": ')
    count = 1 if shape == "string" else size // 12 if shape == "set" else size // 16
    if shape == "string":
        f.write('"' + "x" * size + '"')
    elif shape == "set":
        f.write("[" + ",".join(str(10_000_000_000 + i * 7) for i in range(count)) + "]")
    else:
        f.write("{" + ",".join('"k%07d":%d' % (i, i % 1000) for i in range(count)) + "}")
    f.write("}\n")
print(count)
