import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

@Suite struct DeleteTests {
    let directory = TemporaryDirectory()

    @Test func deletingNullifiesLinksRemovesListEntriesAndNullsMapValues() throws {
        let store = try Store.temporary(directory)
        let (a, b, fan) = try store.write {
            let a = try store.create("Order", value: ["id": 1])
            let b = try store.create("Order", value: ["id": 2])
            let fan = try store.create("Fan", value: [
                "favorite": .value(.object(a)), "favorites": [.value(.object(b)), .value(.object(a)), .value(.object(b)), .value(.object(a))],
                "byName": .map(["x": .value(.object(a)), "y": .value(.object(b))]), "picked": [.value(.object(a)), .value(.object(b))],
                "any": .value(.object(a)), "anyList": [.value(.object(a)), .value(.list([.object(a), 1]))],
            ])
            return (a, b, fan)
        }
        #expect(try store.get(a, "lovers") == .list([.object(fan), .object(fan)]))
        try store.write { try store.delete(a) }
        #expect(!store.isValid(a))
        #expect(try store.get(fan, "favorite") == .null)
        #expect(try store.get(fan, "favorites") == .list([.object(b), .object(b)]))
        #expect(try store.get(fan, "byName") == .dictionary(["x": .null, "y": .object(b)]))
        #expect(try store.get(fan, "picked") == .list([.object(b)]))
        #expect(try store.get(fan, "any") == .null)
        #expect(try store.get(fan, "anyList") == .list([.null, .list([.null, 1])]))
        #expect(throws: StoreError.invalidatedObject) { try store.get(a, "id") }
        try store.write { try store.create("Order", value: ["id": 1]) }
        #expect(try store.count("Order") == 2)
    }

    @Test func embeddedObjectsGoWithTheirOwner() throws {
        let store = try Store.temporary(directory)
        let order = try store.write {
            try store.create("Order", value: ["id": 1, "addr": ["city": "Oslo"], "addrs": [["city": "A"], ["city": "B"]],
                                              "extra": .value(["deep": [1, [2]]])])
        }
        #expect(try store.count("Addr") == 3)
        try store.write { try store.set(order, "addrs", [["city": "C"]]) }
        #expect(try store.count("Addr") == 2, "replaced list elements are deleted")
        try store.write { try store.delete(order) }
        #expect(try store.count("Addr") == 0)
        #expect(try store.count("Order") == 0)
        let reader = try Store(path: directory.path())
        #expect(try reader.integrityCheck() == "ok")
        let leftovers = try reader.connection.scalarText("SELECT count(*) FROM _realm_mixed")
        #expect(leftovers == "0", "nested mixed collections are deleted with their owner")
    }

    @Test func deletingAnEmbeddedObjectDirectlyUnlinksItFromItsOwner() throws {
        let store = try Store.temporary(directory)
        let order = try store.write { try store.create("Order", value: ["id": 1, "addr": ["city": "Oslo"], "addrs": [["city": "A"]]]) }
        guard case .object(let addr) = try store.get(order, "addr"), case .list(let addrs) = try store.get(order, "addrs"),
              case .object(let listed) = addrs[0] else { Issue.record("missing embedded objects"); return }
        try store.write {
            try store.delete(addr)
            try store.delete(listed)
        }
        #expect(try store.get(order, "addr") == .null)
        #expect(try store.get(order, "addrs") == .list([]))
    }

    @Test func asymmetricObjectsGoToTheOutbox() throws {
        let schema = CompiledSchema(schemaVersion: 1, models: [
            model("Reading", kind: .asymmetric, primaryKey: "_id", [property("_id", .objectId, primaryKey: true), property("value", .double),
                                                                    property("at", .object("Place"), optional: true)]),
            model("Place", kind: .embedded, [property("name", .string)]),
        ])
        let store = try Store.temporary(directory, schema)
        let ids = [ObjectId.generate(), ObjectId.generate(), ObjectId.generate()]
        try store.write {
            for (index, id) in ids.enumerated() {
                try store.create("Reading", value: ["_id": .value(.objectId(id)), "value": .value(.double(Double(index))), "at": ["name": "lab"]])
            }
        }
        #expect(throws: StoreError.asymmetricQuery("Reading")) { try store.count("Reading") }
        #expect(throws: StoreError.asymmetricQuery("Reading")) { try store.objects("Reading") }
        #expect(throws: StoreError.asymmetricQuery("Reading")) { try store.object("Reading", primaryKey: .objectId(ids[0])) }
        let batch = try store.outbox("Reading", limit: 2)
        #expect(try batch.map { try store.get($0, "_id") } == [.objectId(ids[0]), .objectId(ids[1])])
        try store.write { try store.drainOutbox(batch) }
        #expect(try store.outbox("Reading").map { try store.get($0, "_id") } == [.objectId(ids[2])])
        #expect(try store.count("Place") == 1)
    }

    @Test func indexesAndFullTextSearchAreCreated() throws {
        let schema = CompiledSchema(schemaVersion: 1, models: [
            model("Doc", [property("title", .string, indexed: .regular), property("body", .string, optional: true, indexed: .fulltext, mapTo: "text")]),
        ])
        let store = try Store.temporary(directory, schema)
        let doc = try store.write {
            try store.create("Doc", value: ["title": "a", "body": "the quick brown fox"])
            return try store.create("Doc", value: ["title": "b", "body": "lazy dogs sleep"])
        }
        let match = try store.connection.scalarText("SELECT rowid FROM \"Doc.text.fts\" WHERE \"Doc.text.fts\" MATCH 'dogs'")
        #expect(match == String(doc.key))
        try store.write { try store.set(doc, "body", "cats") }
        #expect(try store.connection.scalarText("SELECT count(*) FROM \"Doc.text.fts\" WHERE \"Doc.text.fts\" MATCH 'dogs'") == "0")
        let indexes = try store.connection.scalarText("SELECT group_concat(name) FROM pragma_index_list('Doc')") ?? ""
        #expect(indexes.contains("Doc.title.index"))
    }

    @Test func objectsComeInAStableOrder() throws {
        let store = try Store.temporary(directory)
        try store.write {
            for sku in ["b", "c", "a"] { try store.create("Item", value: ["sku": .value(.string(sku))]) }
        }
        #expect(try store.objects("Item").map { try store.get($0, "sku") } == ["b", "c", "a"])
        #expect(try store.objects("Item", order: .primaryKey).map { try store.get($0, "sku") } == ["a", "b", "c"])
        #expect(try store.count("Item") == 3)
    }
}
