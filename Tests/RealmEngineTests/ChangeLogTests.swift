import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// The change log (Store+ChangeLog): what each commit changed, merged over version ranges.
@Suite struct ChangeLogTests {
    let directory = TemporaryDirectory()

    /// The changes of the commit `body` makes.
    private func changes(_ store: Store, _ body: () throws -> Void) throws -> StoreChanges? {
        let before = store.version
        try store.write(body)
        return try store.changes(from: before, to: store.version)
    }

    @Test func aCommitLogsInsertionsModificationsAndDeletionsPerClass() throws {
        let store = try Store.temporary(directory)
        var order = ObjectKey(className: "Order", key: 0), item = order
        let created = try changes(store) {
            item = try store.create("Item", value: ["sku": "A", "qty": 1])
            order = try store.create("Order", value: ["id": 1, "item": .value(.object(item)), "addr": ["city": "Oslo"]])
        }
        #expect(created?["Item"].inserted == [item.key])
        #expect(created?["Order"].inserted == [order.key])
        #expect(created?["Addr"].inserted.count == 1, "an embedded object counts on its own class")
        #expect(created?["Order"].modified.isEmpty == true)
        let modified = try changes(store) {
            try store.set(item, "qty", 2)
            try store.set(item, "color", "red")
            try store.set(order, "labels", ["x"])
        }
        #expect(modified?["Item"].modified == [item.key: ["qty", "color"]])
        #expect(modified?["Order"].modified == [order.key: ["labels"]])
        #expect(modified?["Item"].inserted.isEmpty == true && modified?["Item"].deleted.isEmpty == true)
        let deleted = try changes(store) { try store.delete(item) }
        #expect(deleted?["Item"].deleted == [item.key])
        #expect(deleted?["Order"].modified == [order.key: ["item"]], "the holder of a link to a deleted object changed")
    }

