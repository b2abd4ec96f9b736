import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// The import's primary-key filter never says "no" for a key it was given, stays bounded, and
/// is only used for classes that were empty when the import began.
@Suite struct PrimaryKeyFilterTests {
    let directory = TemporaryDirectory()

    @Test func everyInsertedKeyMayBeContained() {
        let filter = PrimaryKeyFilter()
        let keys = (0..<300_000).map { StoreValue.int(Int64($0) * 7_919) }
        for key in keys { filter.insert(key) }
        #expect(keys.allSatisfy(filter.mayContain))
        // Keys never inserted are mostly answered "no" (that is what saves the lookups).
        let absent = (0..<10_000).filter { filter.mayContain(.string("absent \($0)")) }.count
        #expect(absent < 1_000)
    }

    @Test func anEmptyFilterContainsNothing() {
        #expect(!PrimaryKeyFilter().mayContain(.objectId(ObjectId(stringLiteral: "5f5f96a0c325f3b0bdf96a77"))))
    }

    @Test func onlyClassesEmptyAtTheStartAreFiltered() throws {
        let store = try Store.temporary(directory)
        try store.write { try store.create("Item", value: ["sku": "A", "qty": 1]) }
        _ = try store.beginImport(schema: nil)
        #expect(try store.classInfo("Item").importedKeys == nil)
        #expect(try store.classInfo("Order").importedKeys != nil)
        #expect(try store.classInfo("Addr").importedKeys == nil)
        // Upserting the stored Item finds it; a new Order is created, then found again.
        let item = try store.createForImport("Item", value: ["sku": "A", "qty": 2], update: .all, savepoint: false)
        #expect(item.existed)
        #expect(try !store.createForImport("Order", value: ["id": 1], update: .all, savepoint: false).existed)
        #expect(try store.createForImport("Order", value: ["id": 1], update: .all, savepoint: false).existed)
        try store.commitWrite()
        #expect(try store.classInfo("Order").importedKeys == nil)
        #expect(try store.count("Order") == 1)
    }

    @Test func aKeyRolledBackToASavepointCanBeCreatedAgain() throws {
        let store = try Store.temporary(directory)
        let before = try store.beginImport(schema: nil)
        // The nested Item is created, then the Order fails (a number in its set of strings,
        // written after the list) and its savepoint takes the Item away again; its key stays
        // in the filter.
        #expect(throws: StoreError.self) {
            try store.createForImport("Order", value: ["id": 1, "items": [["sku": "B", "qty": 1]], "labels": [.value(.int(5))]],
                                      update: .all, savepoint: true)
        }
        #expect(try store.classInfo("Item").importedKeys?.mayContain(.string("B")) == true)
        #expect(try store.object("Item", primaryKey: .string("B")) == nil)
        #expect(try !store.createForImport("Item", value: ["sku": "B", "qty": 2], update: .all, savepoint: true).existed)
        try store.cancelImport(restoring: before)
    }
}
