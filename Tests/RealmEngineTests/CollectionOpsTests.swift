@testable import RealmEngine
import TestSupport
import Testing

@Suite struct CollectionOpsTests {
    let directory = TemporaryDirectory()

    @Test func listInsertSetAndRemoveKeepPositionsDense() throws {
        let store = try Store.temporary(directory)
        let order = try store.write { try store.create("Order", value: ["id": 1, "addrs": [["city": "A"], ["city": "B"]]]) }
        let item = try store.write { try store.create("Item", value: ["sku": "X"]) }
        try store.write {
            try store.listInsert(order, "items", .value(.object(item)), at: 0)
            try store.listInsert(order, "items", ["sku": "Y"], at: 0)
            try store.listInsert(order, "items", .value(.object(item)), at: 2)
        }
        let y = try #require(try store.object("Item", primaryKey: "Y"))
        #expect(try store.get(order, "items") == .list([.object(y), .object(item), .object(item)]))
        try store.write { try store.listRemove(order, "items", at: 0) }
        #expect(try store.get(order, "items") == .list([.object(item), .object(item)]))
        #expect(try store.count(order, "items") == 2)
        try store.beginWrite()
        #expect(throws: StoreError.self) { try store.listRemove(order, "items", at: 2) }
        try store.listInsert(order, "addrs", ["city": "Z"], at: 1)
        try store.listSet(order, "addrs", ["city": "Q"], at: 0)
        try store.listRemove(order, "addrs", at: 2)
        try store.commitWrite()
        #expect(try store.count("Addr") == 2, "replaced and removed embedded elements are deleted")
        guard case .list(let addrs) = try store.get(order, "addrs") else { Issue.record("no list"); return }
        #expect(try addrs.map { value -> StoreValue in
            guard case .object(let addr) = value else { return .null }
            return try store.get(addr, "city")
        } == ["Q", "Z"])
    }

    @Test func setAndMapElementOperations() throws {
        let store = try Store.temporary(directory)
        let order = try store.write { try store.create("Order", value: ["id": 1, "labels": ["a"], "tags": .map(["x": 1])]) }
        try store.write {
            try store.setInsert(order, "labels", "b")
            try store.setInsert(order, "labels", "a")
            try store.setRemove(order, "labels", "a")
            try store.mapSet(order, "tags", key: "y", 2)
            try store.mapSet(order, "tags", key: "x", 3)
            try store.mapRemove(order, "tags", key: "nope")
        }
        #expect(try store.get(order, "labels") == ["b"])
        #expect(try store.get(order, "tags") == ["x": 3, "y": 2])
        try store.write { try store.mapRemove(order, "tags", key: "x") }
        #expect(try store.get(order, "tags") == ["y": 2])
        #expect(throws: StoreError.notInWriteTransaction) { try store.mapSet(order, "tags", key: "z", 1) }
        try store.beginWrite()
        #expect(throws: StoreError.keyContainsDot) { try store.mapSet(order, "tags", key: "a.b", 1) }
        try store.cancelWrite()
    }
}
