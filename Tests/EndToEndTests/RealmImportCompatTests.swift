import Foundation
import RealmEngine
import TestSupport
import Testing

/// mongoimport's habits on `realm-import`: `--drop`, `--mode delete`, `--file`, stdin without
/// an INPUT, `--on-missing-link null`, and "did you mean".
@Suite struct RealmImportCompatTests {
    static let schema = """
        models:
          Item:
            primaryKey: sku
            properties:
              sku: string
              qty: int
          Note:
            properties:
              text: string
          Owner:
            primaryKey: id
            properties:
              id: int
              pet: Pet?
              pets: Pet[]
              petSet: Pet<>
              petMap: Pet?{}
          Pet:
            primaryKey: id
            properties:
              id: int
        """

    func workspace() throws -> String {
        let directory = try Temporary.path("realm-e2e")
        try Self.schema.write(toFile: directory + "/schema.yaml")
        return directory
    }

    func importTool(_ arguments: [String], in directory: String, input: String = "") throws -> ProcessResult {
        try Tool.run("realm-import", ["--store", "s.sqlite"] + arguments, in: directory, input: Data(input.utf8))
    }

    func skus(_ directory: String) throws -> [String] {
        let store = try Store(path: directory + "/s.sqlite")
        var result: [String] = []
        try store.forEachObject("Item", order: .primaryKey) {
            if case .string(let sku) = try store.get($0, "sku") { result.append(sku) }
        }
        return result
    }

