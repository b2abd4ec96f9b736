import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// Every BSON element type a mongodump file can hold against every property type: each cell is
/// one document `{"id": n, "<property>": <element>}` imported alone, and either stores the value
/// the documented rules give (docs/json-typing.md, sections 2 and 10a; docs/mongodb.md, section
/// 2.2) or is refused with the BSON-worded message they give, and nothing is written.
@Suite struct BSONTypingTableTests {
    static let schema = """
        models:
          T:
            primaryKey: id
            properties:
              id: int
              b: bool?
              i: int?
              f: float?
              d: double?
              s: string?
              data: data?
              dt: date?
              dec: decimal128?
              oid: objectId?
              u: uuid?
              m: mixed
              item: Item?
              addr: Addr?
              ss: string{}
              xs: int[]
              tags: string<>
              ms: mixed{}
          Addr:
            embedded: true
            properties: { k: string? }
          Item:
            primaryKey: k
            properties: { k: string }
        """

    /// The properties of the table, in its column order.
    static let properties = ["b", "i", "f", "d", "s", "data", "dt", "dec", "oid", "u", "m", "item", "addr", "ss", "xs",
                             "tags", "ms"]

    static let uuidText = "137decc8-b300-4954-a233-f89909f4fd89"
    static let uuid = UUID(uuidString: uuidText)!
    static let uuidBytes = withUnsafeBytes(of: uuid.uuid, Array.init)
    static let objectIdText = "6560a1f0c0ffee0000000001"

    /// One row of the table: a BSON element and what each property makes of it.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        /// The element's type byte and value bytes, and its value as messages show it.
        var type: UInt8
        var value: [UInt8]
        var shown: String? = nil
        /// The stored value of each property that takes the element (for `item` and `addr`, a
        /// linked object whose `k` is "v"); every other property refuses it.
        var stored: [String: StoreValue] = [:]
        /// Why a property refuses it, where not `defaultReasons`.
        var reasons: [String: String] = [:]
        /// A refusal that is not the BSON-worded `Invalid value …` (a reference, Realm's message).
        var messages: [String: String] = [:]
        /// The message for every property: an element no property takes refuses the document.
        var documentError: String? = nil

        var testDescription: String { name }

        /// The one message importing the element for `property` gives, or nil when it is stored.
        func refusal(of property: String) -> String? {
            if let documentError { return documentError }
            if stored[property] != nil { return nil }
            if let message = messages[property] { return message }
            let reason = reasons[property] ?? BSONTypingTableTests.defaultReasons[property]
            return "Invalid value \(shown.map { "'\($0)' " } ?? "")of BSON type '\(name)' for "
                + "\(BSONTypingTableTests.declaredTypes[property]!) property 'T.\(property)'\(reason.map { ": \($0)" } ?? "")."
        }
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    static func cString(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }
    static func string(_ text: String) -> [UInt8] { le(Int32(text.utf8.count + 1)) + cString(text) }
    static func document(_ elements: [(UInt8, String, [UInt8])]) -> [UInt8] {
        let body = elements.flatMap { (type, name, value) -> [UInt8] in [type] + cString(name) + value } + [0]
        return le(Int32(4 + body.count)) + body
    }
    static func binary(_ bytes: [UInt8], subtype: UInt8) -> [UInt8] { le(Int32(bytes.count)) + [subtype] + bytes }

    static let decimal = try! Decimal128(string: "1.5")
    static let objectId = try! ObjectId(string: objectIdText)
    static let date = StoreValue.date(Timestamp(seconds: 1, nanoseconds: 500_000_000))
    static let linked = StoreValue.string("v")

    static let declaredTypes = [
        "b": "'bool?'", "i": "'int?'", "f": "'float?'", "d": "'double?'", "s": "'string?'", "data": "'data?'",
        "dt": "'date?'", "dec": "'decimal128?'", "oid": "'objectId?'", "u": "'uuid?'", "m": "'mixed'",
        "item": "'Item?'", "addr": "'Addr?'", "ss": "'string' dictionary", "xs": "'int' array", "tags": "'string' set",
        "ms": "'mixed' dictionary",
    ]

    /// Why a property refuses what it does not take, unless a row says otherwise: a collection
    /// takes only an array (list, set) or a document that is no typed value (map); a link a
    /// document or its target's primary key.
    static let defaultReasons = [
        "xs": "value is not enumerable", "tags": "value is not enumerable", "ss": "value is not enumerable",
        "ms": "value is not enumerable", "item": "expected a nested 'Item' object or its primary key 'k' (string)",
        "addr": "expected a nested 'Addr' object",
    ]

