import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// A failed import says what happened and nothing else: no counts of objects never written, a
/// note when `--mode upsert` is what loads the input, a data error for a class value that is not
/// an array (docs/command-line.md, section 3).
@Suite struct ImportHonestFailureTests {
    static let schema = SampleSchemas.peopleWithDogs

    @Test func aFailedRunCountsNoObjects() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"[{"name": "a"}, {"name": "b"}, {"name": 3}]"#, ImportOptions(className: "Person"))
        #expect(run.summary.errors == 1)
        #expect(run.summary.render(order: ["Person", "Dog"], dryRun: false) == "1 error; nothing was written\n")
        #expect(run.summary.render(order: ["Person", "Dog"], dryRun: true) == "1 error; nothing was written\n")
    }

    @Test func anObjectGivenTwiceInInsertModeNotesUpsertOnce() throws {
        let harness = try ImportHarness(Self.schema)
        let input = #"[{"name": "a", "dogs": [{"id": 1}]}, {"name": "b", "dogs": [{"id": 1}]}, {"name": "c", "dogs": [{"id": 1}]}]"#
        let run = try harness.run(input, ImportOptions(className: "Person"))
        #expect(run.messages == Array(repeating: "Attempting to create an object of type 'Dog' with an existing primary key value '1'",
                                      count: 2))
        #expect(run.errors.map(\.notes) == [
            ["the input gives this object more than once, and its first copy was created earlier in this run; "
                + "--mode upsert loads such input, each later copy updating the object", "at JSON path /1/dogs/0/id"],
            ["at JSON path /2/dogs/0/id"],
        ])
        let upsert = try harness.run(input, ImportOptions(className: "Person", mode: .upsert))
        #expect(upsert.errors.isEmpty)
        #expect(try harness.objects("Dog").count == 1)
    }

    @Test func anObjectStoredBeforeTheRunGetsNoUpsertNote() throws {
        let harness = try ImportHarness(Self.schema)
        #expect(try harness.run(#"{"id": 1}"#, ImportOptions(className: "Dog")).errors.isEmpty)
        let run = try harness.run(#"{"id": 2} {"id": 1}"#, ImportOptions(className: "Dog"))
        #expect(run.messages == ["Attempting to create an object of type 'Dog' with an existing primary key value '1'"])
        #expect(run.errors.first?.notes == ["at JSON path /id"])
    }

    @Test func aClassValueThatIsNotAnArrayIsADataError() throws {
        let harness = try ImportHarness(Self.schema)
        let run = try harness.run(#"{"Person": 1}"#)
        #expect(run.messages == ["the value of class 'Person' must be an array of objects but found an integer"])
        #expect(run.locations == ["1:12"])
        #expect(run.errors.first?.notes == ["at JSON path /Person"])
        #expect(!run.summary.committed)
        #expect(throws: ImportRunError.self) { try harness.run(#"{"name": "a"}"#) }
    }
}
