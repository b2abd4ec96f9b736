@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// Inside an import's transaction, links given as keys are not looked up again, but only
/// until something rolls back to a savepoint; outside an import they always are.
@Suite struct ImportLinkTrustTests {
    let directory = TemporaryDirectory()

    @Test func anImportTrustsLinkKeysUntilASavepointRollsBack() throws {
        let store = try Store.temporary(directory)
        #expect(!store.trustsLinkKeys)
        let before = try store.beginImport(schema: nil)
        #expect(store.trustsLinkKeys)
        let item = try store.createForImport("Item", value: ["sku": "A", "qty": 1], update: .error, savepoint: true)
        _ = try store.createForImport("Order", value: ["id": 1, "item": .value(.object(item.key))], update: .error, savepoint: true)
        #expect(store.trustsLinkKeys)
        // A create that fails inside its savepoint may have removed objects whose keys were handed out.
        #expect(throws: StoreError.self) {
            try store.createForImport("Item", value: ["sku": "A", "qty": 2], update: .error, savepoint: true)
        }
        #expect(!store.trustsLinkKeys)
        try store.cancelImport(restoring: before)
    }

    @Test func aStaleKeyIsRefusedOutsideAnImport() throws {
        let store = try Store.temporary(directory)
        let item = try store.write { try store.create("Item", value: ["sku": "A", "qty": 1]) }
        try store.write { try store.delete(item) }
        #expect(throws: StoreError.self) {
            try store.write { try store.create("Order", value: ["id": 1, "item": .value(.object(item))]) }
        }
    }

    @Test func committingOrCancellingEndsTheTrust() throws {
        let store = try Store.temporary(directory)
        let before = try store.beginImport(schema: nil)
        try store.commitWrite()
        #expect(!store.trustsLinkKeys)
        _ = try store.beginImport(schema: nil)
        try store.cancelImport(restoring: before)
        #expect(!store.trustsLinkKeys)
    }
}