    @Test func listSetAndMapOperationsCountAsChangesOfTheirProperty() throws {
        let store = try Store.temporary(directory)
        let order = try store.write { try store.create("Order", value: ["id": 1]) }
        let item = try store.write { try store.create("Item", value: ["sku": "A"]) }
        #expect(try changes(store) { try store.listInsert(order, "items", .value(.object(item)), at: 0) }?["Order"].modified
                == [order.key: ["items"]])
        #expect(try changes(store) { try store.mapSet(order, "tags", key: "k", 1) }?["Order"].modified == [order.key: ["tags"]])
        #expect(try changes(store) { try store.mapRemove(order, "tags", key: "k") }?["Order"].modified == [order.key: ["tags"]])
        #expect(try changes(store) { try store.setInsert(order, "labels", "a") }?["Order"].modified == [order.key: ["labels"]])
        #expect(try changes(store) { try store.setRemove(order, "labels", .string("a")) }?["Order"].modified == [order.key: ["labels"]])
        #expect(try changes(store) { try store.setRemove(order, "labels", .string("absent")) }?.isEmpty == true,
                "removing nothing changes nothing")
        #expect(try changes(store) { try store.listRemove(order, "items", at: 0) }?["Order"].modified == [order.key: ["items"]])
        let fan = try store.write { try store.create("Fan", value: ["favorites": [.value(.object(order))]]) }
        let deleted = try changes(store) { try store.delete(order) }
        #expect(deleted?["Fan"].modified == [fan.key: ["favorites"]], "a list losing a deleted target changed")
    }

    @Test func aChangeToAnEmbeddedObjectCountsOnTheEmbeddedClass() throws {
        let store = try Store.temporary(directory)
        let order = try store.write { try store.create("Order", value: ["id": 1, "addr": ["city": "Oslo"]]) }
        guard case .object(let addr) = try store.get(order, "addr") else { Issue.record("no address"); return }
        let changed = try changes(store) { try store.set(addr, "city", "Bergen") }
        #expect(changed?["Addr"].modified == [addr.key: ["city"]])
        #expect(changed?["Order"].isEmpty == true)
    }

    @Test func rangesMergeCommitsInOrder() throws {
        let store = try Store.temporary(directory)
        let start = store.version
        let kept = try store.write { try store.create("Item", value: ["sku": "kept"]) }
        let old = try store.write { try store.create("Item", value: ["sku": "old"]) }
        let middle = store.version
        try store.write {
            try store.set(kept, "qty", 5)
            try store.set(old, "qty", 5)
        }
        let gone = try store.write { try store.create("Item", value: ["sku": "gone"]) }
        try store.write {
            try store.delete(gone)
            try store.delete(old)
        }
        let merged = try store.changes(from: start, to: store.version)
        #expect(merged?["Item"] == StoreChanges.ClassChanges(inserted: [kept.key]),
                "created in the range: inserted only; created and deleted: nowhere")
        let later = try store.changes(from: middle, to: store.version)
        #expect(later?["Item"].modified == [kept.key: ["qty"]])
        #expect(later?["Item"].deleted == [old.key], "a modified object deleted later is only deleted")
        #expect(later?["Item"].inserted.isEmpty == true)
    }

    @Test func aFailedOperationAndACancelledWriteLogNothing() throws {
        let store = try Store.temporary(directory)
        try store.write { _ = try store.create("Item", value: ["sku": "A"]) }
        let before = store.version
        let fresh = try store.write { () throws -> ObjectKey in
            #expect(throws: StoreError.self) {
                try store.create("Order", value: ["id": 1, "note": ["text": "n"], "addr": ["city": 5]])
            }
            return try store.create("Item", value: ["sku": "B"])
        }
        let changes = try store.changes(from: before, to: store.version)
        #expect(changes?.classes.keys.sorted() == ["Item"], "the failed create's Note and Order are not logged")
        #expect(changes?["Item"].inserted == [fresh.key])
        let cancelledFrom = store.version
        try store.beginWrite()
        _ = try store.create("Item", value: ["sku": "C"])
        try store.cancelWrite()
        let after = store.version
        try store.write { try store.set(fresh, "qty", 3) }
        #expect(after == cancelledFrom)
        #expect(try store.changes(from: after, to: store.version)?["Item"] == StoreChanges.ClassChanges(modified: [fresh.key: ["qty"]]))
    }

    @Test func aBulkInsertLogsKeyRangesNotOneRowPerObject() throws {
        let store = try Store.temporary(directory)
        store.atomicOperations = false
        let before = store.version
        var keys: Set<Int64> = []
        try store.write {
            for index in 0..<5_000 {
                keys.insert(try store.create("Order", value: ["id": .value(.int(Int64(index))), "addr": ["city": "x"]]).key)
            }
        }
        let rows = try store.connection.scalarText("SELECT count(*) FROM _realm_changes WHERE version = \(store.version)")
        #expect(rows == "2", "one range for Order, one for its embedded Addr")
        let changes = try store.changes(from: before, to: store.version)
        #expect(changes?["Order"].inserted == keys)
        #expect(changes?["Addr"].inserted.count == 5_000)
    }

    @Test func deletingAnOlderObjectKeepsTheInsertionRangeOpenDeletingTheNewestEndsIt() throws {
        let store = try Store.temporary(directory)
        store.atomicOperations = false
        let older = try store.write { try (0..<3).map { try store.create("Item", value: ["sku": .value(.string("old \($0)"))]) } }
        let before = store.version
        var created: [ObjectKey] = []
        try store.write {
            for index in 0..<6 {
                created.append(try store.create("Item", value: ["sku": .value(.string("new \(index)"))]))
                if index < 3 { try store.delete(older[index]) }       // an upsert replacing older objects
            }
            try store.delete(created[5])                             // the newest: its key is reused …
            created[5] = try store.create("Item", value: ["sku": "again"])
            try store.delete(created[1])                             // … and one made in this write
        }
        #expect(created[5].key == created[4].key + 1, "SQLite reused the newest object's key")
        let rows = try store.connection.scalarText("SELECT count(*) FROM _realm_changes WHERE version = \(store.version)")
        // One range 4...9 (the older deletions keep it open), the deletions of 1...3 as one
        // range, the deletion of 9 (ending the range), 9 again, and the deletion of 5.
        #expect(rows == "5")
        let changes = try store.changes(from: before, to: store.version)
        #expect(changes?["Item"] == StoreChanges.ClassChanges(inserted: Set(created.map(\.key)).subtracting([created[1].key]),
                                                               deleted: Set(older.map(\.key))))
    }

    @Test func trimmedRangesAndOverflowingCommitsAnswerNil() throws {
        let store = try Store.temporary(directory)
        store.changeLogRetention = 2
        let first = store.version
        let item = try store.write { try store.create("Item", value: ["sku": "A"]) }
        for count in 1...Int(Store.changeLogSlack) + 3 {
            try store.write { try store.set(item, "qty", .value(.int(Int64(count)))) }
        }
        #expect(try store.changes(from: first, to: store.version) == nil, "trimmed: the observer must re-read")
        #expect(try store.changes(from: store.version - 2, to: store.version)?["Item"].modified == [item.key: ["qty"]])
        let rows = try store.connection.scalarText("SELECT count(*) FROM _realm_changes")
        #expect(Int(rows ?? "") ?? .max < Int(Store.changeLogSlack) + 3, "old entries were deleted")
        store.changeRecorder.limit = 2
        let before = store.version
        try store.write {
            for index in 0..<4 { try store.set(item, "qty", .value(.int(Int64(index)))); _ = try store.create("Note", value: [:]) }
        }
        #expect(try store.changes(from: before, to: store.version) == nil, "an overflowing commit needs a re-read")
        store.changeRecorder.limit = 100
        let small = store.version
        try store.write { try store.set(item, "qty", 9) }
        #expect(try store.changes(from: small, to: store.version)?["Item"].modified == [item.key: ["qty"]])
        store.logsChanges = false
        let unlogged = store.version
        try store.write { try store.set(item, "qty", 10) }
        #expect(try store.changes(from: unlogged, to: store.version) == nil, "a commit not logged needs a re-read")
        store.logsChanges = true
        #expect(try store.changes(from: store.version, to: store.version + 1) == nil, "past the version the store reads")
        #expect(try store.changes(from: store.version, to: small) == nil)
    }

    @Test func anotherConnectionReadsTheLogOfCommitsItDidNotMake() throws {
        let writer = try Store.temporary(directory)
        let reader = try Store(path: directory.path())
        try reader.pinVersions()
        let seen = reader.version
        let item = try writer.write { try writer.create("Item", value: ["sku": "A"]) }
        #expect(try reader.changes(from: seen, to: writer.version) == nil, "the reader does not see that version yet")
        try reader.refresh()
        #expect(try reader.changes(from: seen, to: reader.version)?["Item"].inserted == [item.key])
    }

    @Test func aFileWithoutALogAnswersNilUntilItsFirstLoggedCommit() throws {
        let store = try Store.temporary(directory)
        let created = store.version
        #expect(try store.changes(from: 0, to: created) == nil, "the creation is not logged")
        try store.write { _ = try store.create("Note", value: [:]) }
        #expect(try store.changes(from: created, to: store.version)?["Note"].inserted.count == 1)
        let logged = store.version
        try store.write {}
        #expect(try store.changes(from: logged, to: store.version)?.isEmpty == true, "an empty commit is logged as such")
        let unlogged = store.version
        try store.connection.execute("BEGIN IMMEDIATE")
        try store.bumpVersion()
        try store.connection.execute("COMMIT")
        #expect(try store.changes(from: unlogged, to: store.version) == nil, "a commit by a writer that does not log")
        #expect(try store.changes(from: logged, to: unlogged)?.isEmpty == true)
    }
}
