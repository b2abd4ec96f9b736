import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// BSON as mongodump writes it (here by pymongo, an independent writer) imported through the
/// same importer as JSON: every BSON type into its property type, the store the same as from
/// the same documents as canonical Extended JSON, and the modes, links and map keys of JSON.
@Suite struct BSONImportTests {
    static let schema = """
        models:
          T:
            primaryKey: id
            properties:
              id: int
              b: bool?
              i: int?
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
              decs: decimal128[]
              dates: date[]
              tags: string<>
              scores: int{}
              addr: Addr?
              addrs: Addr[]
              item: Item?
              items: Item[]
          Addr:
            embedded: true
            properties: { city: string, zip: int? }
          Item:
            primaryKey: sku
            properties: { sku: string, qty: int }
        """

    static let uuid = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!

    /// Imports BSON bytes (detected by content, as the command line does by default).
    @discardableResult
    static func importBSON(_ harness: ImportHarness, _ bytes: [UInt8], _ options: ImportOptions = ImportOptions(className: "T"),
                           name: String = "input.bson") throws -> ImportRun {
        try harness.run(bytes: bytes, options, name: name)
    }

    @Test func everyValueTypeIsStoredAsItsPropertyType() throws {
        let bytes = try PyMongoBSON.bytes("""
            [{'id': 1, 'b': True, 'i': Int64(-9223372036854775808), 'i32': 2147483647, 'f': 1.5, 'd': -0.25,
              's': 'h\\u00e9llo\\u0000x', 'data': Binary(b'\\x00\\x01\\xff', 0), 'oid': ObjectId('6560a1f0c0ffee0000000001'),
              'dt': datetime.datetime(2024, 1, 15, 9, 30, 0, 123000), 'dec': Decimal128('1843.10'),
              'u': Binary(bytes.fromhex('137decc8b3004954a233f89909f4fd89'), 4), 'm': None}]
            """)
        let harness = try ImportHarness(Self.schema)
        let run = try Self.importBSON(harness, bytes)
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(run.summary.committed)
        let expected: [(String, StoreValue)] = [
            ("b", .bool(true)), ("i", .int(.min)), ("i32", .int(2_147_483_647)), ("f", .float(1.5)), ("d", .double(-0.25)),
            ("s", .string("héllo\u{0}x")), ("data", .data(Data([0, 1, 0xFF]))),
            ("oid", .objectId(try ObjectId(string: "6560a1f0c0ffee0000000001"))),
            ("dt", .date(Timestamp(seconds: 1_705_311_000, nanoseconds: 123_000_000))),
            ("dec", .decimal128(try Decimal128(string: "1843.10"))), ("u", .uuid(Self.uuid)), ("m", .null),
        ]
        for (property, value) in expected {
            #expect(try harness.value("T", .int(1), property) == value, "\(property)")
        }
    }

    /// A mixed property takes its type from the BSON type.
    @Test func mixedTakesTheBSONType() throws {
        let values = "[1, Int64(2), 2.5, 'a', True, None, DatetimeMS(-1500), ObjectId('6560a1f0c0ffee0000000001'), "
            + "Decimal128('-0'), Binary(b'hi', 0), Binary(bytes.fromhex('137decc8b3004954a233f89909f4fd89'), 4), [1], {'k': 'v'}]"
        let bytes = try PyMongoBSON.bytes("[{'id': n, 'm': v} for n, v in enumerate(\(values))]")
        let harness = try ImportHarness(Self.schema)
        let run = try Self.importBSON(harness, bytes)
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        let expected: [StoreValue] = [
            .int(1), .int(2), .double(2.5), .string("a"), .bool(true), .null, .date(Timestamp(seconds: -1, nanoseconds: -500_000_000)),
            .objectId(try ObjectId(string: "6560a1f0c0ffee0000000001")), .decimal128(try Decimal128(string: "-0")),
            .data(Data("hi".utf8)), .uuid(Self.uuid), .list([.int(1)]), .dictionary(["k": .string("v")]),
        ]
        for (index, value) in expected.enumerated() {
            #expect(try harness.value("T", .int(Int64(index)), "m") == value, "\(index)")
        }
    }

