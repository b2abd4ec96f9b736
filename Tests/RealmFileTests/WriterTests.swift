import Foundation
import Testing
@testable import RealmFile

/// The writer: files it writes read back by the project's reader with the same schema, values
/// and backlinks; realm-core's fixtures re-written; determinism and atomic replacement.
@Suite("RealmFileWriter writes Realm files the reader reads back")
struct WriterTests {
    typealias W = WritingSupport

    @Test func emptySchemaKeepsItsVersion() throws {
        let writer = try RealmFileWriter(schema: [], schemaVersion: 3)
        let bytes = try writer.bytes()
        W.keep(bytes, as: "empty")
        let file = try RealmFile(bytes: bytes)
        #expect(file.formatVersion == 24 && file.isStreamingForm)
        #expect(file.schemaVersion == 3 && file.classes.isEmpty && file.otherTables == ["metadata"])
        #expect(bytes.count % 8 == 0 && Array(bytes[16..<20]) == Array("T-DB".utf8))
    }

    @Test func primaryKeyIntsAndStrings() throws {
        let schema = [W.realmClass("Person", [
            W.property("id", .int, primaryKey: true), W.property("name", .string, indexed: true),
            W.property("age", .int, optional: true), W.property("note", .string, optional: true),
        ], primaryKey: "id")]
        var writer = try RealmFileWriter(schema: schema, schemaVersion: 7)
        var expected: [RealmObject] = []
        for key in 0..<40 {
            let values: [RealmValue] = [.int(Int64(key * 1000 - 7)), .string("name \(key % 7)"),
                                        key % 3 == 0 ? .null : .int(Int64(key) << 40),
                                        key % 5 == 0 ? .null : .string(String(repeating: "x", count: key * 3))]
            let object = RealmObject(key: Int64(key), values: values, backlinks: [])
            expected.append(object)
            try writer.add(object, to: "Person")
        }
        let bytes = try writer.bytes()
        W.keep(bytes, as: "person")
        let file = try RealmFile(bytes: bytes)
        let person = try #require(file.realmClass(named: "Person"))
        #expect(W.shape(person) == W.shape(schema[0]).withIndexedPrimaryKey())
        #expect(file.schemaVersion == 7)
        #expect(try file.objects(in: person).map(\.values) == expected.map(\.values))
        #expect(try file.objects(in: person).map(\.key) == Array(0..<40))
    }

    @Test(arguments: FixtureTests.fixtures)
    func fixtureRoundTrip(fixture: String) throws {
        let original = try RealmFile(path: Fixtures.path(fixture + ".realm"))
        let bytes = try W.rewrite(original)
        let copy = try RealmFile(bytes: bytes)
        #expect(copy.schemaVersion == original.schemaVersion)
        #expect(copy.classes.map(W.shape) == original.classes.map(W.shape))
        let before = try W.content(original)
        let after = try W.content(copy)
        for name in before.keys.sorted() {
            let lhs = before[name] ?? [], rhs = after[name] ?? []
            #expect(lhs.count == rhs.count, "\(name)")
            for (a, b) in zip(lhs, rhs) where a != b {
                Issue.record("\(fixture) \(name): \(a.prefix(300)) != \(b.prefix(300))")
                break
            }
        }
    }

    @Test func sameInputSameBytes() throws {
        let original = try RealmFile(path: Fixtures.path("all-types-writecopy.realm"))
        #expect(try W.rewrite(original) == W.rewrite(original))
    }
}

extension WritingSupport.Shape {
    /// The shape as the reader reports it: a primary key column has a search index.
    func withIndexedPrimaryKey() -> Self {
        var copy = self
        if let pk = primaryKey {
            copy.properties = properties.map { $0.hasPrefix(pk + " ") ? $0.replacingOccurrences(of: "indexed=false", with: "indexed=true") : $0 }
        }
        return copy
    }
}
