import RealmSchema
import TestSupport
import Testing

/// One invalid schema and exactly the errors it must produce (message, line, column).
struct InvalidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    var errors: [ExpectedError]

    var testDescription: String { name }
}

/// Asserts that a case compiles to no schema and exactly the expected errors, in order.
func check(_ invalid: InvalidCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let result = compile(invalid.yaml)
    #expect(result.schema == nil, sourceLocation: sourceLocation)
    #expect(errorLines(result) == invalid.errors.map(\.description), sourceLocation: sourceLocation)
}

/// Realm's schema rules (docs/schema-rules.md, section 2; case `8.1-N` is its case N), in Realm's words.
@Suite struct RealmRuleTests {
    static let cases: [InvalidCase] = [
        InvalidCase(name: "8.1-1 bool primary key", yaml: """
            models:
              Foo:
                primaryKey: flag
                properties: {flag: bool}
            """, errors: [ExpectedError("Property 'Foo.flag' of type 'bool' cannot be made the primary key.", 3, 17)]),
        InvalidCase(name: "8.1-1 date primary key", yaml: """
            models:
              Foo:
                primaryKey: when
                properties: {when: date}
            """, errors: [ExpectedError("Property 'Foo.when' of type 'date' cannot be made the primary key.", 3, 17)]),
        InvalidCase(name: "list and linking objects cannot be primary keys", yaml: """
            models:
              Foo:
                primaryKey: tags
                properties: {tags: "int[]"}
              Bar:
                primaryKey: foos
                properties:
                  id: int
                  foos: {type: linkingObjects, objectType: Bar, property: id}
            """, errors: [
                ExpectedError("Property 'Foo.tags' of type 'array' cannot be made the primary key.", 3, 17),
                ExpectedError("Property 'Bar.foos' of type 'linking objects' cannot be made the primary key.", 6, 17),
                ExpectedError("Property 'Bar.id' declared as origin of linking objects property 'Bar.foos' is not a link", 9, 63),
            ]),
        InvalidCase(name: "named primary key must exist", yaml: """
            models:
              Foo:
                primaryKey: idd
                properties: {id: int}
            """, errors: [ExpectedError("Specified primary key 'Foo.idd' does not exist.", 3, 17)]),
        InvalidCase(name: "8.1-4 embedded with primary key", yaml: """
            models:
              Addr:
                embedded: true
                primaryKey: id
                properties: {id: int}
            """, errors: [ExpectedError("Embedded object type 'Addr' cannot have a primary key.", 4, 5)]),
        InvalidCase(name: "8.1-5 set of embedded objects", yaml: """
            models:
              Owner:
                properties: {addrs: "Addr<>"}
              Addr:
                embedded: true
                properties: {city: string}
            """, errors: [ExpectedError("Set property 'Owner.addrs' cannot contain embedded object type 'Addr'. "
                                        + "Set semantics are not applicable to embedded objects.", 3, 25)]),
        InvalidCase(name: "8.1-7 embedded cycle to itself", yaml: """
            models:
              Root:
                properties: {n: Node?}
              Node:
                embedded: true
                properties: {child: Node?}
            """, errors: [ExpectedError("Cycles containing embedded objects are not currently supported: 'Node.child'", 6, 25)]),
        InvalidCase(name: "embedded cycle through another embedded type", yaml: """
            models:
              Root:
                properties: {a: A?}
              A:
                embedded: true
                properties: {toB: "B[]"}
              B:
                embedded: true
                properties: {toA: A?}
            """, errors: [
                ExpectedError("Cycles containing embedded objects are not currently supported: 'A.toB.toA'", 6, 23),
                ExpectedError("Cycles containing embedded objects are not currently supported: 'B.toA.toB'", 9, 23),
            ]),
        InvalidCase(name: "8.1-10 unknown object type", yaml: """
            models:
              Dog:
                properties: {owner: Persn?}
              Person:
                properties: {name: string}
            """, errors: [ExpectedError("Property 'Dog.owner' of type 'object' has unknown object type 'Persn'", 3, 25)]),
        InvalidCase(name: "8.1-11 non-nullable link, also to an embedded type", yaml: """
            models:
              Dog:
                properties:
                  owner: Person
                  address: Address
              Person:
                properties: {name: string}
              Address:
                embedded: true
                properties: {city: string}
            """, errors: [
                ExpectedError("Property 'Dog.owner' of type 'object' must be nullable.", 4, 14),
                ExpectedError("Property 'Dog.address' of type 'object' must be nullable.", 5, 16),
            ]),
        InvalidCase(name: "8.1-12 list and set of optional links", yaml: """
            models:
              Dog:
                properties:
                  friends: "Dog?[]"
                  pals: "Dog?<>"
            """, errors: [
                ExpectedError("Property 'Dog.friends' of type 'array' cannot be nullable.", 4, 16),
                ExpectedError("Property 'Dog.pals' of type 'set' cannot be nullable.", 5, 13),
            ]),
        InvalidCase(name: "8.1-13 map of non-optional links", yaml: """
            models:
              Dog:
                properties: {byName: "Dog{}"}
            """, errors: [ExpectedError("Property 'Dog.byName' of type 'object' must be nullable.", 3, 26)]),
        InvalidCase(name: "8.1-14 optional mixed", yaml: """
            models:
              Foo:
                properties:
                  v: mixed?
                  vs: {type: "mixed[]", optional: false}
                  w: {type: mixed, optional: true}
            """, errors: [
                ExpectedError("Mixed property 'Foo.v' must not be marked as optional: a mixed value can already be null.", 4, 10),
                ExpectedError("Mixed property 'Foo.w' must not be marked as optional: a mixed value can already be null.", 6, 17),
            ]),
        InvalidCase(name: "8.1-15 unindexable types", yaml: """
            models:
              Foo:
                properties:
                  price: {type: double, indexed: true}
                  tags: {type: "string[]", indexed: true}
                  any: {type: mixed, indexed: true}
                  other: {type: Foo?, indexed: true}
                  blob: {type: data, indexed: false}
            """, errors: [
                ExpectedError("Property 'Foo.price' of type 'double' cannot be indexed.", 4, 38),
                ExpectedError("Property 'Foo.tags' of type 'array' cannot be indexed.", 5, 41),
                ExpectedError("Property 'Foo.any' of type 'mixed' cannot be indexed.", 6, 35),
                ExpectedError("Property 'Foo.other' of type 'object' cannot be indexed.", 7, 36),
            ]),
        InvalidCase(name: "8.1-16 linking objects origin rules", yaml: """
            models:
              Person:
                properties:
                  count: int
                  cats: "Cat[]"
              Cat:
                properties: {name: string}
              Dog:
                properties:
                  name: string
                  a: {type: linkingObjects, objectType: Person, property: pets}
                  b: {type: linkingObjects, objectType: Person, property: count}
                  c: {type: linkingObjects, objectType: Person, property: cats}
                  d: {type: linkingObjects, objectType: Persn, property: cats}
            """, errors: [
                ExpectedError("Property 'Person.pets' declared as origin of linking objects property 'Dog.a' does not exist", 11, 63),
                ExpectedError("Property 'Person.count' declared as origin of linking objects property 'Dog.b' is not a link", 12, 63),
                ExpectedError("Property 'Person.cats' declared as origin of linking objects property 'Dog.c' links to type 'Cat'",
                              13, 63),
                ExpectedError("Property 'Dog.d' of type 'linking objects' has unknown object type 'Persn'", 14, 45),
            ]),
        InvalidCase(name: "asymmetric models need a primary key", yaml: """
            models:
              Reading:
                asymmetric: true
                properties: {value: double}
            """, errors: [ExpectedError("Asymmetric object type 'Reading' must have a primary key.", 2, 3)]),
        InvalidCase(name: "8.1-18 links to asymmetric objects", yaml: """
            models:
              Log:
                properties:
                  r: Reading?
                  rs: "Reading[]"
              Reading:
                asymmetric: true
                primaryKey: _id
                properties: {_id: objectId, value: double}
            """, errors: [
                ExpectedError("Property 'Log.r' of type 'object' cannot be a link to an asymmetric object.", 4, 10),
                ExpectedError("Property 'Log.rs' of type 'array' cannot be a link to an asymmetric object.", 5, 11),
            ]),
        InvalidCase(name: "8.1-19 stored names collide through mapTo", yaml: """
            models:
              Foo:
                properties:
                  a: {type: int, mapTo: b}
                  b: int
            """, errors: [ExpectedError("Property 'b' appears more than once in the schema for type 'Foo'.", 5, 7)]),
        InvalidCase(name: "aliases that are another property's stored name", yaml: """
            models:
              Foo:
                properties:
                  a: {type: int, mapTo: b}
                  b: {type: int, mapTo: a}
            """, errors: [
                ExpectedError("Property 'Foo.b' has an alias 'a' that conflicts with a property of the same name.", 4, 29),
                ExpectedError("Property 'Foo.a' has an alias 'b' that conflicts with a property of the same name.", 5, 29),
            ]),
        InvalidCase(name: "8.1-20 names too long", yaml: """
            models:
              \(String(repeating: "C", count: 58)):
                properties:
                  \(String(repeating: "p", count: 64)): int
                  short: {type: int, mapTo: \(String(repeating: "m", count: 64))}
            """, errors: [
                ExpectedError("Name too long: class_\(String(repeating: "C", count: 58))", 2, 3),
                ExpectedError("Name too long: \(String(repeating: "p", count: 64))", 4, 7),
                ExpectedError("Name too long: \(String(repeating: "m", count: 64))", 5, 33),
            ]),
        InvalidCase(name: "full-text index rules", yaml: """
            models:
              Foo:
                primaryKey: key
                properties:
                  key: {type: string, indexed: fulltext}
                  n: {type: int, indexed: fulltext}
                  tags: {type: "string[]", indexed: fulltext}
            """, errors: [
                ExpectedError("Primary key property 'Foo.key' cannot have a full-text index.", 5, 36),
                ExpectedError("Property 'Foo.n' of type 'int' cannot have a full-text index: only string properties can.", 6, 31),
                ExpectedError("Property 'Foo.tags' of type 'array' cannot have a full-text index: only string properties can.",
                              7, 41),
            ]),
        InvalidCase(name: "linking objects cannot be optional", yaml: """
            models:
              Person:
                properties: {dogs: "Dog[]"}
              Dog:
                properties:
                  name: string
                  owners: {type: linkingObjects?, objectType: Person, property: dogs}
            """, errors: [ExpectedError("Property 'Dog.owners' of type 'linking objects' cannot be nullable.", 7, 22)]),
    ]

    @Test(arguments: cases)
    func reportsRealmsError(_ invalid: InvalidCase) {
        check(invalid)
    }

    @Test func notesCarryFixesAndSuggestions() throws {
        let result = compile("""
            models:
              Person:
                primaryKey: idd
                properties: {id: int, address: Address, home: Adress?}
              Address:
                embedded: true
                properties: {city: string}
            """)
        let notes = result.diagnostics.errors.map(\.notes)
        #expect(notes == [
            ["did you mean 'id'?"],
            ["write 'Address?'"],
            ["did you mean 'Address'?"],
        ])
    }

    @Test func severalProblemsInOneFileAreReportedTogether() {
        let result = compile("""
            models:
              Foo:
                primaryKey: flag
                properties:
                  flag: bool
                  owner: Bar
                  price: {type: double, indexed: true}
                  kind: {type: strin}
            """)
        #expect(errorLines(result) == [
            "3:17: Property 'Foo.flag' of type 'bool' cannot be made the primary key.",
            "6:14: Property 'Foo.owner' of type 'object' has unknown object type 'Bar'",
            "7:38: Property 'Foo.price' of type 'double' cannot be indexed.",
            "8:20: Property 'Foo.kind' has unknown type 'strin'.",
        ])
    }
}
