import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// `--mode insert|upsert|merge` with Realm's list, set, map, nested and embedded semantics
/// (docs/relationships.md, sections 6 and 11).
@Suite struct ImportModeTests {
    func harness() throws -> ImportHarness { try ImportHarness(ImportRelationshipTests.schema) }

    func order(_ mode: ImportMode) -> ImportOptions { ImportOptions(className: "Order", mode: mode) }

    @Test(arguments: [ImportMode.upsert, .merge])
    func nestedObjectWithPrimaryKeyIsUpserted(_ mode: ImportMode) throws {
        let harness = try harness()
        try harness.run(#"{"Item": [{"sku": "A", "qty": 7}]}"#)
        let run = try harness.run(#"{"id": 1, "item": {"sku": "A", "qty": 1}}"#, order(mode))
        #expect(run.errors.isEmpty, "\(run.messages)")
        #expect(try harness.objects("Item").count == 1)
        #expect(try harness.value("Item", "A", "qty") == 1)
        #expect(run.summary["Item"] == ImportSummary.Counts(updated: 1))
    }

    @Test func insertRejectsAnExistingPrimaryKey() throws {
        let harness = try harness()
        try harness.run(#"{"id": 1}"#, order(.insert))
        let run = try harness.run(#"{"id": 1}"#, order(.insert))
        #expect(run.messages == ["Attempting to create an object of type 'Order' with an existing primary key value '1'"])
        #expect(run.locations == ["1:8"])
    }

    @Test func upsertWithoutPrimaryKeyIsRejected() throws {
        let run = try harness().run(#"{"Note": [{"text": "x"}]}"#, ImportOptions(mode: .upsert))
        #expect(run.messages == ["'Note' does not have a primary key and can not be updated"])
    }

    @Test func listsAreReplacedByUpsertAndMergedElementWise() throws {
        for mode in [ImportMode.upsert, .merge] {
            let harness = try harness()
            try harness.run(#"{"id": 1, "items": [{"sku": "A", "qty": 1}, {"sku": "B", "qty": 2}, {"sku": "C", "qty": 3}]}"#, order(.insert))
            try harness.run(#"{"id": 1, "items": [{"sku": "D", "qty": 4}]}"#, order(mode))
            #expect(try harness.value("Order", 1, "items") == .list([.object(try #require(try harness.open.object("Item", primaryKey: "D")))]))
            #expect(try harness.objects("Item").count == 4)
        }
    }

    @Test func nestedObjectWithoutPrimaryKey() throws {
        let upsert = try harness()
        try upsert.run(#"{"id": 1, "note": {"text": "x"}}"#, order(.insert))
        try upsert.run(#"{"id": 1, "note": {"text": "y"}}"#, order(.upsert))
        #expect(try upsert.objects("Note").count == 2)
        #expect(try upsert.value("Order", 1, "note") == .object(try #require(try upsert.objects("Note").last)))

        let merge = try harness()
        try merge.run(#"{"id": 1, "note": {"text": "x"}}"#, order(.insert))
        let run = try merge.run(#"{"id": 1, "note": {}}"#, order(.merge))
        #expect(run.errors.isEmpty, "in place: a missing key is unchanged, not missing")
        try merge.run(#"{"id": 1, "note": {"text": "y"}}"#, order(.merge))
        #expect(try merge.objects("Note").count == 1)
        #expect(try merge.lastValue("Note", "text") == "y")
    }

    @Test func mapsAreReplacedByUpsertAndMergedByMerge() throws {
        for (mode, expected) in [(ImportMode.upsert, ["b": 3] as StoreValue), (.merge, ["a": 1, "b": 3])] {
            let harness = try harness()
            try harness.run(#"{"id": 1, "tags": {"a": 1, "b": 2}}"#, order(.insert))
            try harness.run(#"{"id": 1, "tags": {"b": 3}}"#, order(mode))
            #expect(try harness.value("Order", 1, "tags") == expected)
        }
    }

    @Test func setsAreReplacedByUpsertAndMergedByMerge() throws {
        for (mode, count) in [(ImportMode.upsert, 1), (.merge, 2)] {
            let harness = try harness()
            try harness.run(#"{"id": 1, "itemSet": [{"sku": "A", "qty": 1}]}"#, order(.insert))
            try harness.run(#"{"id": 1, "itemSet": [{"sku": "B", "qty": 1}]}"#, order(mode))
            guard case .list(let items) = try harness.value("Order", 1, "itemSet") else { Issue.record("no set"); continue }
            #expect(items.count == count, "\(mode)")
        }
    }

    @Test func embeddedObjectsAreReplacedOrUpdatedInPlace() throws {
        for mode in [ImportMode.upsert, .merge] {
            let harness = try harness()
            try harness.run(#"{"id": 1, "addr": {"city": "Oslo"}}"#, order(.insert))
            let before = try harness.value("Order", 1, "addr")
            try harness.run(#"{"id": 1, "addr": {"city": "Bergen"}}"#, order(mode))
            let after = try harness.value("Order", 1, "addr")
            #expect(try harness.objects("Addr").count == 1)
            #expect((before == after) == (mode == .merge), "\(mode)")
            guard case .object(let addr) = after else { continue }
            #expect(try harness.open.get(addr, "city") == "Bergen")
        }
    }

    @Test func mergeCountsUnchangedObjects() throws {
        let harness = try harness()
        try harness.run(#"{"id": 1, "tags": {"a": 1}}"#, order(.insert))
        let same = try harness.run(#"{"id": 1, "tags": {"a": 1}}"#, order(.merge))
        #expect(same.summary["Order"] == ImportSummary.Counts(unchanged: 1))
        let changed = try harness.run(#"{"id": 1, "tags": {"a": 2}}"#, order(.merge))
        #expect(changed.summary["Order"] == ImportSummary.Counts(updated: 1))
        let upsert = try harness.run(#"{"id": 1, "tags": {"a": 2}}"#, order(.upsert))
        #expect(upsert.summary["Order"] == ImportSummary.Counts(updated: 1))
    }

    @Test func samePrimaryKeyTwiceInOneInputLastValueWins() throws {
        let harness = try harness()
        let run = try harness.run(#"{"id": 2, "items": [{"sku": "Z", "qty": 1}, {"sku": "Z", "qty": 2}]}"#, order(.upsert))
        #expect(run.errors.isEmpty)
        let z = StoreValue.object(try #require(try harness.open.object("Item", primaryKey: "Z")))
        #expect(try harness.value("Order", 2, "items") == .list([z, z]))
        #expect(try harness.value("Item", "Z", "qty") == 2)
    }

    @Test func laterDocumentReplacesAnEarlierForwardReference() throws {
        let harness = try harness()
        let run = try harness.run(#"{"Order": [{"id": 1, "item": "X"}, {"id": 1, "item": "Y"}], "Item": [{"sku": "Y", "qty": 1}]}"#,
                                  ImportOptions(mode: .upsert))
        #expect(run.errors.isEmpty, "X is no longer referenced: \(run.messages)")
        #expect(try harness.value("Order", 1, "item") == .object(try #require(try harness.open.object("Item", primaryKey: "Y"))))
    }

    @Test func dryRunValidatesEverythingAndWritesNothing() throws {
        let harness = try harness()
        var options = order(.insert)
        options.dryRun = true
        let good = try harness.run(#"{"id": 1, "item": "A"} {"id": 2, "item": {"sku": "A", "qty": 1}}"#, options)
        #expect(good.errors.isEmpty && !good.summary.committed)
        #expect(try harness.objects("Order").isEmpty)
        let bad = try harness.run(#"{"id": 1, "item": "B"} {"id": 1}"#, options)
        #expect(bad.messages.count == 2)
    }
}
