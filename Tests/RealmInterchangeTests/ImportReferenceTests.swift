import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// `realm-export`'s encoding of objects without a primary key, read back: `"$id": N` on the
/// top-level objects, `{"$ref": "Class", "$id": …}` for links to them (forward, shared, cyclic,
/// in lists, sets, maps and embedded objects) and for links inside mixed values at any depth.
@Suite struct ImportReferenceTests {
    static let schema = """
        models:
          Item:
            primaryKey: sku
            properties: { sku: string, qty: int, note: Note? }
          Note:
            properties:
              text: string
              next: Note?
              others: Note[]
              otherSet: Note<>
              byKey: Note?{}
              item: Item?
              box: Box?
              any: mixed
              anyList: mixed[]
              anySet: mixed<>
              anyMap: mixed{}
          Box:
            embedded: true
            properties: { label: string, note: Note? }
          Reading:
            asymmetric: true
            primaryKey: id
            properties: { id: int, value: double }
        """

    func harness() throws -> ImportHarness { try ImportHarness(Self.schema) }

    static func ref(_ className: String, _ id: String) -> String { #"{"$ref": "\#(className)", "$id": \#(id)}"# }

    @Test func idsAndRefsRecreateSharedAndCyclicGraphs() throws {
        let harness = try harness()
        let (n1, n2) = (Self.ref("Note", "1"), Self.ref("Note", "2"))
        let run = try harness.run("""
            {"Item": [{"sku": "A", "qty": 1, "note": \(n2)}],
             "Note": [{"$id": 1, "text": "a", "next": \(n2), "others": [\(n2), \(n1), \(n2)], "otherSet": [\(n2), \(n1), \(n2)],
                       "byKey": {"x.y": \(n2), "none": null}, "item": "A", "box": {"label": "b", "note": \(n2)}},
                      {"$id": 2, "text": "b", "next": \(n1), "item": \(Self.ref("Item", "\"A\""))}]}
            """, ImportOptions(rejectUnknown: true))
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let notes = try harness.objects("Note").map { StoreValue.object($0) }
        try #require(notes.count == 2)
        let item = try #require(try harness.open.object("Item", primaryKey: "A"))
        #expect(try harness.value("Item", "A", "note") == notes[1])
        let first = try harness.open.values(of: harness.objects("Note")[0])
        #expect(first[1] == notes[1] && first[2] == .list([notes[1], notes[0], notes[1]]) && first[3] == .list([notes[0], notes[1]]))
        #expect(first[4] == .dictionary(["x%2Ey": notes[1], "none": .null]) && first[5] == .object(item))
        guard case .object(let box) = first[6] else { Issue.record("no box"); return }
        #expect(try harness.open.get(box, "note") == notes[1])
        #expect(try harness.lastValue("Note", "next") == notes[0])
        #expect(try harness.lastValue("Note", "item") == .object(item))
        #expect(run.summary["Note"].created == 2 && run.summary["Note"].warnings == 0)
    }

    @Test func mixedValuesHoldReferencesAtAnyDepth() throws {
        let harness = try harness()
        let (n1, n2, a) = (Self.ref("Note", "1"), Self.ref("Note", "2"), Self.ref("Item", "\"A\""))
        let run = try harness.run("""
            {"Note": [{"$id": 1, "text": "a", "any": \(n2), "anyList": [\(n2), [1, {"k": \(a)}], \(n1)], "anySet": [\(n2), 3],
                       "anyMap": {"deep": {"list": [\(n2)]}, "dict": {"$id": 1, "$ref": "Note"}, "typed": {"$oid": "65a000000000000000000001"}}},
                      {"$id": 2, "text": "b", "any": [\(a), null]}],
             "Item": [{"sku": "A", "qty": 1}]}
            """)
        #expect(run.errors.isEmpty, "\(run.messages)")
        let keys = try harness.objects("Note")
        let (note1, note2) = (StoreValue.object(keys[0]), StoreValue.object(keys[1]))
        let item = StoreValue.object(try #require(try harness.open.object("Item", primaryKey: "A")))
        let values = try harness.open.values(of: keys[0])
        #expect(values[7] == note2)
        #expect(values[8] == .list([note2, .list([1, .dictionary(["k": item])]), note1]))
        #expect(values[9] == .list([3, note2]))
        #expect(values[10] == .dictionary(["deep": .dictionary(["list": .list([note2])]), "dict": .dictionary(["%24id": 1, "%24ref": "Note"]),
                                          "typed": .objectId(try ObjectId(string: "65a000000000000000000001"))]))
        #expect(try harness.open.get(keys[1], "any") == .list([item, .null]))
    }

    @Test(arguments: [ImportMode.insert, .upsert, .merge])
    func objectsWithIDsAreCreatedInEveryMode(_ mode: ImportMode) throws {
        let harness = try harness()
        let input = """
            {"Item": [{"sku": "A", "qty": 1, "note": \(Self.ref("Note", "1"))}], "Note": [{"$id": 1, "text": "a", "next": \(Self.ref("Note", "1"))}]}
            """
        for round in 1...2 {
            let run = try harness.run(input, ImportOptions(mode: mode))
            if mode == .insert && round == 2 {
                #expect(run.messages == ["Attempting to create an object of type 'Item' with an existing primary key value 'A'"])
                continue
            }
            #expect(run.errors.isEmpty, "\(mode): \(run.messages)")
            #expect(run.summary["Note"].created == 1)
            let note = try #require(try harness.objects("Note").last)
            #expect(try harness.value("Item", "A", "note") == .object(note) && (try harness.open.get(note, "next")) == .object(note))
        }
        #expect(try harness.objects("Note").count == (mode == .insert ? 1 : 2))
        let withoutID = try harness.run(#"{"Note": [{"text": "x"}]}"#, ImportOptions(mode: mode))
        #expect(withoutID.messages == (mode == .insert ? [] : ["'Note' does not have a primary key and can not be updated"]))
    }

    @Test func idsNameObjectsOfOneRunOnly() throws {
        let harness = try harness()
        try harness.run(#"{"Note": [{"$id": 1, "text": "a"}]}"#)
        let run = try harness.run(#"{"Item": [{"sku": "A", "qty": 1, "note": {"$ref": "Note", "$id": 1}}]}"#)
        #expect(run.messages == ["Unresolved reference: no object of type 'Note' with '$id' 1 is in the input (referenced by "
                                 + "'Item.note'; objects without a primary key are referenced within one import run)"])
        #expect(run.locations == ["1:42"])
        #expect(run.errors.first?.notes == ["at JSON path /Item/0/note"])
    }

    @Test func idOnAClassWithAPrimaryKeyIsAnUnknownKey() throws {
        let run = try harness().run(#"{"Item": [{"$id": 1, "sku": "A", "qty": 1}]}"#)
        #expect(run.warnings.map(\.message) == ["Unknown property '$id' for type 'Item': the key is ignored"])
    }

    @Test func ndjsonOfAClassWithoutAPrimaryKey() throws {
        let harness = try harness()
        let run = try harness.run("""
            {"$id": 1, "text": "a", "next": {"$ref": "Note", "$id": 2}}
            {"$id": 2, "text": "b", "next": {"$ref": "Note", "$id": 1}, "others": [{"$ref": "Note", "$id": 2}]}
            """, ImportOptions(className: "Note"))
        #expect(run.errors.isEmpty, "\(run.messages)")
        let notes = try harness.objects("Note")
        #expect(try harness.open.get(notes[0], "next") == .object(notes[1]))
        #expect(try harness.open.get(notes[1], "others") == .list([.object(notes[1])]))
    }
}
