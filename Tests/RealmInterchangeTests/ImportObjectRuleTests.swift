import Foundation
import RealmEngine
import RealmInterchange
import Testing

/// Required, optional, missing, null and default values; unknown and duplicate keys;
/// collections from JSON (docs/json-typing.md, sections 1, 7, 8 and its cases 21–42, 46–48, 59–60).
@Suite struct ImportObjectRuleTests {
    static let schema = """
        models:
          R:
            primaryKey: id
            properties:
              id: int
              name: string
              age: int?
              status: { type: string, enum: [active, retired], default: active }
              xs: int[]
              oxs: int?[]
              set: int<>
              m: int?{}
              extra: mixed
              owners: { type: linkingObjects, objectType: O, property: r }
          O:
            properties:
              r: R?
        """

    func harness() throws -> ImportHarness { try ImportHarness(Self.schema) }
    let options = ImportOptions(className: "R")

    @Test func missingRequiredValueOfANewObject() throws {
        let harness = try harness()
        let run = try harness.run(#"[{"id": 1, "name": "a"}, {"id": 2}]"#, options)
        #expect(run.messages == ["Missing value for property 'R.name'"])
        #expect(run.locations == ["1:26"])
        #expect(run.errors.first?.notes == ["at JSON path /1"])
        #expect(try harness.objects("R").isEmpty)
    }

    @Test func defaultsAndNulls() throws {
        let harness = try harness()
        let run = try harness.run(#"{"id": 1, "name": "a", "age": null, "xs": null, "m": null}"#, options)
        #expect(run.errors.isEmpty)
        #expect(try harness.value("R", 1, "status") == "active")
        #expect(try harness.value("R", 1, "age") == .null)
        #expect(try harness.value("R", 1, "xs") == [])
        #expect(try harness.value("R", 1, "m") == .dictionary([:]))
        #expect(try harness.value("R", 1, "extra") == .null)
    }

    @Test func nullForARequiredValue() throws {
        let run = try harness().run(#"{"id": 1, "name": null}"#, options)
        #expect(run.messages == ["Invalid value 'null' of type 'null' for 'string' property 'R.name'."])
        #expect(run.locations == ["1:19"])
    }

    @Test(arguments: [ImportMode.upsert, .merge])
    func missingMeansUnchangedOnUpdate(_ mode: ImportMode) throws {
        let harness = try harness()
        try harness.run(#"{"id": 1, "name": "a", "age": 3}"#, options)
        var update = options
        update.mode = mode
        let run = try harness.run(#"{"id": 1} {"id": 2}"#, update)
        #expect(run.messages == ["Missing value for property 'R.name'"], "only the new object misses its name")
        #expect(run.locations == ["1:11"])
        let alone = try harness.run(#"{"id": 1}"#, update)
        #expect(alone.errors.isEmpty)
        #expect(alone.summary["R"] == ImportSummary.Counts(unchanged: 1), "no property supplied, nothing written")
        #expect(try harness.value("R", 1, "age") == 3)
    }

    @Test func unknownKeysAreCountedWarnings() throws {
        let harness = try harness()
        let run = try harness.run("{\"id\": 1, \"name\": \"a\", \"nmae\": 1, \"owners\": []}\n{\"id\": 2, \"name\": \"b\", \"nmae\": 2}", options)
        #expect(run.errors.isEmpty)
        #expect(run.summary["R"].warnings == 3)
        #expect(run.warnings.map(\.message) == [
            "Unknown property 'nmae' for type 'R': the key is ignored",
            "Property 'R.owners' is linkingObjects, computed from the links that point here; the key is ignored",
        ])
        #expect(run.warnings.first?.location.map { "\($0.line):\($0.column)" } == "1:24")
        #expect(try harness.objects("R").count == 2)
    }

    @Test func rejectUnknownMakesThemErrors() throws {
        var strict = options
        strict.rejectUnknown = true
        let run = try harness().run(#"{"id": 1, "name": "a", "nmae": 1}"#, strict)
        #expect(run.messages == ["Unknown property 'nmae' for type 'R' (--reject-unknown)"])
        #expect(run.locations == ["1:24"])
    }

    @Test func duplicateKeysAreErrors() throws {
        let run = try harness().run(#"{"id": 1, "name": "a", "name": "b"}"#, options)
        #expect(run.messages == ["duplicate key 'name' in an object"])
        #expect(run.summary.errors == 1)
    }

    @Test func listsSetsAndMapsOfScalars() throws {
        let harness = try harness()
        let run = try harness.run(#"{"id": 1, "name": "a", "xs": [1, 1, 2], "oxs": [1, null], "set": [1, 2, 2], "m": {"k": null}}"#, options)
        #expect(run.errors.isEmpty)
        #expect(try harness.value("R", 1, "xs") == [1, 1, 2])
        #expect(try harness.value("R", 1, "oxs") == [1, nil])
        #expect(try harness.value("R", 1, "set") == [1, 2])
        #expect(try harness.value("R", 1, "m") == ["k": nil])
    }

    @Test func collectionErrorsInRealmsWords() throws {
        let run = try harness().run(#"{"id": 1, "name": "a", "xs": [null], "set": 1, "m": [1]}"#, options)
        #expect(run.messages == [
            "Invalid value 'null' of type 'null' for 'int' array property 'R.xs'.",
            "Invalid value (1) for 'int' set property 'R.set': value is not enumerable.",
            "Invalid value ([1]) for 'int?' dictionary property 'R.m': value is not enumerable.",
        ])
        #expect(run.locations == ["1:31", "1:45", "1:53"])
        #expect(run.errors.first?.notes == ["at JSON path /xs/0"])
    }


    /// A JSON map is an object whatever its keys, a keyword too (docs/json-typing.md, section
    /// 8): export writes a map with the one key `$numberInt` so, and it reads back (in BSON the
    /// element's type decides: `BSONTypingTableTests`).
    @Test func aMapWhoseKeyIsAKeywordIsAMap() throws {
        let harness = try harness()
        let run = try harness.run(#"{"id": 1, "name": "a", "m": {"$numberInt": 6}}"#, options)
        #expect(run.errors.isEmpty, "\(run.diagnostics)")
        #expect(try harness.value("R", 1, "m") == ["%24numberInt": 6])
    }

    @Test func mixedNestedTooDeep() throws {
        let deep = String(repeating: "[", count: 101) + String(repeating: "]", count: 101)
        let run = try harness().run(#"{"id": 1, "name": "a", "extra": \#(deep)}"#, options)
        #expect(run.messages == ["Max nesting level reached"])
    }

    @Test func wholeValueErrors() throws {
        let harness = try harness()
        let run = try harness.run(#"[null, "name", 5, {"id": 1, "name": "a"}]"#, options)
        #expect(run.messages == [
            "expected an object (a document) but found null at /0",
            "expected an object (a document) but found a string at /1",
            "expected an object (a document) but found an integer at /2",
        ])
        #expect(run.locations == ["1:2", "1:8", "1:16"])
        #expect(try harness.objects("R").isEmpty)
    }

    @Test func missingPrimaryKeyIsAnError() throws {
        let run = try harness().run(#"{"name": "a"}"#, options)
        #expect(run.messages == ["Missing value for property 'R.id'"])
    }
}
