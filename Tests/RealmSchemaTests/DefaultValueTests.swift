import RealmSchema
import Testing

/// `default` and `enum`: values must fit the property's type.
@Suite struct DefaultValueTests {
    /// A one-model schema whose property `p` is declared by `declaration`.
    static func model(_ declaration: String) -> String {
        "models:\n  Foo:\n    properties:\n      p: \(declaration)\n"
    }

    static func invalid(_ name: String, _ declaration: String, _ message: String, column: Int) -> InvalidCase {
        InvalidCase(name: name, yaml: model(declaration), errors: [ExpectedError(message, 4, column)])
    }

    static let cases: [InvalidCase] = [
        invalid("bool", "{type: bool, default: yes}",
                "Invalid default value 'yes' for property 'Foo.p' of type 'bool': expected true or false.", column: 32),
        invalid("int8 range", "{type: int8, default: 300}",
                "Invalid default value '300' for property 'Foo.p' of type 'int8': expected an integer from -128 to 127.",
                column: 32),
        invalid("int text", "{type: int, default: '12'}",
                "Invalid default value '12' for property 'Foo.p' of type 'int': expected an integer from "
                + "-9223372036854775808 to 9223372036854775807.", column: 31),
        invalid("int64 overflow", "{type: int64, default: 9223372036854775808}",
                "Invalid default value '9223372036854775808' for property 'Foo.p' of type 'int64': expected an integer from "
                + "-9223372036854775808 to 9223372036854775807.", column: 33),
        invalid("float range", "{type: float, default: 1e39}",
                "Invalid default value '1e39' for property 'Foo.p' of type 'float': expected a number within the range of float.",
                column: 33),
        invalid("double", "{type: double, default: \"1.5\"}",
                "Invalid default value '1.5' for property 'Foo.p' of type 'double': expected a number.", column: 34),
        invalid("string", "{type: string, default: 123}",
                "Invalid default value '123' for property 'Foo.p' of type 'string': expected a string (quote it: '123').",
                column: 34),
        invalid("data", "{type: data, default: 'not base64!'}",
                "Invalid default value 'not base64!' for property 'Foo.p' of type 'data': expected base64 text.", column: 32),
        invalid("date", "{type: date, default: '2024-02-30T00:00:00Z'}",
                "Invalid default value '2024-02-30T00:00:00Z' for property 'Foo.p' of type 'date': expected an ISO-8601 "
                + "date and time such as '2024-01-31T09:30:00Z'.", column: 32),
        invalid("date without zone", "{type: date, default: '2024-01-01T10:00:00'}",
                "Invalid default value '2024-01-01T10:00:00' for property 'Foo.p' of type 'date': expected an ISO-8601 "
                + "date and time such as '2024-01-31T09:30:00Z'.", column: 32),
        invalid("decimal128", "{type: decimal128, default: '1.2.3'}",
                "Invalid default value '1.2.3' for property 'Foo.p' of type 'decimal128': expected a decimal number such as "
                + "'12.50'.", column: 38),
        invalid("decimal128 NaN", "{type: decimal128, default: NaN}",
                "Invalid default value 'NaN' for property 'Foo.p' of type 'decimal128': expected a decimal number such as "
                + "'12.50'.", column: 38),
        invalid("objectId", "{type: objectId, default: 507f1f77bcf86cd79943901}",
                "Invalid default value '507f1f77bcf86cd79943901' for property 'Foo.p' of type 'objectId': expected 24 "
                + "hexadecimal digits.", column: 36),
        invalid("uuid", "{type: uuid, default: 137decc8-b300-4954-a233}",
                "Invalid default value '137decc8-b300-4954-a233' for property 'Foo.p' of type 'uuid': expected a UUID such as "
                + "'137decc8-b300-4954-a233-f89909f4fd89'.", column: 32),
        invalid("mixed", "{type: mixed, default: 99999999999999999999}",
                "Invalid default value '99999999999999999999' for property 'Foo.p' of type 'mixed': expected null, a boolean, "
                + "a 64-bit integer, a number or a string.", column: 33),
        invalid("sequence", "{type: int, default: [1]}",
                "Invalid default value for property 'Foo.p' of type 'int': expected an integer from "
                + "-9223372036854775808 to 9223372036854775807, found a sequence.", column: 31),
        invalid("enum value mapping", "{type: string, enum: [a, {b: c}]}",
                "Invalid enum value for property 'Foo.p' of type 'string': expected a string, found a mapping.", column: 35),
        invalid("null on required", "{type: int, default: null}",
                "Default value null is not allowed for property 'Foo.p' of type 'int': it is not optional.", column: 31),
        invalid("collection", "{type: \"int[]\", default: 1}",
                "Property 'Foo.p' is a list and cannot have a 'default': collections start empty.", column: 26),
        invalid("link", "{type: Foo?, default: 1}",
                "Property 'Foo.p' links to 'Foo' and cannot have a 'default'.", column: 23),
        invalid("enum on double", "{type: double, enum: [1.5]}",
                "Property 'Foo.p' of type 'double' cannot have an 'enum': only string and int properties can.", column: 25),
        invalid("enum not a list", "{type: string, enum: a}",
                "'enum' of property 'Foo.p' must be a list of values, found 'a'.", column: 31),
        invalid("enum empty", "{type: string, enum: []}", "'enum' of property 'Foo.p' must list at least one value.", column: 31),
        invalid("enum duplicate", "{type: string, enum: [a, b, a]}",
                "Enum value 'a' appears more than once for property 'Foo.p'.", column: 38),
        invalid("enum value type", "{type: string, enum: [a, 5]}",
                "Invalid enum value '5' for property 'Foo.p' of type 'string': expected a string (quote it: '5').", column: 35),
        invalid("int8 enum range", "{type: \"int8[]\", enum: [1, 300]}",
                "Invalid enum value '300' for property 'Foo.p' of type 'int8': expected an integer from -128 to 127.",
                column: 37),
        invalid("default outside enum", "{type: string, enum: [active, retired], default: gone}",
                "Default value 'gone' of property 'Foo.p' is not one of its enum values: 'active', 'retired'.", column: 59),
        InvalidCase(name: "linking objects default", yaml: """
            models:
              Foo:
                properties:
                  p: {type: linkingObjects, objectType: Foo, property: q, default: 1}
                  q: Foo?
            """, errors: [ExpectedError("Property 'Foo.p' of type 'linking objects' is computed and cannot have a 'default'.",
                                        4, 63)]),
    ]

