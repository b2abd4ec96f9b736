@testable import RealmEngine
import TestSupport
import Testing

/// docs/relationships.md, section 11, cases 49–58, on `ordersSchema`.
@Suite struct UpdatePolicyTests {
    let directory = TemporaryDirectory()

    private func store() throws -> Store { try Store.temporary(directory) }

    @Test func case49NestedExistingPrimaryKeyWithErrorPolicy() throws {
        let store = try store()
        try store.write { try store.create("Item", value: ["sku": "A", "qty": 5]) }
        try store.beginWrite()
        #expect(throws: StoreError.objectAlreadyExists("Item", "A")) {
            try store.create("Order", value: ["id": 1, "item": ["sku": "A", "qty": 1]])
        }
        #expect(try store.count("Order") == 0, "a failed create leaves nothing behind")
        try store.cancelWrite()
        #expect(StoreError.objectAlreadyExists("Item", "A").message
            == "Attempting to create an object of type 'Item' with an existing primary key value 'A'")
    }

    @Test(arguments: [UpdatePolicy.all, .modified])
    func case50NestedUpsertUpdatesOnlySuppliedKeys(_ policy: UpdatePolicy) throws {
        let store = try store()
        try store.write { try store.create("Item", value: ["sku": "A", "qty": 5, "color": "red"]) }
        let order = try store.write { try store.create("Order", value: ["id": 1, "item": ["sku": "A", "qty": 1]], update: policy) }
        #expect(try store.count("Item") == 1)
        let item = try #require(try store.object("Item", primaryKey: "A"))
        #expect(try store.get(item, "qty") == 1)
        #expect(try store.get(item, "color") == "red")
        #expect(try store.get(order, "item") == .object(item))
    }

    @Test func case51DuplicateTopLevelPrimaryKey() throws {
        let store = try store()
        try store.write { try store.create("Order", value: ["id": 1]) }
        try store.beginWrite()
        #expect(throws: StoreError.objectAlreadyExists("Order", "1")) { try store.create("Order", value: ["id": 1]) }
        try store.cancelWrite()
    }

    @Test(arguments: [UpdatePolicy.all, .modified])
    func case52UpsertWithoutPrimaryKey(_ policy: UpdatePolicy) throws {
        let store = try store()
        try store.beginWrite()
        #expect(throws: StoreError(.noPrimaryKey, "'Note' does not have a primary key and can not be updated")) {
            try store.create("Note", value: ["text": "x"], update: policy)
        }
        try store.cancelWrite()
    }

    @Test(arguments: [UpdatePolicy.all, .modified])
    func case53UpsertWithOnlyThePrimaryKeyChangesNothing(_ policy: UpdatePolicy) throws {
        let store = try store()
        let order = try store.write {
            try store.create("Order", value: ["id": 1, "item": ["sku": "A", "qty": 1], "tags": .map(["a": 1]),
                                              "labels": ["x"], "extra": .value(.list([1, "two"]))])
        }
        let before = try store.values(of: order)
        try store.write { try store.create("Order", value: ["id": 1], update: policy) }
        #expect(try store.values(of: order) == before)
    }

    @Test func case54ListsAreReplacedUnderAll() throws {
        let store = try store()
        let order = try store.write {
            try store.create("Order", value: ["id": 1, "items": [["sku": "A"], ["sku": "B"], ["sku": "C"]]])
        }
        try store.write { try store.create("Order", value: ["id": 1, "items": [["sku": "D", "qty": 4]]], update: .all) }
        let d = try #require(try store.object("Item", primaryKey: "D"))
        #expect(try store.get(order, "items") == .list([.object(d)]))
        #expect(try store.count("Item") == 4)
    }

    @Test func case55NestedObjectWithoutPrimaryKey() throws {
        let store = try store()
        let order = try store.write { try store.create("Order", value: ["id": 1, "note": ["text": "x"]]) }
        try store.write { try store.create("Order", value: ["id": 1, "note": ["text": "y"]], update: .all) }
        #expect(try store.count("Note") == 2)
        guard case .object(let note) = try store.get(order, "note") else { Issue.record("no note"); return }
        #expect(try store.get(note, "text") == "y")

        try store.write { try store.create("Order", value: ["id": 1, "note": ["text": "z"]], update: .modified) }
        #expect(try store.count("Note") == 2, ".modified updates the linked Note in place")
        #expect(try store.get(order, "note") == .object(note))
        #expect(try store.get(note, "text") == "z")
    }

    @Test func case56MapsAreReplacedOrMerged() throws {
        let store = try store()
        let order = try store.write { try store.create("Order", value: ["id": 1, "tags": .map(["a": 1, "b": 2])]) }
        try store.write { try store.create("Order", value: ["id": 1, "tags": .map(["b": 3])], update: .all) }
        #expect(try store.get(order, "tags") == ["b": 3])
        try store.write { try store.create("Order", value: ["id": 1, "tags": .map(["a": 1, "b": 2])], update: .all) }
        try store.write { try store.create("Order", value: ["id": 1, "tags": .map(["b": 3])], update: .modified) }
        #expect(try store.get(order, "tags") == ["a": 1, "b": 3])
    }

    @Test func case57EmbeddedObjectsAreReplacedOrUpdatedInPlace() throws {
        let store = try store()
        let order = try store.write { try store.create("Order", value: ["id": 1, "addr": ["city": "Oslo"]]) }
        guard case .object(let oslo) = try store.get(order, "addr") else { Issue.record("no addr"); return }
        try store.write { try store.create("Order", value: ["id": 1, "addr": ["city": "Bergen"]], update: .all) }
        #expect(!store.isValid(oslo), "the old embedded object is deleted")
        guard case .object(let bergen) = try store.get(order, "addr") else { Issue.record("no addr"); return }
        #expect(try store.get(bergen, "city") == "Bergen")
        try store.write { try store.create("Order", value: ["id": 1, "addr": ["city": "Tromsø"]], update: .modified) }
        #expect(try store.get(order, "addr") == .object(bergen))
        #expect(try store.get(bergen, "city") == "Tromsø")
        #expect(try store.count("Addr") == 1)
        try store.beginWrite()
        #expect(throws: StoreError(.embeddedCreatedDirectly, "Embedded objects cannot be created directly")) {
            try store.create("Addr", value: ["city": "Oslo"])
        }
        #expect(throws: StoreError.embeddedAlreadyOwned) {
            try store.create("Order", value: ["id": 2, "addr": .value(.object(bergen))])
        }
        try store.cancelWrite()
    }

    @Test func case58DuplicatePrimaryKeysInOneListAndUnchangedUpserts() throws {
        let store = try store()
        let order = try store.write {
            try store.create("Order", value: ["id": 2, "items": [["sku": "Z", "qty": 1], ["sku": "Z", "qty": 2]]], update: .all)
        }
        let z = try #require(try store.object("Item", primaryKey: "Z"))
        #expect(try store.count("Item") == 1)
        #expect(try store.get(z, "qty") == 2)
        #expect(try store.get(order, "items") == .list([.object(z), .object(z)]))
        let before = try store.values(of: order)
        try store.write { try store.create("Order", value: ["id": 2, "items": [["sku": "Z", "qty": 2], ["sku": "Z"]]], update: .modified) }
        #expect(try store.values(of: order) == before)
    }

    @Test func modifiedMergesSetsAndMixedAndListsElementWise() throws {
        let store = try store()
        let order = try store.write {
            try store.create("Order", value: ["id": 1, "labels": ["a", "b"], "extra": .value(["k": 1, "l": [1, 2, 3]]),
                                              "addrs": [["city": "A"], ["city": "B"]]])
        }
        guard case .list(let addrs) = try store.get(order, "addrs") else { Issue.record("no list"); return }
        try store.write {
            try store.create("Order", value: ["id": 1, "labels": ["c"], "extra": .value(["l": [1, 9]]), "addrs": [["city": "C"]]],
                             update: .modified)
        }
        #expect(try store.get(order, "labels") == ["a", "b", "c"])
        #expect(try store.get(order, "extra") == ["k": 1, "l": [1, 9]])
        #expect(try store.get(order, "addrs") == .list([addrs[0]]))
        if case .object(let first) = addrs[0] { #expect(try store.get(first, "city") == "C") }
        if case .object(let second) = addrs[1] { #expect(!store.isValid(second)) }
        try store.write { try store.create("Order", value: ["id": 1, "labels": ["c"], "extra": .value(["l": [1]])], update: .all) }
        #expect(try store.get(order, "labels") == ["c"])
        #expect(try store.get(order, "extra") == ["l": [1]])
    }

    @Test func aFailingCreateLeavesNothingUnlessAtomicOperationsAreOff() throws {
        let store = try store()
        try store.write { try store.create("Item", value: ["sku": "B"]) }
        try store.beginWrite()
        let input: [String: InputValue] = ["id": 1, "items": [["sku": "A"], ["sku": "B"]]]
        #expect(throws: StoreError.objectAlreadyExists("Item", "B")) { try store.create("Order", value: input) }
        #expect(try store.count("Item") == 1)
        #expect(try store.count("Order") == 0)
        store.atomicOperations = false
        #expect(throws: StoreError.objectAlreadyExists("Item", "B")) { try store.create("Order", value: input) }
        #expect(try store.count("Order") == 1, "bulk mode leaves the partial create for the caller to cancel")
        try store.cancelWrite()
        #expect(try store.count("Order") == 0)
    }

    @Test func writesNeedATransactionAndDoNotNest() throws {
        let store = try store()
        #expect(throws: StoreError.notInWriteTransaction) { try store.create("Note", value: ["text": "x"]) }
        try store.beginWrite()
        #expect(throws: StoreError.alreadyInWriteTransaction) { try store.beginWrite() }
        try store.create("Note", value: ["text": "x"])
        try store.cancelWrite()
        #expect(try store.count("Note") == 0)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.write {
                try store.create("Note", value: ["text": "x"])
                throw Failure()
            }
        }
        #expect(try store.count("Note") == 0)
        #expect(!store.isInWriteTransaction)
    }

    @Test func primaryKeysCannotChangeAndLookupIsByValue() throws {
        let store = try store()
        let item = try store.write { try store.create("Item", value: ["sku": "C", "qty": 1]) }
        try store.beginWrite()
        #expect(throws: StoreError.primaryKeyModified("Item", "sku")) { try store.set(item, "sku", "D") }
        try store.set(item, "sku", "C")
        try store.set(item, "qty", 7)
        try store.commitWrite()
        #expect(try store.get(item, "qty") == 7)
        #expect(try store.object("Item", primaryKey: "C") == item)
        #expect(try store.object("Item", primaryKey: "nope") == nil)
        #expect(StoreError.primaryKeyModified("Item", "sku").message == "Cannot modify primary key after creation: 'Item.sku'")
    }
}
