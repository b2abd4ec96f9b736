import Foundation
import Testing
@testable import RealmFile

/// The writer on shapes the fixtures do not have: many objects (several cluster leaves and
/// inner nodes, long strings, big B+trees), keys that are not 0..n-1, links of every kind with
/// their backlinks, and the writer's refusals and atomic file replacement.
@Suite("RealmFileWriter: large classes, links, refusals, atomic writes")
struct WriterShapesTests {
    typealias W = WritingSupport

    static let schema = [
        W.realmClass("Item", [
            W.property("id", .string, primaryKey: true), W.property("n", .int, indexed: true),
            W.property("text", .string, optional: true), W.property("blob", .data, optional: true),
            W.property("when", .date, optional: true), W.property("amount", .decimal128, optional: true),
            W.property("owner", .object("Tag"), optional: true), W.property("tags", .object("Tag"), .list),
            W.property("tagSet", .object("Tag"), .set), W.property("tagMap", .object("Tag"), .map, optional: true),
            W.property("any", .mixed, optional: true), W.property("spot", .object("Spot"), optional: true),
        ], primaryKey: "id"),
        W.realmClass("Spot", [W.property("x", .double), W.property("y", .float, optional: true)], kind: .embedded),
        W.realmClass("Tag", [W.property("label", .string), W.property("numbers", .int, .list, optional: true)]),
    ]

    /// Tags at squeezed keys (0…255, then 65536…), items 0..<count.
    static func writer(items count: Int) throws -> (RealmFileWriter, [String: [RealmObject]]) {
        var writer = try RealmFileWriter(schema: schema, schemaVersion: 12)
        var added: [String: [RealmObject]] = [:]
        func add(_ object: RealmObject, _ cls: String) throws {
            try writer.add(object, to: cls)
            added[cls, default: []].append(object)
        }
        let tagKeys: [Int64] = (0..<300).map { $0 < 256 ? Int64($0) : 65536 + Int64($0 - 256) }
        for (index, key) in tagKeys.enumerated() {
            try add(RealmObject(key: key, values: [.string("tag \(index)"), .list(index % 4 == 0 ? [] : [.int(Int64(index)), .null])],
                                backlinks: []), "Tag")
        }
        func tag(_ index: Int) -> RealmValue { .link(RealmLink(tableName: "class_Tag", objectKey: tagKeys[index % tagKeys.count])) }
        for index in 0..<count {
            let key = Int64(index)
            let values: [RealmValue] = [
                .string("item-\(index)"), .int(Int64(index % 97) - 40),
                index % 11 == 0 ? .null : .string(String(repeating: "long text \(index) ", count: index % 13)),
                index % 7 == 0 ? .null : .data((0..<(index % 90)).map { UInt8(truncatingIfNeeded: $0 * index) }),
                index % 5 == 0 ? .null : .timestamp(seconds: Int64(index) * 86_400 - 1_000_000_000, nanoseconds: Int32(index % 1000)),
                index % 3 == 0 ? .null : .decimal128(RealmDecimal128(negative: index % 2 == 0, coefficient: UInt128(index) << UInt128(index % 100),
                                                                      exponent: index % 50 - 25)),
                index % 2 == 0 ? .null : tag(index),
                .list((0..<(index % 4)).map { tag(index + $0 * 3) }),
                .set((0..<(index % 3)).map { tag(index * 7 + $0) }),
                .dictionary(index % 6 == 0 ? [] : [RealmDictionaryEntry(key: "b", value: tag(index)),
                                                   RealmDictionaryEntry(key: "a", value: .null)]),
                index % 4 == 0 ? .list([.int(1), .string("two"), .dictionary([RealmDictionaryEntry(key: "k", value: tag(index))])])
                    : index % 4 == 1 ? tag(index + 1) : .double(Double(index) / 3),
                index % 9 == 0 ? .null : .link(RealmLink(tableName: "class_Spot", objectKey: key)),
            ]
            try add(RealmObject(key: key, values: values, backlinks: []), "Item")
            if index % 9 != 0 {
                try add(RealmObject(key: key, values: [.double(Double(index) * 1.5), index % 2 == 0 ? .null : .float(Float(index))],
                                    backlinks: []), "Spot")
            }
        }
        return (writer, added)
    }

    /// What the reader should give back: sets sorted by key, dictionaries sorted by key.
    static func normalized(_ value: RealmValue) -> RealmValue {
        switch value {
        case .set(let elements):
            return .set(elements.sorted { SetOrder.less($0, $1) })
        case .list(let elements):
            return .list(elements.map(normalized))
        case .dictionary(let entries):
            return .dictionary(entries.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
                .map { RealmDictionaryEntry(key: $0.key, value: normalized($0.value)) })
        default:
            return value
        }
    }

