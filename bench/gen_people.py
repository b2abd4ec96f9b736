#!/usr/bin/env python3
"""Benchmark data for realm-import, realm-export and the store: Person documents.

Usage:
    bench/gen_people.py N                       N documents as NDJSON on stdout
    bench/gen_people.py N --array               the same documents as one JSON array
    bench/gen_people.py N --schema people.yaml  also write the matching YAML schema
    bench/gen_people.py N --flat-schema flat.yaml  also write the schema of Person's leading plain fields
    bench/gen_people.py N --seed 7              another (still reproducible) data set

Documents are MongoDB canonical Extended JSON, so every value says its type. A Person holds:

- every scalar type the store has: objectId primary key, string, optional string, int,
  double, optional float, bool, decimal128, date, optional data;
- `tags`, a set of strings, and `attributes`, a map of strings whose keys sometimes contain
  '.', start with '$' or hold '%' (Realm forbids the first two in map keys, so an importer has
  to percent-encode them);
- `address`, an embedded Address;
- `dogs`, a list of 0-3 Dogs written inline. Dog has a uuid primary key and about one dog in
  five reappears in a later Person with the same key and content, so an import must run in
  upsert mode (`realm-import --mode upsert`). Each Dog holds a list of 0-2 embedded Toys.

The output depends only on N and --seed (for a given Python: the language promises stable
sequences across versions only for random() and seeding), so repeated runs and both sides of a
comparison read the same bytes. Only the standard library is used.
"""
import argparse
import base64
import json
import random
import sys
import uuid

# Person's leading plain fields, the start of Person in SCHEMA_YAML: the columns the CSV
# benchmark (bench/csv_bench.sh, through --flat-schema) keeps.
FLAT_PERSON_PROPERTIES = """\
      _id: objectId
      name: string
      email: string?
      age: int
      score: double
      rating: float?
      active: bool
      balance: decimal128
      birthdate: date
"""

# The schema the documents follow, in realm-schema's YAML. Realm requires a link to an
# embedded object to be optional, hence `Address?`.
SCHEMA_YAML = """\
# Written by bench/gen_people.py: the schema of its Person documents.
schemaVersion: 1
models:
  Person:
    primaryKey: _id
    properties:
""" + FLAT_PERSON_PROPERTIES + """\
      avatar: data?
      tags: string<>
      attributes: string{}
      address: Address?
      dogs: Dog[]
  Address:
    embedded: true
    properties:
      street: string
      city: string
      zip: string?
  Dog:
    primaryKey: _id
    properties:
      _id: uuid
      name: string
      breed: string?
      age: int
      toys: Toy[]
  Toy:
    embedded: true
    properties:
      brand: string
      price: double
"""

# Person with its leading plain fields alone (--flat-schema).
FLAT_SCHEMA_YAML = """\
# The flat fields of bench/gen_people.py's Person.
models:
  Person:
    primaryKey: _id
    properties:
""" + FLAT_PERSON_PROPERTIES

GIVEN_NAMES = ["Amara", "Bjørn", "Chiara", "Dmitri", "Eun-ji", "Farah", "Gustavo", "Hélène",
               "Ines", "Jomo", "Kaito", "Leilani", "Mateus", "Nilufar", "Oskar", "Priya"]
FAMILY_NAMES = ["Abara", "Brennan", "Castellanos", "Dahl", "Eze", "Fujimoto", "Gréville",
                "Halvorsen", "Iqbal", "Jansen", "Kowalczyk", "Lindqvist", "Müller"]
CITIES = ["Reykjavík", "Montréal", "Nairobi", "Kraków", "Valparaíso", "Hanoi", "Perth",
          "Tromsø", "Marseille"]
STREETS = ["Harbour Rd", "Elm Ave", "Rue Verte", "Hauptstraße", "Calle Mayor", "Birch Ln"]
TAG_WORDS = ["admin", "trial", "premium", "legacy", "mobile", "desktop", "beta", "churned",
             "partner"]
# Map keys: plain ones, and ones a Realm map cannot hold as they are ('.' inside, '$' first,
# and '%', which percent-encoding must itself escape).
ATTRIBUTE_KEYS = ["theme", "lang", "tz", "ui.density", "mail.digest", "$tier", "$source",
                  "quota%", "referrer"]
DOG_NAMES = ["Biscuit", "Nala", "Pepper", "Ziggy", "Mochi", "Bruno", "Luna"]
BREEDS = ["whippet", "corgi", "akita", "dachshund", "shiba inu", None]  # None: no breed
TOY_BRANDS = ["Ruffwear", "Outward Hound", "Benebone", "KONG"]

# A shared Dog is taken from the first dogs made, at most this many.
SHARED_DOG_POOL = 1000
SHARED_DOG_CHANCE = 0.2


# Canonical Extended JSON wrappers.
def ej_int(n):
    return {"$numberInt": str(n)}


def ej_double(x):
    return {"$numberDouble": repr(float(x))}


