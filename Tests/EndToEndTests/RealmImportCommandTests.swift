import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-import` as users run it: exit statuses, diagnostics on stderr, the summary, and the
/// store file left untouched by anything that fails.
@Suite struct RealmImportCommandTests {
    static let schema = """
        models:
          Item:
            primaryKey: sku
            properties:
              sku: string
              qty: int
              tags: string{}
        """

    /// A temporary directory holding `schema.yaml`.
    func workspace(schema: String = Self.schema) throws -> String {
        let directory = try Temporary.path("realm-e2e")
        try schema.write(toFile: directory + "/schema.yaml")
        return directory
    }

    func importTool(_ arguments: [String], in directory: String, input: String = "") throws -> ProcessResult {
        try Tool.run("realm-import", arguments, in: directory, input: Data(input.utf8))
    }

    @Test func importsTheFixturesIntoANewStore() throws {
        let directory = try Temporary.path("realm-e2e")
        let result = try importTool(["--store", "demo.sqlite", "--schema", Repository.exampleSchemas, Repository.peopleFixture],
                                    in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Person: 2 created, 0 updated, 0 unchanged, 0 warnings"))
        #expect(result.stderr.hasSuffix("imported 7 objects from 5 documents\n"))
        // Loaded with the rollback journal, the new store is back in WAL mode (header bytes
        // 18 and 19 are 2), with no journal or WAL file left beside it.
        let header = try #require(FileManager.default.contents(atPath: directory + "/demo.sqlite"))
        #expect(Array(header[18...19]) == [2, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["demo.sqlite"])
        let store = try Store(path: directory + "/demo.sqlite")
        #expect(try store.count("Person") == 2)
        #expect(try store.count("Dog") == 2)
    }

    @Test func ndjsonFromStdinWithModes() throws {
        let directory = try workspace()
        let first = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", "-"], in: directory,
                                   input: "{\"sku\": \"A\", \"qty\": 1, \"tags\": {\"a.b\": \"x\"}}\n{\"sku\": \"B\", \"qty\": 2}\n")
        #expect(first.status == 0, "\(first.stderr)")
        let again = try importTool(["--store", "s.sqlite", "--class", "Item", "-"], in: directory, input: #"{"sku": "A", "qty": 1}"#)
        #expect(again.status == 1)
        #expect(again.stderr.contains("<stdin>:1:9: error: Attempting to create an object of type 'Item' with an existing primary key value 'A'"))
        let merge = try importTool(["--store", "s.sqlite", "--class", "Item", "--mode", "merge", "-"], in: directory,
                                   input: #"{"sku": "A", "qty": 1} {"sku": "B", "qty": 3}"#)
        #expect(merge.status == 0)
        #expect(merge.stderr.contains("Item: 0 created, 1 updated, 1 unchanged, 0 warnings"))
        let store = try Store(path: directory + "/s.sqlite")
        let a = try #require(try store.object("Item", primaryKey: "A"))
        #expect(try store.get(a, "tags") == ["a%2Eb": "x"])
    }

    @Test func badInputExitsOneAndLeavesTheStoreByteIdentical() throws {
        let directory = try workspace()
        #expect(try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", "-"], in: directory,
                               input: #"{"sku": "A", "qty": 1}"#).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite"))
        try "[{\"sku\": \"B\", \"qty\": 2},\n {\"sku\": \"C\", \"qty\": 1.5}]".write(toFile: directory + "/bad.json")
        let result = try importTool(["--store", "s.sqlite", "--class", "Item", "bad.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json:2:22: error: Invalid value '1.5' of type 'real' for 'int' property 'Item.qty'."))
        #expect(result.stderr.contains("note: at JSON path /1/qty"))
        #expect(result.stderr.hasSuffix("1 error; nothing was written\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/s.sqlite")) == before)
    }

    @Test func jsonErrorFormat() throws {
        let directory = try workspace()
        let result = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", "--error-format", "json",
                                     "--quiet", "-"], in: directory, input: #"{"sku": 1, "qty": 1}"#)
        #expect(result.status == 1)
        let first = try #require(result.stderr.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["line"] as? Int == 1 && object["column"] as? Int == 9)
        #expect(object["message"] as? String == "Invalid value '1' of type 'integer' for 'string' property 'Item.sku'.")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"), "a failed run leaves no new store")
    }

    @Test func usageErrorsExit64() throws {
        let directory = try workspace()
        try "[]".write(toFile: directory + "/empty.json")
        let cases: [[String]] = [
            ["--store", "new.sqlite", "empty.json"],
            ["--store", "s.sqlite", "--schema", "schema.yaml", "--bogus", "empty.json"],
            ["--store", "s.sqlite", "--schema", "schema.yaml", "--mode", "replace", "empty.json"],
            ["--store", "s.sqlite", "--schema", "schema.yaml", "--max-errors", "0", "empty.json"],
            ["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Nope", "empty.json"],
            // No INPUT reads stdin when it is not a terminal (RealmImportCompatTests), as here.
            ["--schema", "schema.yaml", "empty.json"],
        ]
        for arguments in cases {
            let result = try importTool(arguments, in: directory)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: "), "\(arguments)")
        }
        let noClass = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "-"], in: directory, input: "{\"sku\": \"A\"}")
        #expect(noClass.status == 64)
        #expect(noClass.stderr.contains("name its class with --class (one of: Item)"))
    }

    @Test func ioFailuresExit2() throws {
        let directory = try workspace()
        let missing = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "nope.json"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: nope.json: no such file or not readable\n")
        try "not a database, just text".write(toFile: directory + "/junk.sqlite")
        let junk = try importTool(["--store", "junk.sqlite", "--class", "Item", "-"], in: directory, input: "{}")
        #expect(junk.status == 2, "\(junk.stderr)")
    }

    @Test func dryRunWritesNothing() throws {
        let directory = try workspace()
        let result = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", "--dry-run", "-"],
                                    in: directory, input: #"{"sku": "A", "qty": 1}"#)
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("dry run: 1 object from 1 document are valid; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
    }

    @Test func schemaChanges() throws {
        let directory = try workspace()
        #expect(try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", "-"], in: directory,
                               input: #"{"sku": "A", "qty": 1}"#).status == 0)
        try (Self.schema + "\n      note: string?\n").write(toFile: directory + "/added.yaml")
        let additive = try importTool(["--store", "s.sqlite", "--schema", "added.yaml", "--class", "Item", "-"], in: directory,
                                      input: #"{"sku": "B", "qty": 2, "note": "new"}"#)
        #expect(additive.status == 0, "\(additive.stderr)")
        try Self.schema.replacingOccurrences(of: "qty: int", with: "qty: string").write(toFile: directory + "/changed.yaml")
        let breaking = try importTool(["--store", "s.sqlite", "--schema", "changed.yaml", "--class", "Item", "-"], in: directory,
                                      input: #"{"sku": "C", "qty": "3"}"#)
        #expect(breaking.status == 1)
        #expect(breaking.stderr.contains("Property 'Item.qty' has been changed from 'int' to 'string'."))
    }

    @Test(arguments: ["n_structure_100000_opening_arrays.json", "n_structure_unclosed_array.json", "n_string_invalid_utf8_after_escape.json",
                      "n_object_trailing_comma.json", "n_number_infinity.json"])
    func rejectedCorpusFilesExitOne(_ name: String) throws {
        let directory = try workspace()
        let path = JSONTestSuite.path(name)
        let result = try importTool(["--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item", path], in: directory)
        #expect(result.status == 1, "\(name): \(result.stderr)")
        #expect(result.stderr.contains(name + ":1:"), "\(name): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.sqlite"))
    }
}
