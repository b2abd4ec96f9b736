@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// A bulk load writes a store nobody else has open with the rollback journal, and returns it
/// to WAL afterwards; with another connection open it changes nothing.
@Suite struct BulkLoadTests {
    let directory = TemporaryDirectory()
    static let schema = CompiledSchema(schemaVersion: 1, models: [
        ModelSchema(name: "Item", primaryKey: "id", properties: [
            PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
            PropertySchema(name: "tags", type: DeclaredType(.string, collection: .list)),
        ]),
    ])

    private func journalMode(_ store: Store) throws -> String? {
        try store.connection.scalarText("PRAGMA journal_mode")
    }

    @Test func loadsWithTheRollbackJournalAndReturnsToWAL() throws {
        let path = directory.path()
        let store = try Store(path: path, schema: Self.schema)
        #expect(try store.beginBulkLoad())
        #expect(try journalMode(store) == "delete")
        try store.write {
            for id in 0..<2_000 { try store.create("Item", value: ["id": .value(.int(Int64(id))), "tags": ["a", "b"]]) }
        }
        try store.endBulkLoad()
        #expect(try journalMode(store) == "wal")
        #expect(try store.count("Item") == 2_000)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aRolledBackBulkLoadLeavesTheStoreAsItWas() throws {
        let path = directory.path()
        let store = try Store(path: path, schema: Self.schema)
        try store.write { try store.create("Item", value: ["id": .value(.int(1))]) }
        #expect(try store.beginBulkLoad())
        try store.beginWrite()
        for id in 2..<2_000 { try store.create("Item", value: ["id": .value(.int(Int64(id)))]) }
        try store.cancelWrite()
        try store.endBulkLoad()
        #expect(try store.count("Item") == 1)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func anotherOpenConnectionKeepsWAL() throws {
        let path = directory.path()
        let store = try Store(path: path, schema: Self.schema)
        let other = try Store(path: path)
        #expect(try other.count("Item") == 0)
        #expect(try store.beginBulkLoad() == false)
        #expect(try journalMode(store) == "wal")
        try store.write { try store.create("Item", value: ["id": .value(.int(1))]) }
        try store.endBulkLoad()
        #expect(try other.count("Item") == 1)
    }
}
