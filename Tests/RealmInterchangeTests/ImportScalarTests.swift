import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// Every row of docs/json-typing.md's table, accepted and rejected, through the importer: the stored value, or
/// the message and the location of the value in the input.
@Suite struct ImportScalarTests {
    static let schema = """
        models:
          T:
            properties:
              b: bool?
              i: int?
              i8: int8?
              i32: int32?
              f: float?
              d: double?
              s: string?
              data: data?
              dt: date?
              dec: decimal128?
              oid: objectId?
              u: uuid?
              m: mixed
              e: { type: string?, enum: [a, b] }
              ei: { type: int?, enum: [1, 2] }
        """

    static let uuid = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!

    /// (property, JSON value, stored value)
    static let accepted: [(String, String, StoreValue)] = [
        ("b", "true", .bool(true)), ("b", "false", .bool(false)),
        ("i", "5", .int(5)), ("i", "-9223372036854775808", .int(.min)), ("i", #"{"$numberInt": "42"}"#, .int(42)),
        ("i", #"{"$numberLong": "9223372036854775807"}"#, .int(.max)),
        ("i8", "-128", .int(-128)), ("i32", "2147483647", .int(2_147_483_647)),
        ("f", "1", .float(1)), ("f", "11.1", .float(11.1)), ("f", #"{"$numberDouble": "Infinity"}"#, .float(.infinity)),
        ("d", "1", .double(1)), ("d", "11.1", .double(11.1)), ("d", #"{"$numberDouble": "-1.5"}"#, .double(-1.5)),
        ("s", #""héllo""#, .string("héllo")), ("s", #""""#, .string("")),
        ("data", #"{"$binary": {"base64": "aGVsbG8=", "subType": "00"}}"#, .data(Data("hello".utf8))),
        ("dt", #"{"$date": "2024-01-15T09:30:00.123456789Z"}"#, .date(Timestamp(seconds: 1_705_311_000, nanoseconds: 123_456_789))),
        ("dt", #"{"$date": {"$numberLong": "-1000"}}"#, .date(Timestamp(seconds: -1, nanoseconds: 0))),
        ("dec", #"{"$numberDecimal": "1843.10"}"#, .decimal128(try! Decimal128(string: "1843.10"))),
        ("dec", "7", .decimal128(Decimal128(7))),
        ("oid", #"{"$oid": "6560a1f0c0ffee0000000001"}"#, .objectId(try! ObjectId(string: "6560a1f0c0ffee0000000001"))),
        ("oid", #"{"$oid": "6560A1F0C0FFEE0000000001"}"#, .objectId(try! ObjectId(string: "6560a1f0c0ffee0000000001"))),
        ("u", #"{"$uuid": "137decc8-b300-4954-a233-f89909f4fd89"}"#, .uuid(uuid)),
        ("u", #"{"$binary": {"subType": "04", "base64": "E33syLMASVSiM/iZCfT9iQ=="}}"#, .uuid(uuid)),
        ("u", #""137DECC8-B300-4954-A233-F89909F4FD89""#, .uuid(uuid)),
        ("u", #"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "04"}}"#, .uuid(uuid)),
        ("m", "null", .null), ("m", "true", .bool(true)), ("m", "1", .int(1)), ("m", "1.5", .double(1.5)),
        ("m", #""s""#, .string("s")), ("m", #"{"$numberDecimal": "2.5"}"#, .decimal128(try! Decimal128(string: "2.5"))),
        ("m", #"[1, "a", {"k": true}]"#, .list([.int(1), .string("a"), .dictionary(["k": .bool(true)])])),
        ("e", #""a""#, .string("a")), ("ei", "2", .int(2)), ("e", "null", .null),
    ]

    @Test(arguments: accepted.indices)
    func accepts(_ row: Int) throws {
        let (property, json, expected) = Self.accepted[row]
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run("{\"\(property)\": \(json)}", ImportOptions(className: "T"))
        #expect(run.errors.isEmpty, "\(json): \(run.messages)")
        #expect(try harness.lastValue("T", property) == expected, "\(property) = \(json)")
    }

    /// (property, JSON value, message, the text the location points at)
    static let rejected: [(String, String, String, String)] = [
        ("b", "1", "Invalid value '1' of type 'integer' for 'bool?' property 'T.b'.", "1"),
        ("b", #""true""#, "Invalid value 'true' of type 'string' for 'bool?' property 'T.b'.", #""true""#),
        ("i", "1.1", "Invalid value '1.1' of type 'real' for 'int?' property 'T.i'.", "1.1"),
        ("i", #""1""#, "Invalid value '1' of type 'string' for 'int?' property 'T.i'.", #""1""#),
        ("i", "true", "Invalid value 'true' of type 'bool' for 'int?' property 'T.i'.", "true"),
        ("i8", "128", "Invalid value '128' of type 'integer' for 'int8?' property 'T.i8': out of range for 'int8' (-128 to 127).", "128"),
        ("i32", #"{"$numberLong": "2147483648"}"#,
         "Invalid value '{\"$numberLong\":\"2147483648\"}' of type 'int' for 'int32?' property 'T.i32': out of range for 'int32' (-2147483648 to 2147483647).", #"{"$numberLong""#),
        ("i", #"{"$numberInt": "2147483648"}"#,
         "Invalid value '2147483648' of type 'string' for 'int?' property 'T.i': $numberInt holds a 32-bit integer; use $numberLong.", #""2147483648""#),
        ("f", "true", "Invalid value 'true' of type 'bool' for 'float?' property 'T.f'.", "true"),
        ("f", "1e39", "Invalid value '1e+39' of type 'real' for 'float?' property 'T.f': out of the range of float.", "1e39"),
        ("d", #""x""#, "Invalid value 'x' of type 'string' for 'double?' property 'T.d'.", #""x""#),
        ("s", "5", "Invalid value '5' of type 'integer' for 'string?' property 'T.s'.", "5"),
        ("data", #""aGVsbG8=""#, "Invalid value 'aGVsbG8=' of type 'string' for 'data?' property 'T.data'.", #""aGVsbG8=""#),
        ("dt", #""2024-01-01T00:00:00Z""#, "Invalid value '2024-01-01T00:00:00Z' of type 'string' for 'date?' property 'T.dt'.", #""2024"#),
        ("dt", "1700000000000", "Invalid value '1700000000000' of type 'integer' for 'date?' property 'T.dt'.", "1700000000000"),
        ("dec", "1.5", "Invalid value '1.5' of type 'real' for 'decimal128?' property 'T.dec': real literals would lose digits.", "1.5"),
        ("oid", #""6560a1f0c0ffee0000000001""#,
         "Invalid value '6560a1f0c0ffee0000000001' of type 'string' for 'objectId?' property 'T.oid'.", #""6560"#),
        ("oid", #"{"$oid": "6560a1f0c0ffee000000000z"}"#,
         "Invalid value '6560a1f0c0ffee000000000z' of type 'string' for 'objectId?' property 'T.oid': must be 24 hex digits.", #""6560"#),
        ("u", #"{"$binary": {"base64": "E33syLMASVSiM/iZCfT9iQ==", "subType": "00"}}"#,
         "Invalid value '00' of type 'string' for 'uuid?' property 'T.u': a UUID in $binary has subType \"04\".", #""00""#),
        ("u", #""invalid""#, "Invalid value 'invalid' of type 'string' for 'uuid?' property 'T.u': not a UUID (8-4-4-4-12 hex digits).", #""invalid""#),
        ("e", #""c""#, "Invalid value 'c' of type 'string' for 'string?' property 'T.e': not one of the enum values 'a', 'b'.", #""c""#),
        ("ei", "3", "Invalid value '3' of type 'integer' for 'int?' property 'T.ei': not one of the enum values 1, 2.", "3"),
    ]

    @Test(arguments: rejected.indices)
    func rejects(_ row: Int) throws {
        let (property, json, message, culprit) = Self.rejected[row]
        let harness = try ImportHarness(Self.schema)
        let document = "{\"\(property)\": \(json)}"
        let run = try harness.run(document, ImportOptions(className: "T"))
        #expect(run.messages == [message])
        #expect(run.locations == ["1:\(column(of: culprit, in: document))"], "\(document)")
        #expect(run.errors.first?.notes.last == "at JSON path /\(property)" || run.errors.first?.notes.last?.hasPrefix("at JSON path /\(property)/") == true)
        #expect(try harness.objects("T").isEmpty)
        #expect(!run.summary.committed)
    }

    @Test func hintsTellHowToWrap() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"dt": "2024-01-01T00:00:00Z", "oid": "6560a1f0c0ffee0000000001", "data": "aGk="}"#,
                                  ImportOptions(className: "T"))
        #expect(run.errors.map { $0.notes.first ?? "" } == [
            #"wrap it: {"$binary": {"base64": "aGk=", "subType": "00"}}"#,
            #"wrap it: {"$date": "2024-01-01T00:00:00Z"}"#,
            #"wrap it: {"$oid": "6560a1f0c0ffee0000000001"}"#,
        ])
    }

    /// A real literal is a double, whole or not, and Realm refuses a double for an `Int`: refused
    /// for every integer width and for integer enums, with a hint to write the integer
    /// (docs/json-typing.md, section 3).
    @Test(arguments: [("i", "2.0", "2.0", "int?", 2), ("i", "0.0", "0.0", "int?", 0), ("i", "1e3", "1000.0", "int?", 1000),
                      ("i8", "-5.0", "-5.0", "int8?", -5), ("i32", "7E0", "7.0", "int32?", 7), ("ei", "1.0", "1.0", "int?", 1)])
    func realLiteralsAreRefusedForIntegers(property: String, json: String, shown: String, type: String, integer: Int) throws {
        let harness = try ImportHarness(Self.schema)
        let document = "{\"\(property)\": \(json)}"
        let run = try harness.run(document, ImportOptions(className: "T"))
        #expect(run.messages == ["Invalid value '\(shown)' of type 'real' for '\(type)' property 'T.\(property)'."])
        #expect(run.errors.first?.notes.first == "write it as an integer: \(integer)")
        #expect(run.locations == ["1:\(column(of: json, in: document))"])
        #expect(try harness.objects("T").isEmpty)
    }

    /// MongoDB's mflix embedded_movies hold vectors as `$binary` subtype 09: a `data` property
    /// cannot keep the subtype, so the import refuses it at the subtype and writes nothing.
    @Test func aVectorSubTypeIsRefusedForData() throws {
        let harness = try ImportHarness(Self.schema)
        let document = #"{"data": {"$binary": {"base64": "JwAAAIA/AAAAQA==", "subType": "09"}}}"#
        let run = try harness.run(document, ImportOptions(className: "T"))
        #expect(run.messages == ["Invalid value '09' of type 'string' for 'data?' property 'T.data': binary subtype 09 (vector) would be lost: a 'data' property keeps generic binary, subtype 00 (or 02)."])
        #expect(run.locations == ["1:\(column(of: #""09""#, in: document))"])
        #expect(run.errors.first?.notes.last == "at JSON path /data/$binary/subType")
        #expect(try harness.objects("T").isEmpty)
        #expect(!run.summary.committed)
    }

    @Test func aBareDateHintGetsItsTime() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"dt": "2024-01-31"}"#, ImportOptions(className: "T"))
        #expect(run.errors.map { $0.notes.first ?? "" } == [#"wrap it: {"$date": "2024-01-31T00:00:00Z"}"#])
    }

    @Test func everyProblemOfADocumentIsReported() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run("{\"i\": \"x\",\n \"b\": 2}\n{\"s\": 1}", ImportOptions(className: "T"))
        #expect(run.locations == ["2:7", "1:7", "3:7"])
        #expect(run.summary.errors == 3)
        #expect(run.summary.render(order: ["T"], dryRun: false).hasSuffix("3 errors; nothing was written\n"))
    }
}
