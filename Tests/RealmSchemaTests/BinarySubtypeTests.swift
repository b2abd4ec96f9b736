import RealmSchema
import TestSupport
import Testing

/// `subtype: N` on a `data` property: the BSON binary subtype it keeps (docs/schema-rules.md,
/// section 1.7), and the located errors for a subtype it cannot keep.
@Suite struct BinarySubtypeTests {
    @Test func dataPropertiesKeepTheirSubtype() throws {
        let schema = try #require(compileValid("""
            models:
              Movie:
                properties:
                  vector: { type: data, subtype: 9 }
                  maybe: { type: data?, subtype: 128 }
                  vectors: { type: "data[]", subtype: 9 }
                  byName: { type: "data{}", subtype: 5 }
                  generic: { type: data, subtype: 0 }
                  plain: data
            """))
        let model = try #require(schema.model(named: "Movie"))
        #expect(model.properties.map(\.binarySubtype) == [9, 128, 9, 5, nil, nil])
        #expect(model.properties.map(\.type.description) == ["data", "data?", "data[]", "data{}", "data", "data"])
    }

    static let cases: [InvalidCase] = [
        InvalidCase(name: "subtype on a string", yaml: """
            models:
              M:
                properties:
                  s: { type: string, subtype: 9 }
            """, errors: [ExpectedError(
                "Property 'M.s' of type 'string' cannot have a 'subtype': only data properties keep a BSON binary subtype.", 4, 26)]),
        InvalidCase(name: "subtype on mixed", yaml: """
            models:
              M:
                properties:
                  m: { type: mixed, subtype: 9 }
            """, errors: [ExpectedError(
                "Property 'M.m' of type 'mixed' cannot have a 'subtype': only data properties keep a BSON binary subtype.", 4, 25)]),
        InvalidCase(name: "subtype out of range or not an integer", yaml: """
            models:
              M:
                properties:
                  a: { type: data, subtype: 256 }
                  b: { type: data, subtype: "9" }
                  c: { type: data, subtype: -1 }
            """, errors: [
                ExpectedError("'subtype' of property 'M.a' must be a BSON binary subtype, an integer from 0 to 255, found '256'.", 4, 33),
                ExpectedError("'subtype' of property 'M.b' must be a BSON binary subtype, an integer from 0 to 255, found '9'.", 5, 33),
                ExpectedError("'subtype' of property 'M.c' must be a BSON binary subtype, an integer from 0 to 255, found '-1'.", 6, 33),
            ]),
        InvalidCase(name: "subtypes with another meaning", yaml: """
            models:
              M:
                properties:
                  old: { type: data, subtype: 2 }
                  legacy: { type: data, subtype: 3 }
                  id: { type: data, subtype: 4 }
                  reserved: { type: data, subtype: 0x0A }
            """, errors: [
                ExpectedError("Property 'M.old' cannot keep binary subtype 2 (old generic): import reads it as generic binary, subtype 0.",
                              4, 35),
                ExpectedError("Property 'M.legacy' cannot keep binary subtype 3 (legacy UUID): its byte order depends on the driver "
                              + "that wrote it.", 5, 38),
                ExpectedError("Property 'M.id' cannot keep binary subtype 4 (UUID): a UUID has a property type of its own.", 6, 34),
                ExpectedError("Property 'M.reserved' cannot keep binary subtype 10: BSON reserves subtypes 10 to 127.", 7, 40),
            ]),
    ]

    @Test(arguments: cases)
    func reportsTheProblem(_ invalid: InvalidCase) {
        check(invalid)
    }

    @Test func theNoteSaysWhatToDeclareInstead() {
        let result = compile("""
            models:
              M:
                properties:
                  id: { type: data, subtype: 4 }
            """)
        #expect(result.diagnostics.errors.first?.notes == ["declare the property 'uuid'"])
    }
}