    @Test func decimal128EdgeValuesKeepEveryBit() throws {
        let texts = ["NaN", "Infinity", "-Infinity", "-0", "0E+6111", "9.999999999999999999999999999999999E+6144", "1E-6176",
                     "1234567890123456789012345678901234", "-1.000000000000000000000000000000000E-6143"]
        let list = texts.map { "Decimal128('\($0)')" }.joined(separator: ", ")
        let harness = try ImportHarness(Self.schema)
        let run = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 1, 'decs': [\(list)]}]"))
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        guard case .list(let stored) = try harness.value("T", .int(1), "decs") else {
            Issue.record("decs is not a list")
            return
        }
        #expect(stored.count == texts.count)
        for (value, text) in zip(stored, texts) {
            guard case .decimal128(let decimal) = value else {
                Issue.record("\(text): \(value)")
                continue
            }
            #expect(decimal.bitPatternEquals(try Decimal128(string: text)), "\(text): \(decimal)")
        }
    }

    /// Dates before 1970 and after 2100, also past what a Python datetime holds (year 9999).
    @Test func datesBefore1970AndAfter2100() throws {
        let milliseconds: [Int64] = [-62_135_596_800_000, -1, -1500, 0, 4_102_444_800_001, 253_402_300_799_999,
                                     1 << 50, -(1 << 50)]
        let list = milliseconds.map { "DatetimeMS(\($0))" }.joined(separator: ", ")
        let harness = try ImportHarness(Self.schema)
        let run = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 1, 'dates': [\(list)]}]"))
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        let expected = milliseconds.map { StoreValue.date(Timestamp(seconds: $0 / 1000, nanoseconds: Int32($0 % 1000) * 1_000_000)) }
        #expect(try harness.value("T", .int(1), "dates") == .list(expected))
    }

    /// The same documents as BSON and as canonical Extended JSON (both from pymongo) make the
    /// same store: embedded objects, nested arrays of documents, links by primary key and by
    /// nested object (forward too), sets, maps with keys that need percent-encoding.
    @Test func aStoreFromBSONEqualsTheStoreFromExtendedJSON() throws {
        let documents = """
            [{'id': 1, 'addr': {'city': 'Oslo', 'zip': 150}, 'addrs': [{'city': 'A'}, {'city': 'B', 'zip': None}],
              'item': 'later', 'items': [{'sku': 'x', 'qty': 1}, 'x', {'sku': 'later', 'qty': 9}], 'tags': ['a', 'b'],
              'scores': {'a.b': 1, '$x': 2, '100%': 3, 'plain': Int64(4)}, 'm': {'nested': [1, {'deep': Decimal128('1.5')}]},
              'dt': DatetimeMS(-62135596800000), 'u': Binary(bytes.fromhex('137decc8b3004954a233f89909f4fd89'), 4),
              'data': Binary(b'old', 2), 'd': float('nan'), 'f': float('-inf')},
             {'id': 2, 'item': 'x', 'm': [[1, 2], [DatetimeMS(253402300799999)]], 's': '\\u65e5\\u672c'}]
            """
        let (bson, json) = try PyMongoBSON.withJSON(documents)
        let fromBSON = try ImportHarness(Self.schema)
        let bsonRun = try Self.importBSON(fromBSON, bson)
        let fromJSON = try ImportHarness(Self.schema)
        let jsonRun = try fromJSON.run(json, ImportOptions(className: "T"))
        #expect(bsonRun.errors.isEmpty && jsonRun.errors.isEmpty, "\(bsonRun.diagnostics) \(jsonRun.diagnostics)")
        #expect(try fromBSON.dump() == fromJSON.dump())
        #expect(try fromBSON.objects("T").count == 2)
        #expect(try fromBSON.value("T", .int(1), "scores") == .dictionary(["a%2Eb": .int(1), "%24x": .int(2), "100%25": .int(3),
                                                                            "plain": .int(4)]))
    }

    /// `--mode upsert` by primary key, as for JSON.
    @Test func upsertByPrimaryKey() throws {
        let harness = try ImportHarness(Self.schema)
        try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 1, 's': 'old', 'i': 1}, {'id': 2, 's': 'two'}]"))
        let run = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 1, 's': 'new'}]"),
                                      ImportOptions(className: "T", mode: .upsert))
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(run.summary["T"].updated == 1)
        #expect(try harness.value("T", .int(1), "s") == .string("new"))
        #expect(try harness.objects("T").count == 2)
        let insert = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 2, 's': 'again'}]"))
        #expect(insert.errors.count == 1)
        #expect(try harness.value("T", .int(2), "s") == .string("two"))
    }

    /// `--on-missing-link null`, `--drop` and `--mode delete` work on BSON as on JSON.
    @Test func missingLinksDropAndDelete() throws {
        let harness = try ImportHarness(Self.schema)
        let refused = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 1, 'item': 'nowhere', 'items': ['nowhere']}]"))
        #expect(refused.messages.count == 2, "\(refused.diagnostics)")
        var nulling = ImportOptions(className: "T")
        nulling.missingLinks = .null
        let nulled = try Self.importBSON(harness, try PyMongoBSON.bytes(
            "[{'id': 1, 'item': 'nowhere', 'items': ['nowhere']}, {'id': 2}, {'id': 3}]"), nulling)
        #expect(nulled.errors.isEmpty && nulled.summary.nulledLinks == 2, "\(nulled.diagnostics)")
        #expect(try harness.value("T", .int(1), "item") == .null)
        let deleted = try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 2}, {'id': 9}]"),
                                          ImportOptions(className: "T", mode: .delete))
        #expect(deleted.summary.deleted == 1 && deleted.summary.missingKeys == 1)
        #expect(try harness.objects("T").count == 2)
        var dropping = ImportOptions(className: "T")
        dropping.drop = true
        try Self.importBSON(harness, try PyMongoBSON.bytes("[{'id': 7}]"), dropping)
        #expect(try harness.objects("T").count == 1)
        #expect(try harness.value("T", .int(7), "s") == .null)
    }

    /// Binary subtypes: 00 and the old 02 are data, 04 a UUID; others are refused as in JSON.
    @Test func binarySubtypes() throws {
        let harness = try ImportHarness(Self.schema)
        let good = try Self.importBSON(harness, try PyMongoBSON.bytes(
            "[{'id': 1, 'data': Binary(b'abc', 0)}, {'id': 2, 'data': Binary(b'abcd', 2)}, {'id': 3, 'data': Binary(b'', 0)}]"))
        #expect(good.errors.isEmpty, "\(good.diagnostics)")
        #expect(try harness.value("T", .int(2), "data") == .data(Data("abcd".utf8)))
        #expect(try harness.value("T", .int(3), "data") == .data(Data()))
        let bad = try Self.importBSON(harness, try PyMongoBSON.bytes(
            "[{'id': 4, 'u': Binary(b'0123456789abcdef', 3)}, {'id': 5, 'data': Binary(b'x', 5)}, {'id': 6, 'data': Binary(b'x', 128)}]"))
        #expect(bad.messages == [
            "Invalid value of BSON type 'binary subtype 0x03 (legacy UUID)' for 'uuid?' property 'T.u': a UUID is binary subtype 0x04.",
            "Invalid value of BSON type 'binary subtype 0x05 (MD5)' for 'data?' property 'T.data': a 'data' property keeps "
                + "generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'.",
            "Invalid value of BSON type 'binary subtype 0x80 (user-defined)' for 'data?' property 'T.data': a 'data' property "
                + "keeps generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'.",
        ])
        #expect(bad.errors.first?.notes.contains { $0.contains("legacy") } == true, "\(bad.diagnostics)")
        #expect(bad.errors[1].notes.contains("to keep the bytes with their subtype, give the property the subtype in the schema: "
                                             + "data: { type: data?, subtype: 5 }"), "\(bad.diagnostics)")
        #expect(bad.errors.allSatisfy { $0.notes.last?.hasPrefix("at field path ") == true && !$0.notes.last!.contains("$") })
        #expect(try harness.objects("T").count == 3)
    }
}
