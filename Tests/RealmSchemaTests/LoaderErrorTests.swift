import RealmSchema
import TestSupport
import Testing

/// The YAML language itself (docs/schema-rules.md, section 1): structure, keys, types and names.
@Suite struct LoaderErrorTests {
    static let cases: [InvalidCase] = [
        InvalidCase(name: "YAML syntax error", yaml: """
            models:
              Dog: {name: string
            """, errors: [ExpectedError("YAML syntax error: did not find expected ',' or '}'", 3, 1)]),
        InvalidCase(name: "duplicate property key", yaml: """
            models:
              Dog:
                properties:
                  name: string
                  name: int
            """, errors: [ExpectedError("Duplicate key 'name'.", 5, 7)]),
        InvalidCase(name: "duplicate model key", yaml: """
            models:
              Dog: {properties: {a: int}}
              Dog: {properties: {b: int}}
            """, errors: [ExpectedError("Duplicate key 'Dog'.", 3, 3)]),
        InvalidCase(name: "empty file", yaml: "", errors: [
            ExpectedError("The schema file is empty: expected a mapping with 'schemaVersion' and 'models'.", 1, 1),
        ]),
        InvalidCase(name: "top level is not a mapping", yaml: "- Dog\n", errors: [
            ExpectedError("Expected a mapping for the schema file, found a sequence.", 1, 1),
        ]),
        InvalidCase(name: "no models key", yaml: "schemaVersion: 2\n", errors: [
            ExpectedError("The schema file has no 'models' key.", 1, 1),
        ]),
        InvalidCase(name: "unknown top-level key", yaml: """
            schemaVersion: 1
            model:
              Dog: {properties: {a: int}}
            """, errors: [
                ExpectedError("Unknown key 'model' in the schema file.", 2, 1),
                ExpectedError("The schema file has no 'models' key.", 1, 1),
            ].sorted { ($0.line, $0.column) < ($1.line, $1.column) }),
        InvalidCase(name: "bad schemaVersion", yaml: """
            schemaVersion: -1
            models: {}
            """, errors: [ExpectedError("'schemaVersion' must be a non-negative integer, found '-1'.", 1, 16)]),
        InvalidCase(name: "model named like a built-in type", yaml: """
            models:
              string: {properties: {x: int}}
              linkingObjects: {properties: {x: int}}
            """, errors: [
                ExpectedError("Model name 'string' is also the name of a built-in type; properties could not link to it.", 2, 3),
                ExpectedError("Model name 'linkingObjects' is also the name of a built-in type; properties could not link to it.",
                              3, 3),
            ]),
        InvalidCase(name: "schemaVersion must be an integer", yaml: """
            schemaVersion: "1"
            models: {}
            """, errors: [ExpectedError("'schemaVersion' must be a non-negative integer, found '1'.", 1, 16)]),
        InvalidCase(name: "unknown model key", yaml: """
            models:
              Dog:
                primarykey: id
                properties: {id: int}
            """, errors: [ExpectedError("Unknown key 'primarykey' in model 'Dog'.", 3, 5)]),
        InvalidCase(name: "unknown property key", yaml: """
            models:
              Dog:
                properties:
                  name: {type: string, indexd: true}
            """, errors: [ExpectedError("Unknown key 'indexd' in property 'Dog.name'.", 4, 28)]),
        InvalidCase(name: "unknown scalar type", yaml: """
            models:
              Dog:
                properties: {name: strin, age: integer}
            """, errors: [
                ExpectedError("Property 'Dog.name' has unknown type 'strin'.", 3, 24),
                ExpectedError("Property 'Dog.age' has unknown type 'integer'.", 3, 36),
            ]),
        InvalidCase(name: "optional collection", yaml: """
            models:
              Dog:
                properties: {friends: "Dog[]?"}
            """, errors: [ExpectedError("Property 'Dog.friends' of type 'Dog[]?' cannot be optional: "
                                        + "lists, sets and maps are never optional.", 3, 27)]),
        InvalidCase(name: "malformed types", yaml: """
            models:
              Dog:
                properties:
                  a: "int??"
                  b: "int[][]"
                  c: "[]"
                  d: "my-type"
                  e: "linkingObjects[]"
            """, errors: [
                ExpectedError("Property 'Dog.a' has invalid type 'int??': '?' may appear only once.", 4, 10),
                ExpectedError("Property 'Dog.b' has invalid type 'int[][]': a collection suffix ('[]', '<>' or '{}') may appear "
                              + "only once, at the end.", 5, 10),
                ExpectedError("Property 'Dog.c' has invalid type '[]': the type name is missing.", 6, 10),
                ExpectedError("Property 'Dog.d' has invalid type 'my-type': a type name contains only letters, digits and '_'.",
                              7, 10),
                ExpectedError("Property 'Dog.e' has invalid type 'linkingObjects[]': "
                              + "'linkingObjects' takes no '[]', '<>' or '{}' suffix.", 8, 10),
            ]),
        InvalidCase(name: "optional false contradicts int?", yaml: """
            models:
              Dog:
                properties:
                  age: {type: int?, optional: false}
                  tags: {type: "int[]", optional: true}
            """, errors: [
                ExpectedError("Property 'Dog.age' says 'optional: false' but its type 'int?' is optional.", 4, 35),
                ExpectedError("'optional' cannot be used on property 'Dog.tags' of collection type 'int[]'.", 5, 29),
            ]),
        InvalidCase(name: "type is not text", yaml: """
            models:
              Dog:
                properties:
                  a: 5
                  b: [int]
                  c: {optional: true}
            """, errors: [
                ExpectedError("The type of property 'Dog.a' must be a string such as 'int?' or 'Dog[]', found '5'.", 4, 10),
                ExpectedError("The type of property 'Dog.b' must be a string such as 'int?' or 'Dog[]', found a sequence.", 5, 10),
                ExpectedError("Property 'Dog.c' has no 'type'.", 6, 7),
            ]),
        InvalidCase(name: "invalid names", yaml: """
            models:
              1Dog:
                properties: {my-prop: int}
            """, errors: [
                ExpectedError("Invalid model name '1Dog': names must start with a letter or '_' and contain only letters, "
                              + "digits and '_'.", 2, 3),
                ExpectedError("Invalid property name 'my-prop': names must start with a letter or '_' and contain only letters, "
                              + "digits and '_'.", 3, 18),
            ]),
        InvalidCase(name: "models without properties", yaml: """
            models:
              A: {}
              B:
                properties: {}
              C:
                properties:
                  back: {type: linkingObjects, objectType: D, property: c}
              D:
                properties: {c: C?}
            """, errors: [
                ExpectedError("No properties are defined for 'A'. Did you remember to list them under 'properties'?", 2, 3),
                ExpectedError("No properties are defined for 'B'. Did you remember to list them under 'properties'?", 4, 5),
                ExpectedError("No properties are defined for 'C'. Did you remember to list them under 'properties'?", 6, 5),
            ]),
        InvalidCase(name: "embedded and asymmetric", yaml: """
            models:
              Foo:
                embedded: true
                asymmetric: yes
              Bar:
                embedded: true
                asymmetric: true
                properties: {a: int}
            """, errors: [
                ExpectedError("'asymmetric' of model 'Foo' must be true or false, found 'yes'.", 4, 17),
                ExpectedError("Model 'Bar' cannot be both embedded and asymmetric.", 7, 5),
                ExpectedError("No properties are defined for 'Foo'. Did you remember to list them under 'properties'?", 2, 3),
            ].sorted { ($0.line, $0.column) < ($1.line, $1.column) }),
        InvalidCase(name: "linking objects needs objectType and property", yaml: """
            models:
              Dog:
                properties:
                  name: string
                  a: {type: linkingObjects, property: x}
                  b: {type: linkingObjects, objectType: Dog}
                  c: {type: int, objectType: Dog, property: x}
            """, errors: [
                ExpectedError("Property 'Dog.a' of type 'linking objects' must name its origin model with 'objectType'.", 5, 17),
                ExpectedError("Property 'Dog.b' of type 'linking objects' must have an origin property name.", 6, 17),
                ExpectedError("Property 'Dog.c' of type 'int' cannot have an object type.", 7, 22),
                ExpectedError("Property 'Dog.c' of type 'int' cannot have an origin property name.", 7, 39),
            ]),
        InvalidCase(name: "mapTo must be a non-empty string", yaml: """
            models:
              Dog:
                properties:
                  a: {type: int, mapTo: ""}
                  b: {type: int, mapTo: 5}
            """, errors: [
                ExpectedError("'mapTo' of property 'Dog.a' must not be empty.", 4, 29),
                ExpectedError("'mapTo' of property 'Dog.b' must be a string, found '5'.", 5, 29),
            ]),
        InvalidCase(name: "indexed takes true, false or fulltext", yaml: """
            models:
              Dog:
                properties: {name: {type: string, indexed: yes}}
            """, errors: [ExpectedError("'indexed' of property 'Dog.name' must be true, false or fulltext, found 'yes'.", 3, 48)]),
    ]

