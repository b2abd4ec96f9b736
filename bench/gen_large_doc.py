#!/usr/bin/env python3
"""One large document of one shape, for the import section's one-document memory rows.

    gen_large_doc.py SHAPE MEGABYTES OUT OUT.yaml

SHAPE is `string` (one string value of MEGABYTES MB), `array` (a list of 11-digit integers,
12 bytes each with the comma), `set` (the same integers as a set), `map` (a map of entries like
"k0000123":123, 16 bytes each), `ignored` (a list of objects like {"k":1000123}, 14 bytes each,
under a key no property takes, beside a short string) or `csv` (a CSV file, a header and one row whose second cell is a quoted string of
MEGABYTES MB). OUT.yaml gets the schema: model Doc with primary key _id and the one property `v`.
Prints the number of elements (or entries; 1 for a string or a CSV cell).
"""
import sys

shape, megabytes, out, schema = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
size = megabytes * 1_000_000
types = {"string": "string", "array": '"int[]"', "set": '"int<>"', "map": '"int{}"', "ignored": "string",
         "csv": "string"}
with open(schema, "w") as f:
    f.write("models:\n  Doc: { primaryKey: _id, properties: { _id: int, v: %s } }\n" % types[shape])

count = {"string": 1, "csv": 1, "array": size // 12, "set": size // 12, "ignored": size // 14, "map": size // 16}[shape]


def integers(f):
    """Writes the `count` integers of an array, set or ignored array in chunks."""
    f.write("[")
    step = 100_000
    for first in range(0, count, step):
        if first:
            f.write(",")
        f.write(",".join(str(10_000_000_000 + i * 7) for i in range(first, min(count, first + step))))
    f.write("]")


with open(out, "w") as f:
    if shape == "csv":
        f.write('_id,v\n1,"')
        for _ in range(megabytes):
            f.write("x" * 1_000_000)
        f.write('"\n')
    else:
        f.write('{"_id": 1, ')
        if shape == "string":
            f.write('"v": "')
            for _ in range(megabytes):
                f.write("x" * 1_000_000)
            f.write('"')
        elif shape in ("array", "set"):
            f.write('"v": ')
            integers(f)
        elif shape == "ignored":
            f.write('"v": "kept", "unknown": [')
            step = 100_000
            for first in range(0, count, step):
                if first:
                    f.write(",")
                f.write(",".join('{"k":%d}' % (1_000_000 + i) for i in range(first, min(count, first + step))))
            f.write("]")
        else:
            f.write('"v": {')
            step = 100_000
            for first in range(0, count, step):
                if first:
                    f.write(",")
                f.write(",".join('"k%07d":%d' % (i, i % 1000) for i in range(first, min(count, first + step))))
            f.write("}")
        f.write("}\n")
print(count)