    /// Realm's message for a scalar given for a link to a class without a primary key.
    static func initializer(_ shown: String) -> String {
        "Invalid value '\(shown)' to initialize object of type 'Addr': missing key 'k'"
    }

    static func noRealmType(_ name: String, _ type: UInt8) -> String {
        "BSON type \(name) (0x\(String(type, radix: 16, uppercase: true).count == 1 ? "0" : "")"
            + "\(String(type, radix: 16, uppercase: true))) has no Realm property type"
    }

    static let rows: [Row] = [
        Row(name: "double", type: 0x01, value: le(2.5.bitPattern), shown: "2.5",
            stored: ["f": .float(2.5), "d": .double(2.5), "m": .double(2.5)],
            reasons: ["i": "a double never fills an integer property", "dec": "a double would lose digits in a decimal128"],
            messages: ["addr": initializer("2.5")]),
        Row(name: "string", type: 0x02, value: string(uuidText), shown: uuidText,
            stored: ["s": .string(uuidText), "u": .uuid(uuid), "m": .string(uuidText)],
            messages: ["item": "Unresolved reference: no object of type 'Item' with primary key value '\(uuidText)' is "
                + "stored or in the input (referenced by 'T.item')", "addr": initializer(uuidText)]),
        Row(name: "embedded document", type: 0x03, value: document([(0x02, "k", string("v"))]),
            stored: ["m": .dictionary(["k": .string("v")]), "item": linked, "addr": linked,
                     "ss": .dictionary(["k": .string("v")]), "ms": .dictionary(["k": .string("v")])]),
        Row(name: "array", type: 0x04, value: document([(0x10, "0", le(Int32(7)))]),
            stored: ["m": .list([.int(7)]), "xs": .list([.int(7)])],
            messages: ["tags": "Invalid value '7' of BSON type 'int32' for 'string' set property 'T.tags'."]),
        Row(name: "binary subtype 0x00 (generic)", type: 0x05, value: binary(Array("hi".utf8), subtype: 0),
            stored: ["data": .data(Data("hi".utf8)), "m": .data(Data("hi".utf8))],
            reasons: ["u": "a UUID is binary subtype 0x04"]),
        Row(name: "binary subtype 0x03 (legacy UUID)", type: 0x05, value: binary(uuidBytes, subtype: 3),
            reasons: ["data": "a 'data' property keeps generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'",
                      "u": "a UUID is binary subtype 0x04",
                      "m": "a mixed value keeps binary subtypes 0x00 and 0x02 as data and 0x04 as a UUID"]),
        Row(name: "binary subtype 0x04 (UUID)", type: 0x05, value: binary(uuidBytes, subtype: 4),
            stored: ["u": .uuid(uuid), "m": .uuid(uuid)],
            reasons: ["data": "a 'data' property keeps generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'"]),
        Row(name: "ObjectId", type: 0x07, value: objectId.bytes, shown: objectIdText,
            stored: ["oid": .objectId(objectId), "m": .objectId(objectId)]),
        Row(name: "boolean", type: 0x08, value: [1], shown: "true", stored: ["b": .bool(true), "m": .bool(true)],
            messages: ["addr": initializer("true")]),
        Row(name: "UTC datetime", type: 0x09, value: le(Int64(1500)), shown: "1970-01-01T00:00:01.5Z",
            stored: ["dt": date, "m": date]),
        Row(name: "null", type: 0x0A, value: [],
            stored: Dictionary(uniqueKeysWithValues: properties.map { property in
                (property, ["ss", "ms"].contains(property) ? StoreValue.dictionary([:])
                    : ["xs", "tags"].contains(property) ? .list([]) : .null)
            })),
        Row(name: "regular expression", type: 0x0B, value: cString("a+") + cString("i"),
            documentError: noRealmType("regular expression", 0x0B)),
        Row(name: "JavaScript code", type: 0x0D, value: string("f()"), documentError: noRealmType("JavaScript code", 0x0D)),
        Row(name: "int32", type: 0x10, value: le(Int32(7)), shown: "7",
            stored: ["i": .int(7), "f": .float(7), "d": .double(7), "dec": .decimal128(Decimal128(7)), "m": .int(7)],
            messages: ["addr": initializer("7")]),
        Row(name: "timestamp", type: 0x11, value: le(UInt32(2)) + le(UInt32(1)), documentError: noRealmType("timestamp", 0x11)),
        Row(name: "int64", type: 0x12, value: le(Int64(5_000_000_000)), shown: "5000000000",
            stored: ["i": .int(5_000_000_000), "f": .float(5e9), "d": .double(5e9), "dec": .decimal128(Decimal128(5_000_000_000)),
                     "m": .int(5_000_000_000)],
            messages: ["addr": initializer("5000000000")]),
        Row(name: "Decimal128", type: 0x13, value: decimal.bytes, stored: ["dec": .decimal128(decimal), "m": .decimal128(decimal)]),
        Row(name: "min key", type: 0xFF, value: [], documentError: noRealmType("min key", 0xFF)),
        Row(name: "max key", type: 0x7F, value: [], documentError: noRealmType("max key", 0x7F)),
        Row(name: "undefined", type: 0x06, value: [], documentError: noRealmType("undefined", 0x06)),
        Row(name: "DBPointer", type: 0x0C, value: string("T") + objectId.bytes, documentError: noRealmType("DBPointer", 0x0C)),
        Row(name: "symbol", type: 0x0E, value: string("s"), documentError: noRealmType("symbol", 0x0E)),
        Row(name: "JavaScript code with scope", type: 0x0F, value: le(Int32(4 + 8 + 5)) + string("f()") + document([]),
            documentError: noRealmType("JavaScript code with scope", 0x0F)),
    ]