    @Test func fiveThousandObjectsReadBack() throws {
        let (writer, added) = try Self.writer(items: 5000)
        let bytes = try writer.bytes()
        W.keep(bytes, as: "items5000")
        let file = try RealmFile(bytes: bytes)
        #expect(file.schemaVersion == 12)
        #expect(file.classes.map(\.name) == ["Item", "Spot", "Tag"])
        for cls in file.classes {
            let objects = try file.objects(in: cls)
            let expected = (added[cls.name] ?? []).sorted { $0.key < $1.key }
            #expect(objects.map(\.key) == expected.map(\.key), "\(cls.name)")
            for (read, given) in zip(objects, expected) where read.values != given.values.map(Self.normalized) {
                Issue.record("\(cls.name) \(read.key): \(read.values) != \(given.values.map(Self.normalized))")
                break
            }
        }
        // Backlinks: every Tag's origins are exactly the links that point at it.
        let tag = try #require(file.realmClass(named: "Tag"))
        var expectedOrigins: [Int64: Int] = [:]
        for item in added["Item"] ?? [] {
            var links: [RealmLink] = []
            for value in item.values { GroupAssembler.links(in: value, into: &links) }
            for link in links where link.tableName == "class_Tag" { expectedOrigins[link.objectKey, default: 0] += 1 }
        }
        var readOrigins: [Int64: Int] = [:]
        for object in try file.objects(in: tag) {
            let count = object.backlinks.reduce(0) { $0 + $1.count }
            if count > 0 { readOrigins[object.key] = count }
        }
        #expect(readOrigins == expectedOrigins)
        let spot = try #require(file.realmClass(named: "Spot"))
        #expect(spot.kind == .embedded)
        #expect(try file.objects(in: spot).allSatisfy { $0.backlinks.reduce(0) { $0 + $1.count } == 1 })
    }

    @Test func refusals() throws {
        // Full-text indexes are written on strings only.
        var fullText = W.property("body", .int)
        fullText.isFullTextIndexed = true
        #expect(throws: RealmFileError.self) { try RealmFileWriter(schema: [W.realmClass("A", [fullText])], schemaVersion: 0) }
        #expect(throws: RealmFileError.self) {
            try RealmFileWriter(schema: [W.realmClass("A", [W.property("x", .double)], primaryKey: "x")], schemaVersion: 0)
        }
        #expect(throws: RealmFileError.self) {
            try RealmFileWriter(schema: [W.realmClass("A", [W.property("x", .object("Missing"))])], schemaVersion: 0)
        }
        var writer = try RealmFileWriter(schema: [W.realmClass("A", [W.property("id", .int, primaryKey: true)], primaryKey: "id")],
                                         schemaVersion: 0)
        try writer.add(RealmObject(key: 0, values: [.int(5)], backlinks: []), to: "A")
        try writer.add(RealmObject(key: 1, values: [.int(5)], backlinks: []), to: "A")
        #expect(throws: RealmFileError.self) { try writer.bytes() }
        #expect(throws: RealmFileError.self) { try writer.add(RealmObject(key: 2, values: [], backlinks: []), to: "A") }
        #expect(throws: RealmFileError.self) { try writer.add(RealmObject(key: 2, values: [.null], backlinks: []), to: "B") }
    }

    @Test func sameObjectsSameBytes() throws {
        #expect(try Self.writer(items: 600).0.bytes() == Self.writer(items: 600).0.bytes())
    }

    @Test func writesAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.realm").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        // A failing write (duplicate primary keys) leaves the old file and no temporary file.
        var bad = try RealmFileWriter(schema: [W.realmClass("A", [W.property("id", .int, primaryKey: true)], primaryKey: "id")],
                                      schemaVersion: 0)
        try bad.add(RealmObject(key: 0, values: [.int(1)], backlinks: []), to: "A")
        try bad.add(RealmObject(key: 1, values: [.int(1)], backlinks: []), to: "A")
        #expect(throws: RealmFileError.self) { try bad.write(to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
        // A destination in a missing directory: an error, nothing created.
        let (good, _) = try Self.writer(items: 10)
        let missing = directory.appendingPathComponent("no/such/dir/out.realm").path
        let error = #expect(throws: RealmFileError.self) { try good.write(to: missing) }
        #expect(error?.kind == .cannotOpen)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
        // Success replaces the file with exactly the writer's bytes.
        try good.write(to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try good.bytes()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.realm"])
        #expect(try RealmFile(path: path).classes.count == 3)
    }
}
