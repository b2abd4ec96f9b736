import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// Every scalar type, optional, in a List, a MutableSet, a Map and a mixed value.
private let scalarBases: [(String, BaseType)] = [
    ("b", .bool), ("i", .int(.int)), ("i8", .int(.int8)), ("i16", .int(.int16)), ("i32", .int(.int32)), ("i64", .int(.int64)),
    ("f", .float), ("d", .double), ("s", .string), ("data", .data), ("date", .date), ("dec", .decimal128),
    ("oid", .objectId), ("u", .uuid),
]

private let allTypesSchema: CompiledSchema = {
    var properties: [PropertySchema] = [property("key", .int(.int), primaryKey: true)]
    for (name, base) in scalarBases {
        properties.append(property(name, base))
        properties.append(property(name + "Opt", base, optional: true))
        properties.append(property(name + "List", base, .list))
        properties.append(property(name + "Set", base, .set))
        properties.append(property(name + "Map", base, .map, optional: true))
    }
    properties.append(property("any", .mixed))
    properties.append(property("anyList", .mixed, .list))
    properties.append(property("anyMap", .mixed, .map))
    properties.append(property("anySet", .mixed, .set))
    return CompiledSchema(schemaVersion: 1, models: [model("All", primaryKey: "key", properties)])
}()

/// Edge values per type.
private func edgeValues(_ base: BaseType) -> [StoreValue] {
    switch base {
    case .bool: return [true, false]
    case .int(let width): return [.int(width.range.lowerBound), .int(width.range.upperBound), 0, -1]
    case .float:
        return [.float(-0.0), .float(.nan), .float(Float(bitPattern: 0x7fc0_1234)), .float(.infinity), .float(-.infinity),
                .float(.leastNonzeroMagnitude), .float(.greatestFiniteMagnitude), .float(1.5)]
    case .double:
        return [.double(-0.0), .double(.nan), .double(Double(bitPattern: 0xfff8_0000_dead_beef)), .double(.infinity),
                .double(-.infinity), .double(.leastNonzeroMagnitude), .double(Double(bitPattern: 0x000f_ffff_ffff_ffff)), .double(.greatestFiniteMagnitude), 0.1]
    case .string: return ["", "a\u{0}b", "Zoë 🐕", "' OR 1=1; --"]
    case .data: return [.data(Data()), .data(Data([0, 0xff, 0])), .data(Data(repeating: 7, count: 1000))]
    case .date:
        return [.date(Timestamp(seconds: -62_135_596_800)), .date(Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999)),
                .date(Timestamp(seconds: -1, nanoseconds: -1)), .date(Timestamp(seconds: 0)), .date(Timestamp(seconds: 1, nanoseconds: 1)),
                .date(Timestamp(seconds: .min, nanoseconds: -999_999_999)), .date(Timestamp(seconds: .max, nanoseconds: 999_999_999))]
    case .decimal128:
        return ["9999999999999999999999999999999999", "-9.999999999999999999999999999999999E+6144", "1E-6176", "-0", "1.500",
                "NaN", "-Infinity", "0E+10"].map { .decimal128(Decimal128(stringLiteral: $0)) }
    case .objectId: return [.objectId(ObjectId()), .objectId("ffffffffffffffffffffffff"), .objectId("0123456789abcdef01234567")]
    case .uuid:
        return [.uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
                .uuid(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!), .uuid(UUID())]
    default: return []
    }
}