    @Test(arguments: rows) func everyPropertyTypeTakesOrRefusesTheElement(_ row: Row) throws {
        let harness = try ImportHarness(Self.schema)
        for (number, property) in Self.properties.enumerated() {
            let bytes = Self.document([(0x10, "id", Self.le(Int32(number))), (row.type, property, row.value)])
            let run = try harness.run(bytes: bytes, ImportOptions(className: "T"), name: "T.bson")
            if let message = row.refusal(of: property) {
                #expect(run.messages == [message], "\(row.name) → \(property)")
                #expect(!run.summary.committed, "\(row.name) → \(property)")
                continue
            }
            #expect(run.errors.isEmpty && run.warnings.isEmpty, "\(row.name) → \(property): \(run.diagnostics)")
            var stored = try harness.value("T", .int(Int64(number)), property)
            if ["item", "addr"].contains(property), case .object(let object) = stored {
                stored = try harness.open.get(object, "k")
            }
            #expect(stored == row.stored[property], "\(row.name) → \(property)")
        }
    }

    /// The element's type decides, not the tree's keys: an embedded document whose first name
    /// is a keyword (`{"$oid": "x"}`, as `realm-export --type bson` writes such a map) is a map,
    /// and the ObjectId whose tree looks the same is not.
    @Test func anEmbeddedDocumentNamedLikeAWrapperIsAMap() throws {
        let harness = try ImportHarness(Self.schema)
        let map = Self.document([(0x02, "$oid", Self.string(Self.objectIdText))])
        let lookalike = Self.document([(0x10, "id", Self.le(Int32(1))), (0x03, "ss", map), (0x03, "ms", map)])
        let run = try harness.run(bytes: lookalike, ImportOptions(className: "T"), name: "T.bson")
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("T", 1, "ss") == .dictionary(["%24oid": .string(Self.objectIdText)]))
        #expect(try harness.value("T", 1, "ms") == .dictionary(["%24oid": .string(Self.objectIdText)]))
        let typed = Self.document([(0x10, "id", Self.le(Int32(2))), (0x07, "ss", Self.objectId.bytes)])
        #expect(try harness.run(bytes: typed, ImportOptions(className: "T"), name: "T.bson").messages
            == [Self.rows.first { $0.name == "ObjectId" }!.refusal(of: "ss")!])
    }

    /// The table has a row for each BSON type a mongodump file can hold (0x01 to 0x13, min and
    /// max key), and one for each binary subtype 0, 3 and 4.
    @Test func theTableHasARowForEveryBSONType() {
        let types = Set(Self.rows.map(\.type))
        #expect(types == Set(Array(0x01...0x13) + [0x7F, 0xFF]))
        #expect(Set(Self.rows.filter { $0.type == 0x05 }.map { $0.value[4] }) == [0, 3, 4])
    }
}