    @Test(arguments: cases)
    func rejectsValuesThatDoNotFit(_ invalid: InvalidCase) {
        check(invalid)
    }

    @Test func readsEveryTypeOfDefault() throws {
        let schema = try #require(compileValid("""
            models:
              Foo:
                properties:
                  b: {type: bool, default: false}
                  i8: {type: int8, default: -128}
                  i: {type: int, default: 0x10}
                  f: {type: float, default: 1}
                  d: {type: double, default: -2.5e3}
                  s: {type: string, default: "true"}
                  data: {type: data, default: aGVsbG8=}
                  dt: {type: date, default: '2024-01-31T09:30:00.123456789+01:00'}
                  before: {type: date, default: '1969-12-31T23:59:58.9Z'}
                  day: {type: date, default: '1970-01-02'}
                  dec: {type: decimal128, default: ' 12.50 '}
                  decNum: {type: decimal128, default: 1.5E+3}
                  oid: {type: objectId, default: 507F1F77BCF86CD799439011}
                  u: {type: uuid, default: 137DECC8-B300-4954-A233-F89909F4FD89}
                  n: {type: int?, default: ~}
                  m: {type: mixed, default: null}
                  m2: {type: mixed, default: 'x'}
                  m3: {type: mixed, default: 7}
                  e: {type: int16, enum: [1, 2, 3], default: 2}
                  tags: {type: "string<>", enum: [a, b]}
            """))
        let values = schema.models[0].properties.map(\.defaultValue)
        #expect(values == [
            .bool(false), .int(-128), .int(16), .double(1), .double(-2500), .string("true"), .data(Array("hello".utf8)),
            .date(seconds: 1_706_689_800, nanoseconds: 123_456_789), .date(seconds: -1, nanoseconds: -100_000_000),
            .date(seconds: 86_400, nanoseconds: 0), .decimal128("12.50"), .decimal128("1.5E+3"),
            .objectId("507f1f77bcf86cd799439011"), .uuid("137decc8-b300-4954-a233-f89909f4fd89"), .null, .null,
            .string("x"), .int(7), .int(2), nil,
        ])
        #expect(schema.models[0].property(named: "e")?.enumValues == [.int(1), .int(2), .int(3)])
        #expect(schema.models[0].property(named: "tags")?.enumValues == [.string("a"), .string("b")])
    }
}
