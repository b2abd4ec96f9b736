import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// Problems with `$id` and `$ref`: each a located error in Realm's `Invalid value …` form where
/// a value is wrong, and nothing is written.
@Suite struct ImportReferenceErrorTests {
    func harness() throws -> ImportHarness { try ImportHarness(ImportReferenceTests.schema) }

    @Test func badIDs() throws {
        let harness = try harness()
        let run = try harness.run("""
            {"Note": [{"$id": 0, "text": "a"},
                      {"$id": "2", "text": "b"},
                      {"$id": 3, "text": "c"},
                      {"$id": 3, "text": "d"}]}
            """)
        #expect(run.messages == [
            "Invalid value '0' of type 'integer' for 'int' property 'Note.$id': '$id' must be a position of 1 or more.",
            "Invalid value '2' of type 'string' for 'int' property 'Note.$id'.",
            "Duplicate '$id' 3 for type 'Note': an earlier object of the input has it",
        ])
        #expect(run.locations == ["1:19", "2:19", "4:19"])
        #expect(run.errors.last?.notes == ["at JSON path /Note/3/$id"])
        #expect(try harness.objects("Note").isEmpty)
    }

    @Test func badReferencesInLinks() throws {
        let run = try harness().run("""
            {"Note": [{"$id": 1, "text": "a", "next": {"$ref": "Item", "$id": "A"}},
                      {"$id": 2, "text": "b", "next": {"$ref": "Box", "$id": 1}},
                      {"$id": 3, "text": "c", "item": {"$ref": "Item", "$id": 5}},
                      {"$id": 4, "text": "d", "others": [{"$ref": "Note", "$id": -1}]}]}
            """)
        #expect(run.messages == [
            "Invalid value 'Item' of type 'string' for 'Note?' property 'Note.next': '$ref' names 'Item', but the property links to 'Note'.",
            "Invalid value 'Box' of type 'string' for 'Note?' property 'Note.next': '$ref' must name a top-level class of the schema.",
            "Invalid value '5' of type 'integer' for 'Item?' property 'Note.item'.",
            "Invalid value '-1' of type 'integer' for 'Note' array property 'Note.others': '$id' must be a position of 1 or more.",
        ])
        #expect(run.errors.map { $0.notes.last ?? "" } == ["at JSON path /Note/0/next/$ref", "at JSON path /Note/1/next/$ref",
                                                           "at JSON path /Note/2/item/$id", "at JSON path /Note/3/others/0/$id"])
    }

    @Test func badReferencesInMixedValues() throws {
        let run = try harness().run("""
            {"Note": [{"$id": 1, "text": "a", "any": [{"k": {"$ref": "Nope", "$id": 1}}]},
                      {"$id": 2, "text": "b", "anyMap": {"r": {"$ref": "Reading", "$id": 1}}},
                      {"$id": 3, "text": "c", "anySet": [{"k": 1}]}]}
            """)
        #expect(run.messages == [
            "Invalid value 'Nope' of type 'string' for 'mixed' property 'Note.any': '$ref' must name a top-level class of the schema.",
            "Invalid value 'Reading' of type 'string' for 'mixed' dictionary property 'Note.anyMap': 'Reading' is asymmetric: its "
                + "objects go to the outbox and cannot be linked to.",
            "Invalid value '{\"k\":1}' of type 'object' for 'mixed' set property 'Note.anySet': a set cannot hold a list or a dictionary.",
        ])
        #expect(run.errors.map { $0.notes.last ?? "" } == ["at JSON path /Note/0/any/0/k/$ref", "at JSON path /Note/1/anyMap/r/$ref",
                                                           "at JSON path /Note/2/anySet/0"])
    }

    @Test func aFailedUpsertLeavesTheStoreAsItWas() throws {
        let harness = try harness()
        try harness.run(#"{"Item": [{"sku": "A", "qty": 1}], "Note": [{"$id": 1, "text": "a"}]}"#)
        let before = try harness.dump()
        let run = try harness.run("""
            {"Item": [{"sku": "A", "qty": 2, "note": {"$ref": "Note", "$id": 1}}],
             "Note": [{"$id": 1, "text": "b", "next": {"$ref": "Note", "$id": 2}}]}
            """, ImportOptions(mode: .upsert))
        #expect(run.messages.count == 1 && run.messages[0].hasPrefix("Unresolved reference: no object of type 'Note' with '$id' 2"))
        #expect(run.locations == ["2:43"] && !run.summary.committed)
        #expect(try harness.dump() == before)
    }

    @Test func unresolvedReferencesAreReportedAfterTheLastDocument() throws {
        let harness = try harness()
        let run = try harness.run("""
            {"Note": [{"$id": 1, "text": "a", "anyList": [[{"$ref": "Note", "$id": 7}]]},
                      {"$id": 2, "next": {"$ref": "Note", "$id": 1}},
                      {"$id": 3, "text": "c", "next": {"$ref": "Note", "$id": 2}, "item": {"$ref": "Item", "$id": "Z"}}]}
            """)
        #expect(run.messages == [
            "Missing value for property 'Note.text'",
            "Unresolved reference: no object of type 'Note' with '$id' 7 is in the input (referenced by 'Note.anyList'; "
                + "objects without a primary key are referenced within one import run)",
            "Unresolved reference: no object of type 'Item' with primary key value 'Z' is stored or in the input (referenced by 'Note.item')",
        ])
        #expect(run.locations == ["2:11", "1:48", "3:79"])
    }
}
