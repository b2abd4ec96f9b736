import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// `BSONExporter` read back by pymongo's `bson` module: every value type as its BSON type,
/// Decimal128 and date edges, binary subtypes, nested documents and arrays; and the round trip
/// store → BSON → (pymongo's canonical Extended JSON) → realm-import → the identical store.
@Suite("realm-export BSON read by pymongo")
struct BSONExportTests {
    @Test func pymongoReadsEveryValueAsStored() throws {
        for seed in ExportRoundTripTests.seeds.prefix(3) {
            let schema = ExportTestSchema.make(singleClass: false, references: false)
            let directory = try Temporary.path("realm-bson-tests")
            let store = try Store(path: directory + "/a.sqlite", schema: schema)
            var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: false, keywordKeys: false)
            try generator.fill(store, objects: 6)
            try BSONExportPython.export(store, into: directory)
            try BSONExportPython.expectEqual(store, directory: directory)
        }
    }

    static let edgeSchema = """
        schemaVersion: 1
        models:
          Edge:
            primaryKey: id
            properties:
              id: int
              small: int
              big: int
              decimals: decimal128[]
              dates: date[]
              blobs: data[]
              ids: uuid[]
              oid: objectId
              parts: Part[]
              byName: mixed{}
              anything: mixed[]
          Part:
            embedded: true
            properties:
              label: string
              at: date?
              inner: Inner[]
          Inner:
            embedded: true
            properties: { weight: double, tags: "string[]" }
        """

    static let decimals = ["NaN", "Infinity", "-Infinity", "-0", "0", "1.50", "1234567890123456789012345678901234",
                           "-1234567890123456789012345678901234", "9.999999999999999999999999999999999E+6144", "1E-6176",
                           "-1E+6111", "1E-6143"]
    /// Before 1970, after 2100, year 1 and 9999, beyond Python's datetime, and finer than a millisecond.
    static let dates: [Timestamp] = [
        Timestamp(seconds: -1, nanoseconds: 0), Timestamp(seconds: -2_208_988_800), Timestamp(seconds: -62_135_596_800),
        Timestamp(seconds: 4_102_444_800, nanoseconds: 123_000_000), Timestamp(seconds: 253_402_300_799, nanoseconds: 999_000_000),
        Timestamp(seconds: 400_000_000_000), Timestamp(seconds: -70_000_000_000), Timestamp(seconds: 0, nanoseconds: 1_999_999),
        Timestamp(seconds: -5, nanoseconds: -1_500_000),
    ]

    @Test func edgeValuesNestedDocumentsAndBinarySubtypes() throws {
        let directory = try Temporary.path("realm-bson-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: try schemaFromYAML(Self.edgeSchema, path: "edge.yaml"))
        try store.write {
            let inner: InputValue = .object(["weight": .value(.double(-0.0)), "tags": ["a", "", "日本"]])
            try store.create("Edge", value: [
                "id": 1, "small": .value(.int(Int64(Int32.min))), "big": .value(.int(Int64(Int32.max) + 1)),
                "decimals": .collection(try Self.decimals.map { .value(.decimal128(try Decimal128(string: $0))) }),
                "dates": .collection(Self.dates.map { .value(.date($0)) }),
                "blobs": [.value(.data(Data())), .value(.data(Data((0...255).map { UInt8($0) })))],
                "ids": [.value(.uuid(UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!))],
                "oid": .value(.objectId(try ObjectId(string: "0123456789abcdef01234567"))),
                "parts": [.object(["label": "p", "at": .value(.date(Timestamp(seconds: -1))), "inner": [inner, inner]]),
                          .object(["label": "q", "inner": []])],
                "byName": .map(["a": .value(.list([.int(1), .dictionary(["x": .int(Int64.max)]), .list([])])),
                                "b": .value(.dictionary([:])), "c": nil]),
                "anything": [.value(.decimal128(try Decimal128(string: "NaN"))), .value(.bool(false)),
                             .value(.uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)), .value(.string("nul \u{0} ok"))],
            ])
        }
        let files = try BSONExportPython.export(store, into: directory)
        try BSONExportPython.expectEqual(store, directory: directory)
        // One document, its length first and a NUL last.
        let bytes = try #require(files["Edge"])
        #expect(bytes.count == Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 && bytes.last == 0)
    }

    @Test func aDateOutsideBSONsRangeIsALocatedError() throws {
        let directory = try Temporary.path("realm-bson-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: try schemaFromYAML(Self.edgeSchema, path: "edge.yaml"))
        try store.write {
            try store.create("Edge", value: ["id": 7, "small": 0, "big": 0, "oid": .value(.objectId(ObjectId())),
                                             "dates": [.value(.date(Timestamp(seconds: Int64.max / 10)))]])
        }
        #expect {
            try BSONExportPython.export(store, into: directory)
        } throws: { error in
            "\(error)".hasPrefix("Edge[") && "\(error)".contains("].dates: the date") && "\(error)".hasSuffix("outside the range of a BSON date (64-bit milliseconds)")
        }
    }

    @Test func truncatedDatesAreCounted() throws {
        let directory = try Temporary.path("realm-bson-tests")
        let store = try Store(path: directory + "/a.sqlite", schema: try schemaFromYAML(Self.edgeSchema, path: "edge.yaml"))
        try store.write {
            try store.create("Edge", value: ["id": 1, "small": 0, "big": 0, "oid": .value(.objectId(ObjectId())),
                                             "dates": .collection(Self.dates.map { .value(.date($0)) })])
        }
        let exporter = BSONExporter(store: store, options: ExportOptions())
        try exporter.export { _ in ExportOutput.memory() }
        #expect(exporter.truncatedDates == 2)
    }

    /// store → BSON → pymongo's canonical Extended JSON → `Importer` → a store whose JSON export
    /// is byte-identical to the original's (dates whole milliseconds, which BSON carries exactly).
    @Test func storeToBSONToStoreIsIdentical() throws {
        for seed in ExportRoundTripTests.seeds.prefix(3) {
            for omitEmpty in [false, true] {
                let schema = ExportTestSchema.make(singleClass: false, references: true)
                let directory = try Temporary.path("realm-bson-tests")
                let store = try Store(path: directory + "/a.sqlite", schema: schema)
                var generator = ExportTestStore(seed: seed, schema: schema, mixedLinks: true, keywordKeys: false)
                generator.values.wholeMilliseconds = true
                try generator.fill(store, objects: 6)
                var options = ExportOptions()
                options.omitEmpty = omitEmpty
                try BSONExportPython.export(store, options, into: directory)
                let json = try BSONExportPython.canonicalJSON(directory: directory, classes: ["Kitchen", "Tag", "Badge", "Note"])
                let dumped = try ExportFixtures.dumpedSchema(ofStoreAt: directory + "/a.sqlite")
                let copy = try ExportFixtures.importStore(json, path: directory + "/b.sqlite", schema: dumped, seed: seed)
                let difference = ExportFixtures.firstDifference(try ExportFixtures.export(store, ExportOptions()),
                                                                try ExportFixtures.export(copy, ExportOptions()))
                #expect(difference == "identical", "seed \(seed), omitEmpty \(omitEmpty)")
            }
        }
    }
}