    @Test(arguments: cases)
    func reportsTheProblem(_ invalid: InvalidCase) {
        check(invalid)
    }

    @Test func unknownKeysAndTypesSuggestTheClosestName() {
        let result = compile("""
            models:
              Dog:
                primarykey: id
                properties:
                  id: int
                  name: {type: strin, indexd: true}
                  kind: {type: foo}
                  owner: Persn?
              Person:
                properties: {name: string}
            """)
        #expect(result.diagnostics.errors.map(\.notes) == [
            ["did you mean 'primaryKey'?"],
            ["did you mean 'string'?"],
            ["did you mean 'indexed'?"],
            ["valid types are bool, int, int8, int16, int32, int64, float, double, string, data, date, decimal128, objectId, "
                + "uuid, mixed, linkingObjects and model names"],
            ["did you mean 'Person'?"],
        ])
    }

    @Test func aSyntaxErrorInOneFileStopsBeforeLoading() {
        let result = SchemaCompiler.compile([
            SchemaSource(path: "a.yaml", text: "models:\n  Dog: {properties: {owner: Person?}}\n"),
            SchemaSource(path: "b.yaml", text: "models: [\n"),
        ])
        #expect(result.schema == nil)
        #expect(result.diagnostics.all.map(\.description) == [
            "b.yaml:2:1: error: YAML syntax error: did not find expected node content\n"
                + "b.yaml:2:1: note: while parsing a flow node at line 2, column 1",
        ])
    }
}