    @Test func dropEmptiesTheClassInTheSameTransaction() throws {
        let directory = try workspace()
        let first = try importTool(["--schema", "schema.yaml", "--class", "Item", "-"], in: directory,
                                   input: #"{"sku": "A", "qty": 1} {"sku": "B", "qty": 2}"#)
        #expect(first.status == 0, "\(first.stderr)")
        let dropped = try importTool(["--class", "Item", "--drop", "-"], in: directory, input: #"{"sku": "A", "qty": 5}"#)
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stderr.contains("Item: 1 created, 0 updated, 0 unchanged, 0 warnings\n2 objects deleted\n"), "\(dropped.stderr)")
        #expect(try skus(directory) == ["A"])
        let failed = try importTool(["--class", "Item", "--drop", "-"], in: directory, input: #"{"sku": "C", "qty": "x"}"#)
        #expect(failed.status == 1)
        #expect(try skus(directory) == ["A"], "a failed --drop import leaves the class as it was")
        let dryRun = try importTool(["--class", "Item", "--drop", "--dry-run", "-"], in: directory, input: #"{"sku": "D", "qty": 1}"#)
        #expect(dryRun.status == 0 && dryRun.stderr.contains("1 object would be deleted"), "\(dryRun.stderr)")
        #expect(try skus(directory) == ["A"])
        // Without --class an NDJSON input still needs one (multi-class --drop: ImportDropTests).
        let noClass = try importTool(["--drop", "-"], in: directory, input: #"{"sku": "E", "qty": 1}"#)
        #expect(noClass.status == 64 && noClass.stderr.contains("name its class with --class"), "\(noClass.stderr)")
        #expect(try skus(directory) == ["A"])
    }

    @Test func modeDeleteRemovesTheListedPrimaryKeys() throws {
        let directory = try workspace()
        _ = try importTool(["--schema", "schema.yaml", "--class", "Item", "-"], in: directory,
                           input: #"{"sku": "A", "qty": 1} {"sku": "B", "qty": 2} {"sku": "C", "qty": 3}"#)
        let deleted = try importTool(["--class", "Item", "--mode", "delete", "-"], in: directory,
                                     input: #"{"sku": "A", "qty": 99} {"sku": "Z"} {"sku": "C"}"#)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stderr.hasSuffix("2 objects deleted; 1 key matched no object\nimported 0 objects from 3 documents\n"),
                "\(deleted.stderr)")
        #expect(try skus(directory) == ["B"])
        let noKey = try importTool(["--class", "Item", "--mode", "delete", "-"], in: directory, input: #"{"qty": 2}"#)
        #expect(noKey.status == 1)
        #expect(noKey.stderr.contains("<stdin>:1:1: error: --mode delete: this Item document has no 'sku'"), "\(noKey.stderr)")
        let badKey = try importTool(["--class", "Item", "--mode", "delete", "-"], in: directory, input: #"{"sku": 7}"#)
        #expect(badKey.status == 1 && badKey.stderr.contains("<stdin>:1:9: error:"), "\(badKey.stderr)")
        let noPrimaryKey = try importTool(["--class", "Note", "--mode", "delete", "-"], in: directory, input: #"{"text": "x"}"#)
        #expect(noPrimaryKey.status == 1)
        #expect(noPrimaryKey.stderr.contains("<stdin>:1:1: error: --mode delete names objects by primary key, and Note has none"),
                "\(noPrimaryKey.stderr)")
        #expect(try skus(directory) == ["B"])
    }

    @Test func fileOptionAndStdinWithoutAnInput() throws {
        let directory = try workspace()
        try #"{"sku": "A", "qty": 1}"#.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        let file = try importTool(["--schema", "schema.yaml", "--class", "Item", "--file", "a.json"], in: directory)
        #expect(file.status == 0, "\(file.stderr)")
        let piped = try importTool(["--class", "Item"], in: directory, input: #"{"sku": "B", "qty": 2}"#)
        #expect(piped.status == 0 && piped.stderr.hasSuffix("imported 1 object from 1 document\n"), "\(piped.stderr)")
        #expect(try skus(directory) == ["A", "B"])
        let misspelt = try importTool(["--class", "Item", "--dryrun"], in: directory)
        #expect(misspelt.status == 64 && misspelt.stderr.hasPrefix("Error: Unknown option '--dryrun'; did you mean '--dry-run'?"))
        let foreign = try importTool(["--table", "Item"], in: directory)
        #expect(foreign.stderr.hasPrefix("Error: Unknown option '--table'; did you mean '--class'?"), "\(foreign.stderr)")
    }

    @Test func missingLinksAreErrorsUnlessNullIsAsked() throws {
        let directory = try workspace()
        _ = try importTool(["--schema", "schema.yaml", "--class", "Pet", "-"], in: directory, input: #"{"id": 1}"#)
        let input = #"{"Owner": [{"id": 1, "pet": 9, "pets": [9, 5, 1, 3, 8], "petSet": [8, 1], "petMap": {"a": 7, "b": 3}}], "#
            + #""Pet": [{"id": 3}, {"id": 5}]}"#
        let strict = try importTool(["-"], in: directory, input: input)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error:") && strict.stderr.contains("9"), "\(strict.stderr)")
        let lenient = try importTool(["--on-missing-link", "null", "-"], in: directory, input: input)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("5 references to missing objects set to null or left out (--on-missing-link null)\n"),
                "\(lenient.stderr)")
        let store = try Store(path: directory + "/s.sqlite")
        let owner = try #require(try store.object("Owner", primaryKey: .int(1)))
        #expect(try store.get(owner, "pet").isNull)
        func ids(_ property: String) throws -> [String] {
            guard case .list(let items) = try store.get(owner, property) else { return [] }
            return try items.map { item in
                guard case .object(let key) = item else { return "?" }
                return try store.get(key, "id").description
            }
        }
        #expect(try ids("pets") == ["5", "1", "3"])
        #expect(try ids("petSet").sorted() == ["1"])
        guard case .dictionary(let map) = try store.get(owner, "petMap") else {
            Issue.record("petMap is not a map")
            return
        }
        #expect(map["a"]?.isNull == true && map.count == 2)
        if case .object(let key)? = map["b"] { #expect(try store.get(key, "id") == .int(3)) } else { Issue.record("petMap.b") }
    }

    /// On a terminal, no INPUT is a usage error rather than a wait for typed input.
    @Test func noInputOnATerminalIsAUsageError() throws {
        let directory = try workspace()
        let command = "\(Tool.url("realm-import").path) --store s.sqlite --schema schema.yaml --class Item"
        // script(1) gives the command a terminal for stdin and stdout.
        let result = try Command.run("script", ["-qec", command, "/dev/null"], in: directory)
        #expect(result.status == 64, "\(result.stdout)")
        #expect(result.stdout.contains("Error: Missing expected argument '<input> ...'."), "\(result.stdout)")
    }

    @Test func progressLinesWhenStderrIsNotATerminal() throws {
        let directory = try workspace()
        let input = (1...5).map { "{\"sku\": \"S\($0)\", \"qty\": \($0)}" }.joined(separator: "\n")
        try input.write(toFile: directory + "/items.ndjson", atomically: true, encoding: .utf8)
        let arguments = [Tool.url("realm-import").path, "--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item"]
        let shown = try Command.run("REALM_IMPORT_PROGRESS_INTERVAL=0", arguments + ["items.ndjson"], in: directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        let progress = shown.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(progress.count == 5, "\(shown.stderr)")
        let pattern = #/^\[#*\.*\] items\.ndjson \d+\.\dMB/\d+\.\dMB \(\d+\.\d%\) [\d,]+ objects/s$/#
        #expect(progress.allSatisfy { $0.wholeMatch(of: pattern) != nil && $0.count > 0 }, "\(progress)")
        #expect(progress.last?.contains("(100.0%)") == true && progress.last?.hasPrefix("[########################]") == true)
        let quiet = try Command.run("REALM_IMPORT_PROGRESS_INTERVAL=0", arguments + ["--quiet", "--mode", "upsert", "items.ndjson"],
                                    in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let slow = try Command.run("REALM_IMPORT_PROGRESS_INTERVAL=60", arguments + ["--mode", "upsert", "items.ndjson"], in: directory)
        #expect(slow.status == 0 && !slow.stderr.contains("objects/s"), "\(slow.stderr)")
    }

    @Test func errorFormatJSONCoversEveryLine() throws {
        let directory = try workspace()
        func objects(_ result: ProcessResult) throws -> [[String: Any]] {
            try result.stderr.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
            }
        }
        let usage = try Tool.run("realm-import", ["--class", "Item", "--error-format", "json"], in: directory)
        #expect(usage.status == 64)
        #expect(try objects(usage).map { $0["kind"] as? String } == ["usage"])
        let missing = try importTool(["--class", "Item", "--error-format", "json", "nope.json"], in: directory)
        #expect(missing.status == 2)
        #expect(try objects(missing).first?["message"] as? String == "nope.json: no such file or not readable")
        let arguments = [Tool.url("realm-import").path, "--store", "s.sqlite", "--schema", "schema.yaml", "--class", "Item",
                         "--error-format", "json", "-"]
        let run = try Command.run("REALM_IMPORT_PROGRESS_INTERVAL=0", arguments, in: directory,
                                  input: Data(#"{"sku": "A", "qty": 1, "extra": 1} {"sku": "B", "qty": 2}"#.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try objects(run)
        #expect(lines.map { $0["kind"] as? String }.contains("progress"))
        let summary = try #require(lines.last)
        #expect(summary["kind"] as? String == "summary" && summary["committed"] as? Bool == true)
        #expect(summary["message"] as? String == "imported 2 objects from 2 documents")
        #expect((summary["classes"] as? [String: [String: Int]])?["Item"]?["warnings"] == 1)
        let failed = try importTool(["--class", "Item", "--error-format", "json", "-"], in: directory, input: #"{"sku": "C", "qty": "x"}"#)
        #expect(failed.status == 1)
        let failedLines = try objects(failed)
        #expect(failedLines.first?["line"] as? Int == 1)
        #expect(failedLines.last?["kind"] as? String == "summary" && failedLines.last?["errors"] as? Int == 1)
        let dump = try Tool.run("realm-schema", ["dump", "--store", "missing.sqlite", "--error-format", "json"], in: directory)
        #expect(dump.status == 2)
        #expect(dump.stderr == #"{"severity":"error","kind":"io","message":"missing.sqlite: no such file"}"# + "\n")
    }
}
