import Foundation
import TestSupport
import Testing

/// What `realm-import` prints and returns when a run fails: only the errors in the summary, the
/// note that `--mode upsert` loads an object the input gives twice, and a class value that is not
/// an array as a data error (docs/command-line.md, sections 2 and 3).
@Suite struct RealmImportFailureReportTests {
    static let schema = SampleSchemas.peopleWithDogs

    func workspace() throws -> String {
        let directory = try Temporary.path("realm-e2e")
        try Self.schema.write(toFile: directory + "/schema.yaml")
        return directory
    }

    func importTool(_ arguments: [String], in directory: String, input: String = "") throws -> ProcessResult {
        try Tool.run("realm-import", arguments, in: directory, input: Data(input.utf8))
    }

    @Test func aFailedRunPrintsNoCountsOfObjectsItDidNotWrite() throws {
        let directory = try workspace()
        let result = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Person", "-"], in: directory,
                                    input: "{\"name\": \"a\"}\n{\"name\": \"b\"}\n{\"name\": 7}\n")
        #expect(result.status == 1)
        #expect(!result.stderr.contains("created"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("<stdin>:3:10: note: at JSON path /name\n1 error; nothing was written\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
    }

    @Test func anObjectNestedTwiceInInsertModePointsToUpsert() throws {
        let directory = try workspace()
        let input = #"[{"name": "a", "dogs": [{"id": 1}]}, {"name": "b", "dogs": [{"id": 1}]}, {"name": "c", "dogs": [{"id": 1}]}]"#
        let insert = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Person", "-"], in: directory,
                                    input: input)
        #expect(insert.status == 1)
        let note = "note: the input gives this object more than once, and its first copy was created earlier in this run; "
            + "--mode upsert loads such input"
        #expect(insert.stderr.components(separatedBy: note).count == 2, "\(insert.stderr)")
        let upsert = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Person", "--mode", "upsert", "-"],
                                    in: directory, input: input)
        #expect(upsert.status == 0, "\(upsert.stderr)")
    }

    @Test func aClassValueThatIsNotAnArrayExitsOne() throws {
        let directory = try workspace()
        try #"{"Person": 1}"#.write(toFile: directory + "/people.json")
        let result = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "people.json"], in: directory)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("people.json:1:12: error: the value of class 'Person' must be an array of objects but found an integer\n"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
    }
}
