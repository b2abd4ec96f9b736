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

    @Test func keysOfEveryTypeAreFoundRightAfterInsertAndAfterGrowth() {
        let filter = PrimaryKeyFilter()
        var keys: [StoreValue] = []
        for index in 0..<120_000 {
            let key: StoreValue = switch index % 4 {
            case 0: .int(Int64(index))
            case 1: .string("person \(index)")
            case 2: .uuid(UUID())
            default: .objectId(.generate())
            }
            filter.insert(key)
            #expect(filter.mayContain(key))
            keys.append(key)
        }
        // Layers were added on the way (the first holds 4,096 keys); none lost a key.
        #expect(filter.totalBits > PrimaryKeyFilter.firstLayerBits * 4)
        #expect(keys.allSatisfy(filter.mayContain))
    }

    @Test func millionsOfKeysStillMostlyAnswerNo() {
        // 1.5 million keys need 24 million bits at 16 a key: a filter capped lower (2 MiB)
        // answered "maybe" for about half of the keys it never saw.
        let filter = PrimaryKeyFilter()
        for index in 0..<1_500_000 { filter.insert(.int(Int64(index))) }
        let absent = (0..<20_000).filter { filter.mayContain(.int(-1 - Int64($0))) }.count
        #expect(absent < 20_000 * 3 / 100)
        #expect(filter.totalBits <= PrimaryKeyFilter.maximumBits)
    }

    @Test func keysThatDifferInFewBytesAreSpreadOut() throws {
        // ObjectIds from one machine differ in their timestamp and counter bytes only, UUIDs
        // and integers in their last bytes: each part must reach every block.
        let filter = PrimaryKeyFilter()
        func objectId(_ index: Int) throws -> StoreValue {
            .objectId(try ObjectId(string: "59682f00cd613e30" + String(format: "%08x", index)))
        }
        func uuid(_ index: Int) -> StoreValue {
            .uuid(UUID(uuidString: "6C0FD4F5-F813-4C42-B773-" + String(format: "%012X", index))!)
        }
        for index in 0..<100_000 {
            filter.insert(try objectId(index))
            filter.insert(uuid(index))
            filter.insert(.int(Int64(index)))
        }
        var falseMaybes = 0
        for index in 100_000..<110_000 {
            for key in [try objectId(index), uuid(index), StoreValue.int(Int64(index))] where filter.mayContain(key) {
                falseMaybes += 1
            }
        }
        #expect(falseMaybes < 30_000 * 3 / 100)
        #expect(try (0..<100_000).allSatisfy { filter.mayContain(try objectId($0)) && filter.mayContain(uuid($0)) })
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
