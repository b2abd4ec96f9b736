import Foundation
import TestSupport
import Testing

/// mongoexport's flags on `realm-export`: `--jsonArray`, `--fields`/`-f`, `--skip`, `--sort`'s
/// JSON form, `--out`, `--jsonFormat`, and "did you mean" for the rest.
@Suite struct RealmExportCompatTests {
    func store() throws -> String {
        let store = try Temporary.path("realm-e2e") + "/c.sqlite"
        try Tool.importDemoStore(store)
        return store
    }

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func jsonArrayIsAPlainArrayThatImportsBack() throws {
        let store = try store()
        let result = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--jsonArray"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["name"] as? String } == ["Rex", "Maui"])
        let copy = try Temporary.path("realm-e2e")
        try result.stdout.write(toFile: copy + "/dogs.json", atomically: true, encoding: .utf8)
        let back = try Tool.run("realm-import", ["--store", "d.sqlite", "--schema", Repository.exampleSchemas, "--class", "Dog",
                                                 "dogs.json"], in: copy)
        #expect(back.status == 0 && back.stderr.contains("Dog: 2 created"), "\(back.stderr)")
        let conflict = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--jsonArray", "--ndjson"])
        #expect(conflict.status == 64 && conflict.stderr.hasPrefix("Error: '--jsonArray' cannot be combined with '--ndjson'."))
        let twoClasses = try Tool.run("realm-export", ["--store", store, "--jsonArray"])
        #expect(twoClasses.status == 1 && twoClasses.stderr.contains("name it with --class"), "\(twoClasses.stderr)")
    }

    @Test func fieldsProjectWithDottedPathsAndKeepThePrimaryKey() throws {
        let store = try store()
        let result = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--sort", "name",
                                                   "-f", "name,address.city"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines(result.stdout) == [
            #"{"_id":{"$oid":"6560a1f0c0ffee0000000001"},"name":"Ada Lovelace","address":{"city":"London"}}"#,
            #"{"_id":{"$oid":"6560a1f0c0ffee0000000002"},"name":"Charles Babbage","address":null}"#,
        ])
        let stored = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--fields", "created_at",
                                                   "--limit", "1"])
        #expect(stored.stdout.hasPrefix(#"{"_id":{"$oid":"6560a1f0c0ffee0000000001"},"created_at":"#), "\(stored.stdout)")
        let unknown = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--fields", "name,adress.city"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("--fields: 'adress' names no property of Person"), "\(unknown.stderr)")
        let notEmbedded = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--fields", "bestFriend.name"])
        #expect(notEmbedded.status == 1 && notEmbedded.stderr.contains("'bestFriend.name' goes into 'bestFriend', which is not an embedded object"))
        let deep = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--ndjson", "--fields", "toys.brand", "--limit", "1"])
        #expect(lines(deep.stdout).first?.hasSuffix(#""toys":[{"brand":"Kong"},{"brand":"Chuckit!"}]}"#) == true, "\(deep.stdout)")
        let empty = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--fields", "name,,age"])
        #expect(empty.status == 1 && empty.stderr.contains("is not a property path"))
    }

    /// A link to a class without a primary key needs that class exported, unless `--fields` leaves it out.
    @Test func fieldsLeavingOutALinkNeedNotExportItsTarget() throws {
        let directory = try Temporary.path("realm-e2e")
        try """
            models:
              Owner:
                primaryKey: id
                properties: { id: int, name: string, note: Note? }
              Note:
                properties: { text: string }
            """.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        let loaded = try Tool.run("realm-import", ["--store", "s.sqlite", "--schema", "schema.yaml", "-"], in: directory,
                                  input: Data(#"{"Owner": [{"id": 1, "name": "A", "note": {"text": "t"}}]}"#.utf8))
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let whole = try Tool.run("realm-export", ["--store", "s.sqlite", "--class", "Owner"], in: directory)
        #expect(whole.status == 1 && whole.stderr.contains("Note"), "\(whole.stderr)")
        let projected = try Tool.run("realm-export", ["--store", "s.sqlite", "--class", "Owner", "--ndjson", "-f", "name"], in: directory)
        #expect(projected.status == 0, "\(projected.stderr)")
        #expect(projected.stdout == #"{"id":1,"name":"A"}"# + "\n")
    }

    @Test func skipAndTheJSONFormOfSort() throws {
        let store = try store()
        let descending = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "-f", "name",
                                                       "--sort", #"{"name": -1}"#])
        #expect(descending.status == 0, "\(descending.stderr)")
        #expect(lines(descending.stdout).map { $0.contains("Charles") } == [true, false])
        let skipped = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "-f", "name",
                                                    "--sort", "{name: 1}", "--skip", "1"])
        #expect(lines(skipped.stdout).count == 1 && skipped.stdout.contains("Charles"), "\(skipped.stdout)")
        let skipAndLimit = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "-f", "name",
                                                         "--sort", "-name", "--skip", "1", "--limit", "1"])
        #expect(lines(skipAndLimit.stdout).count == 1 && skipAndLimit.stdout.contains("Ada"), "\(skipAndLimit.stdout)")
        let beyond = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--ndjson", "--skip", "5"])
        #expect(beyond.status == 0 && beyond.stdout.isEmpty)
        let badSort = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--sort", #"{"name": 2}"#])
        #expect(badSort.status == 64 && badSort.stderr.contains("is invalid for '--sort'"))
        let badSkip = try Tool.run("realm-export", ["--store", store, "--class", "Person", "--skip", "x"])
        #expect(badSkip.status == 64 && badSkip.stderr.contains("'--skip' needs a non-negative integer, not 'x'."))
    }

    @Test func mongoexportSpellings() throws {
        let store = try store()
        let directory = try Temporary.path("realm-e2e")
        let out = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--ndjson", "--out", "dogs.ndjson",
                                                "--jsonFormat", "canonical"], in: directory)
        #expect(out.status == 0 && out.stdout.isEmpty, "\(out.stderr)")
        let written = try String(contentsOfFile: directory + "/dogs.ndjson", encoding: .utf8)
        #expect(written.contains(#""age":{"$numberInt":"3"}"#), "\(written)")
        let relaxed = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--ndjson", "--jsonFormat=relaxed"])
        #expect(relaxed.stdout.contains(#""age":3"#))
        let misspelt = try Tool.run("realm-export", ["--store", store, "--limt", "1"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix("Error: Unknown option '--limt'; did you mean '--limit'?\n"), "\(misspelt.stderr)")
        let foreign = try Tool.run("realm-export", ["--store", store, "--table", "Dog"])
        #expect(foreign.stderr.hasPrefix("Error: Unknown option '--table'; did you mean '--class'?\n"), "\(foreign.stderr)")
        let help = try Tool.run("realm-export", ["--help"])
        #expect(help.stdout.contains("--jsonArray") && help.stdout.contains("-f, --fields <paths>") && !help.stdout.contains("--out,"))
    }
}