def ej_binary(raw, subtype):
    return {"$binary": {"base64": base64.b64encode(raw).decode("ascii"), "subType": subtype}}


def maybe(rng, chance_of_null, make):
    """None with probability `chance_of_null`, else make()."""
    return None if rng.random() < chance_of_null else make()


class PeopleWriter:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.dogs_to_share = []

    def object_id(self, serial):
        # 4 bytes of "seconds" (distinct per document, so the ids never collide) + 8 random bytes.
        seconds = 1_500_000_000 + serial
        return {"$oid": "%08x%016x" % (seconds, self.rng.getrandbits(64))}

    def new_dog(self):
        rng = self.rng
        dog_id = uuid.UUID(int=rng.getrandbits(128), version=4)
        return {
            "_id": ej_binary(dog_id.bytes, "04"),
            "name": rng.choice(DOG_NAMES),
            "breed": rng.choice(BREEDS),
            "age": ej_int(rng.randrange(16)),
            "toys": [{"brand": rng.choice(TOY_BRANDS),
                      "price": ej_double(round(rng.uniform(0.5, 60.0), 2))}
                     for _ in range(rng.randrange(3))],
        }

    def dogs(self):
        rng = self.rng
        result = []
        for _ in range(rng.randrange(4)):
            if self.dogs_to_share and rng.random() < SHARED_DOG_CHANCE:
                result.append(rng.choice(self.dogs_to_share))  # same _id, same content
                continue
            dog = self.new_dog()
            if len(self.dogs_to_share) < SHARED_DOG_POOL:
                self.dogs_to_share.append(dog)
            result.append(dog)
        return result

    def person(self, serial):
        rng = self.rng
        millis = rng.randrange(-2_000_000_000_000, 1_700_000_000_000)  # 1906 to 2023
        return {
            "_id": self.object_id(serial),
            "name": "%s %s" % (rng.choice(GIVEN_NAMES), rng.choice(FAMILY_NAMES)),
            "email": maybe(rng, 0.1, lambda: "person%d@example.org" % serial),
            "age": ej_int(rng.randrange(100)),
            "score": ej_double(round(rng.uniform(-5000.0, 5000.0), 6)),
            # Halves are exact in single precision, so a float column keeps them unchanged.
            "rating": maybe(rng, 0.3, lambda: ej_double(rng.randrange(11) / 2)),
            "active": rng.random() < 0.5,
            "balance": {"$numberDecimal": "%d.%02d" % (rng.randrange(10**9), rng.randrange(100))},
            "birthdate": {"$date": {"$numberLong": str(millis)}},
            "avatar": maybe(rng, 0.7, lambda: ej_binary(rng.randbytes(rng.randint(1, 48)), "00")),
            "tags": rng.sample(TAG_WORDS, rng.randrange(5)),
            "attributes": {key: "%s-%d" % (key.strip("$%").split(".")[-1], rng.randrange(100))
                           for key in rng.sample(ATTRIBUTE_KEYS, rng.randrange(5))},
            "address": {
                "street": "%d %s" % (rng.randint(1, 9999), rng.choice(STREETS)),
                "city": rng.choice(CITIES),
                "zip": maybe(rng, 0.2, lambda: "%05d" % rng.randrange(100000)),
            },
            "dogs": self.dogs(),
        }


def main():
    parser = argparse.ArgumentParser(
        description="Write N benchmark Person documents (canonical Extended JSON) to stdout.")
    parser.add_argument("count", type=int, metavar="N", help="how many Person documents")
    parser.add_argument("--array", action="store_true",
                        help="write one JSON array instead of one document a line (NDJSON)")
    parser.add_argument("--schema", metavar="FILE",
                        help="also write the documents' YAML schema to FILE")
    parser.add_argument("--flat-schema", metavar="FILE",
                        help="also write the YAML schema of Person's leading plain fields (the CSV benchmark's) to FILE")
    parser.add_argument("--seed", type=int, default=1,
                        help="random seed; the same N and seed give the same bytes (default 1)")
    args = parser.parse_args()
    if args.count < 0:
        parser.error("N must be 0 or more")

    if args.schema:
        with open(args.schema, "w", encoding="utf-8") as schema_file:
            schema_file.write(SCHEMA_YAML)
    if args.flat_schema:
        with open(args.flat_schema, "w", encoding="utf-8") as schema_file:
            schema_file.write(FLAT_SCHEMA_YAML)

    writer = PeopleWriter(args.seed)
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    out = open(sys.stdout.fileno(), "w", encoding="utf-8", buffering=1 << 20, closefd=False)
    if args.array:
        out.write("[")
    for serial in range(args.count):
        text = encode(writer.person(serial))
        if args.array:
            out.write(("\n" if serial == 0 else ",\n") + text)
        else:
            out.write(text + "\n")
    if args.array:
        out.write("\n]\n")
    out.flush()


if __name__ == "__main__":
    main()
