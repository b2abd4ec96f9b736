import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// Links (docs/relationships.md): nested objects, references by primary key to stored objects and forward
/// in the input, cycles, shared objects, unresolved references, embedded objects, asymmetric
/// classes.
@Suite struct ImportRelationshipTests {
    static let schema = """
        models:
          Item:
            primaryKey: sku
            properties: { sku: string, qty: int }
          Note:
            properties: { text: string }
          Order:
            primaryKey: id
            properties:
              id: int
              item: Item?
              items: Item[]
              itemSet: Item<>
              byName: Item?{}
              note: Note?
              tags: int{}
              addr: Addr?
              addrs: Addr[]
          Addr:
            embedded: true
            properties: { city: string, item: Item? }
          P:
            primaryKey: id
            properties: { id: int, friend: P? }
          Reading:
            asymmetric: true
            primaryKey: id
            properties: { id: int, value: double }
        """

    func harness() throws -> ImportHarness { try ImportHarness(Self.schema) }

    func key(_ harness: ImportHarness, _ className: String, _ primaryKey: StoreValue) throws -> StoreValue {
        .object(try #require(try harness.open.object(className, primaryKey: primaryKey)))
    }

    @Test func nestedObjectsAndReferencesToStoredObjects() throws {
        let harness = try harness()
        try harness.run(#"{"Item": [{"sku": "A", "qty": 1}]}"#)
        let run = try harness.run(#"{"Order": [{"id": 1, "item": "A", "items": [{"sku": "B", "qty": 2}, "A"], "note": {"text": "x"}}]}"#)
        #expect(run.errors.isEmpty, "\(run.messages)")
        #expect(try harness.value("Order", 1, "item") == key(harness, "Item", "A"))
        #expect(try harness.value("Order", 1, "items") == .list([try key(harness, "Item", "B"), try key(harness, "Item", "A")]))
        #expect(try harness.lastValue("Note", "text") == "x")
        #expect(run.summary["Item"].created == 1 && run.summary["Order"].created == 1)
    }

    @Test func forwardReferencesKeepPositions() throws {
        let harness = try harness()
        let run = try harness.run("""
            {"Order": [{"id": 1, "item": "D", "items": ["B", {"sku": "C", "qty": 3}, "D"], "itemSet": ["B", "B"],
                        "byName": {"first": "D", "none": null}, "addr": {"city": "Oslo", "item": "B"}}],
             "Item": [{"sku": "B", "qty": 2}, {"sku": "D", "qty": 4}]}
            """)
        #expect(run.errors.isEmpty, "\(run.messages)")
        let b = try key(harness, "Item", "B"), c = try key(harness, "Item", "C"), d = try key(harness, "Item", "D")
        #expect(try harness.value("Order", 1, "item") == d)
        #expect(try harness.value("Order", 1, "items") == .list([b, c, d]))
        #expect(try harness.value("Order", 1, "itemSet") == .list([b]))
        #expect(try harness.value("Order", 1, "byName") == .dictionary(["first": d, "none": .null]))
        guard case .object(let addr) = try harness.value("Order", 1, "addr") else { Issue.record("no addr"); return }
        #expect(try harness.open.get(addr, "item") == b)
    }

    @Test func cyclesAndSelfReferences() throws {
        let harness = try harness()
        let run = try harness.run(#"[{"id": 1, "friend": 2}, {"id": 2, "friend": 1}, {"id": 3, "friend": 3}]"#, ImportOptions(className: "P"))
        #expect(run.errors.isEmpty, "\(run.messages)")
        #expect(try harness.value("P", 1, "friend") == key(harness, "P", 2))
        #expect(try harness.value("P", 2, "friend") == key(harness, "P", 1))
        #expect(try harness.value("P", 3, "friend") == key(harness, "P", 3))
    }

    @Test func sharedObjectsAreOneObject() throws {
        let harness = try harness()
        let run = try harness.run(#"[{"id": 1, "item": "A"}, {"id": 2, "items": ["A", "A"]}, {"id": 3, "item": {"sku": "A", "qty": 5}}]"#,
                                  ImportOptions(className: "Order"))
        #expect(run.errors.isEmpty, "\(run.messages)")
        let a = try key(harness, "Item", "A")
        #expect(try harness.objects("Item").count == 1)
        #expect(try harness.value("Order", 1, "item") == a)
        #expect(try harness.value("Order", 2, "items") == .list([a, a]))
    }

    @Test func unresolvedReferenceIsALocatedError() throws {
        let harness = try harness()
        let run = try harness.run("[{\"id\": 1},\n {\"id\": 2, \"items\": [\"A\", \"Z\"]}]", ImportOptions(className: "Order"))
        #expect(run.messages == [
            "Unresolved reference: no object of type 'Item' with primary key value 'A' is stored or in the input (referenced by 'Order.items')",
            "Unresolved reference: no object of type 'Item' with primary key value 'Z' is stored or in the input (referenced by 'Order.items')",
        ])
        #expect(run.locations == ["2:22", "2:27"])
        #expect(run.errors.first?.notes == ["at JSON path /1/items/0"])
        #expect(try harness.objects("Order").isEmpty)
    }

    @Test func badReferenceValue() throws {
        let run = try harness().run(#"{"id": 1, "item": 5, "note": "x", "addr": ["Oslo"]}"#, ImportOptions(className: "Order"))
        #expect(run.messages == [
            "Invalid value '5' of type 'integer' for 'Item?' property 'Order.item': expected a nested 'Item' object or its primary key 'sku' (string).",
            "Invalid value 'x' to initialize object of type 'Note': missing key 'text'",
            "Invalid value '[\"Oslo\"]' of type 'array' for 'Addr?' property 'Order.addr': expected a nested 'Addr' object.",
        ])
    }

    @Test func duplicatePrimaryKeyInInsertModeIsLocatedAtTheNestedKey() throws {
        let harness = try harness()
        let run = try harness.run("[{\"id\": 1, \"item\": {\"sku\": \"A\", \"qty\": 1}},\n {\"id\": 2, \"item\": {\"sku\": \"A\", \"qty\": 2}}]",
                                  ImportOptions(className: "Order"))
        #expect(run.messages == ["Attempting to create an object of type 'Item' with an existing primary key value 'A'"])
        #expect(run.locations == ["2:28"])
        #expect(try harness.objects("Item").isEmpty)
    }

    @Test func embeddedAtTheTopLevelIsRejected() throws {
        let run = try harness().run(#"{"Addr": [{"city": "Oslo"}]}"#)
        #expect(run.messages == ["Embedded objects cannot be created directly (class 'Addr' is embedded; nest it in its parent)"])
        #expect(throws: ImportRunError.self) { try ImportHarness(Self.schema).run("{}", ImportOptions(className: "Addr")) }
    }

    @Test func asymmetricObjectsGoToTheOutbox() throws {
        let harness = try harness()
        let run = try harness.run(#"{"Reading": [{"id": 1, "value": 1.5}, {"id": 2, "value": 2}]}"#, ImportOptions(mode: .upsert))
        #expect(run.errors.isEmpty, "\(run.messages)")
        #expect(try harness.open.outbox("Reading").count == 2)
        #expect(run.summary["Reading"].created == 2)
    }

    @Test func classOptionContradictingTheInput() throws {
        let run = try harness().run(#"{"Item": [{"sku": "A", "qty": 1}]}"#, ImportOptions(className: "Order"))
        #expect(run.messages == ["the input holds objects of class 'Item' but --class names 'Order'"])
    }

    @Test func arrayWithoutClassIsARunError() throws {
        #expect(throws: ImportRunError.self) { try harness().run(#"[{"sku": "A", "qty": 1}]"#) }
    }
}