@Suite struct RoundTripTests {
    @Test(arguments: scalarBases.map(\.0))
    func everyEdgeValueComesBackBitForBit(_ name: String) throws {
        let directory = TemporaryDirectory()
        let base = scalarBases.first { $0.0 == name }!.1
        let values = edgeValues(base)
        let store = try Store.temporary(directory, allTypesSchema)
        var objects: [ObjectKey] = []
        try store.write {
            for (index, value) in values.enumerated() {
                objects.append(try store.create("All", value: [
                    "key": .value(.int(Int64(index))), .init(stringLiteral: name): .value(value),
                    name + "Opt": .value(value), name + "List": .collection([.value(value), .value(value), .value(value)]),
                    name + "Set": .collection([.value(value), .value(value)]),
                    name + "Map": .map(["k": .value(value), "null": nil]), "any": .value(value),
                    "anyList": .collection([.value(value)]), "anyMap": .map(["v": .value(value)]),
                ]))
            }
        }
        // Read back through a second connection to the same file.
        let reader = try Store(path: directory.path())
        for (index, value) in values.enumerated() {
            let object = objects[index]
            for source in [store, reader] {
                #expect(try source.get(object, name) == value)
                #expect(try source.get(object, name + "Opt") == value)
                #expect(try source.get(object, name + "List") == .list([value, value, value]))
                #expect(try source.get(object, name + "Set") == .list([value]))
                #expect(try source.get(object, name + "Map") == .dictionary(["k": value, "null": .null]))
                #expect(try source.get(object, "any") == value)
                #expect(try source.get(object, "anyList") == .list([value]))
                #expect(try source.get(object, "anyMap") == .dictionary(["v": value]))
            }
        }
    }

    @Test func missingPropertiesTakeRealmDefaults() throws {
        let directory = TemporaryDirectory()
        let store = try Store.temporary(directory, allTypesSchema)
        let object = try store.write { try store.create("All", value: ["key": 1]) }
        #expect(try store.get(object, "i") == 0)
        #expect(try store.get(object, "s") == "")
        #expect(try store.get(object, "b") == false)
        #expect(try store.get(object, "dec") == .decimal128(Decimal128()))
        #expect(try store.get(object, "iOpt") == .null)
        #expect(try store.get(object, "any") == .null)
        #expect(try store.get(object, "sList") == .list([]))
        #expect(try store.get(object, "sMap") == .dictionary([:]))
        guard case .objectId(let id) = try store.get(object, "oid") else { Issue.record("no ObjectId"); return }
        #expect(id != ObjectId())
    }

    @Test func sixteenMegabyteStringsAndData() throws {
        let directory = TemporaryDirectory()
        let store = try Store.temporary(directory, allTypesSchema)
        let text = String(repeating: "abcdefgh", count: 2_097_149) + "é"
        let data = Data((0..<16_777_200).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let object = try store.write { try store.create("All", value: ["key": 1, "s": .value(.string(text)), "data": .value(.data(data))]) }
        #expect(try store.get(object, "s") == .string(text))
        #expect(try store.get(object, "data") == .data(data))
    }

    @Test func intWidthsAreRangeChecked() throws {
        let directory = TemporaryDirectory()
        let store = try Store.temporary(directory, allTypesSchema)
        try store.beginWrite()
        #expect(throws: StoreError.invalidValue("128", "int", for: "'int8'", "All", "i8")) {
            try store.create("All", value: ["key": 1, "i8": 128])
        }
        #expect(throws: StoreError.invalidValue("x", "string", for: "'int'", "All", "i")) {
            try store.create("All", value: ["key": 1, "i": "x"])
        }
        #expect(throws: StoreError.invalidValue("<null>", "null", for: "'string'", "All", "s")) {
            try store.create("All", value: ["key": 1, "s": nil])
        }
        #expect(try store.count("All") == 0)
        try store.cancelWrite()
    }

    @Test func nestedMixedToOneHundredLevels() throws {
        let directory = TemporaryDirectory()
        let store = try Store.temporary(directory, allTypesSchema)
        var deep: StoreValue = "leaf"
        for level in 0..<100 {
            deep = level % 2 == 0 ? .list([deep, .int(Int64(level))]) : .dictionary(["k\(level)": deep, "n": nil])
        }
        let object = try store.write { try store.create("All", value: ["key": 1, "any": .value(deep)]) }
        #expect(try store.get(object, "any") == deep)
        try store.beginWrite()
        #expect(throws: StoreError.maxNestingLevel) {
            try store.create("All", value: ["key": 2, "any": .value(.list([deep]))])
        }
        #expect(throws: StoreError.keyContainsDot) {
            try store.create("All", value: ["key": 3, "any": .value(.dictionary(["a.b": 1]))])
        }
        #expect(throws: StoreError.keyStartsWithDollar) {
            try store.create("All", value: ["key": 3, "sMap": .map(["$a": "x"])])
        }
        try store.create("All", value: ["key": 3, "sMap": .map(["a$": "x", "": "y"])])
        try store.commitWrite()
    }
}
