import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// `realm-export --type bson` as mongodump users run it: the dump directory and its
/// metadata.json files read by pymongo, one file or stdout for one class, the documents equal
/// to the canonical Extended JSON export's, atomic replacement, and the options it refuses.
@Suite("realm-export --type bson")
struct RealmExportBSONCommandTests {
    func demoStore(_ directory: String) throws -> String {
        let store = directory + "/a.sqlite"
        try Tool.importDemoStore(store)
        return store
    }

    func files(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Decodes argv[1] (BSON) and argv[2] (canonical Extended JSON, `{"Class": [...]}` or
    /// NDJSON when argv[3] names no class) with pymongo and prints whether they are equal, the
    /// JSON's dates cut to the millisecond as BSON carries them (the demo's are after 1970).
    static let sameDocuments = #"""
        import datetime, sys
        from bson import decode_all
        from bson.json_util import loads
        def ms(v):
            if isinstance(v, datetime.datetime): return v.replace(microsecond=v.microsecond // 1000 * 1000)
            if isinstance(v, list): return [ms(x) for x in v]
            if isinstance(v, dict): return {k: ms(x) for k, x in v.items()}
            return v
        documents = decode_all(open(sys.argv[1], "rb").read())
        text = open(sys.argv[2], encoding="utf-8").read()
        expected = ms(loads(text)[sys.argv[3]] if len(sys.argv) > 3 else [loads(line) for line in text.splitlines()])
        print("same %d" % len(documents) if documents == expected and documents else "different:\n%r\n%r" % (documents, expected))
        """#

    @Test func aDumpDirectoryHoldsEveryClassWithItsMetadata() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let store = try demoStore(directory)
        let dump = directory + "/dump/app"
        let result = try Tool.run("realm-export", ["--store", store, "--type", "bson", "-o", dump])
        // Ada's createdAt has microseconds.
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr == "warning: 1 date had a part finer than a millisecond, which BSON cannot carry; "
                + "cut to the millisecond (the JSON export keeps it)\n")
        // Every top-level class of the example schemas, not the asymmetric Reading.
        #expect(try files(dump) == ["Device.bson", "Device.metadata.json", "Dog.bson", "Dog.metadata.json", "Person.bson",
                                    "Person.metadata.json"])
        let canonical = try Tool.run("realm-export", ["--store", store, "--canonical", "-o", directory + "/canonical.json"])
        #expect(canonical.status == 0)
        for name in ["Person", "Dog", "Device"] {
            let compared = try Command.run("python3", ["-c", Self.sameDocuments, "\(dump)/\(name).bson", directory + "/canonical.json", name])
            #expect(compared.stdout.hasPrefix("same "), "\(name): \(compared.stdout) \(compared.stderr)")
        }
        let metadata = #"""
            import re, sys
            from bson.json_util import loads
            m = loads(open(sys.argv[1]).read())
            assert re.fullmatch("[0-9a-f]{32}", m["uuid"]), m["uuid"]
            print(repr((list(m), m["indexes"], m["collectionName"], m["type"])))
            """#
        let person = try Command.run("python3", ["-c", metadata, dump + "/Person.metadata.json"])
        #expect(person.stdout == "(['indexes', 'uuid', 'collectionName', 'type'], [{'v': 2, 'key': {'_id': 1}, 'name': '_id_'}, "
                + "{'v': 2, 'key': {'name': 1}, 'name': 'name_1'}, {'v': 2, 'key': {'created_at': 1}, 'name': 'created_at_1'}, "
                + "{'v': 2, 'key': {'_fts': 'text', '_ftsx': 1}, 'name': 'bio_text', 'weights': {'bio': 1}, "
                + "'default_language': 'english', 'language_override': 'language', 'textIndexVersion': 3}], 'Person', 'collection')\n",
                "\(person.stderr)")
        let dog = try Command.run("python3", ["-c", metadata, dump + "/Dog.metadata.json"])
        #expect(dog.stdout == "(['indexes', 'uuid', 'collectionName', 'type'], [{'v': 2, 'key': {'_id': 1}, 'name': '_id_'}], "
                + "'Dog', 'collection')\n", "\(dog.stderr)")
    }

    @Test func aPrimaryKeyNotNamedIdGetsAUniqueIndex() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let schema = "schemaVersion: 1\nmodels:\n  Tag:\n    primaryKey: code\n    properties: { code: string, n: { type: int, indexed: true } }\n"
        let store = try Store(path: directory + "/t.sqlite", schema: try schemaFromYAML(schema, path: "t.yaml"))
        try store.write { _ = try store.create("Tag", value: ["code": "a", "n": 1]) }
        let result = try Tool.run("realm-export", ["--store", directory + "/t.sqlite", "--type", "bson", "-o", directory + "/tags.bson"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try files(directory).filter { $0.hasPrefix("tags") } == ["tags.bson", "tags.metadata.json"])
        let script = "import sys\nfrom bson.json_util import loads\nprint(loads(open(sys.argv[1]).read())['indexes'])"
        let indexes = try Command.run("python3", ["-c", script, directory + "/tags.metadata.json"])
        #expect(indexes.stdout == "[{'v': 2, 'key': {'_id': 1}, 'name': '_id_'}, {'v': 2, 'key': {'code': 1}, 'name': 'code_1', "
                + "'unique': True}, {'v': 2, 'key': {'n': 1}, 'name': 'n_1'}]\n", "\(indexes.stderr)")
    }

    @Test func oneClassGoesToAFileOrStdoutWithItsSelection() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let store = try demoStore(directory)
        let tool = Tool.url("realm-export").path
        let piped = try Command.run("sh", ["-c", "'\(tool)' --store a.sqlite --type bson --class Dog > stdout.bson"], in: directory)
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = try Tool.run("realm-export", ["--store", store, "--type", "bson", "--class", "Dog", "-o", directory + "/dogs.bson"])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(FileManager.default.contents(atPath: directory + "/stdout.bson") == FileManager.default.contents(atPath: directory + "/dogs.bson"))
        #expect(try files(directory).contains("dogs.metadata.json") && !(try files(directory)).contains("stdout.metadata.json"))
        // --query, --sort, --limit and --fields pick the same documents as the JSON export.
        let selection = ["--class", "Dog", "--query", "age >= 0", "--sort", "-name", "--limit", "2", "--fields", "name,toys.brand"]
        let bson = try Tool.run("realm-export", ["--store", store, "--type", "bson", "-o", directory + "/part.bson"] + selection)
        let json = try Tool.run("realm-export", ["--store", store, "--canonical", "--ndjson", "-o", directory + "/part.json"] + selection)
        #expect(bson.status == 0 && json.status == 0, "\(bson.stderr) \(json.stderr)")
        let compared = try Command.run("python3", ["-c", Self.sameDocuments, directory + "/part.bson", directory + "/part.json"])
        #expect(compared.stdout == "same 2\n", "\(compared.stdout) \(compared.stderr)")
    }

    static let keywordSchema = """
        schemaVersion: 1
        models:
          A: { primaryKey: id, properties: { id: int, v: mixed } }
          B: { primaryKey: id, properties: { id: int, v: mixed } }
        """

    /// An export that fails half-way (B holds a dictionary BSON's reader would take for a typed
    /// value) leaves the files of the last good export as they were, and no temporary files.
    @Test func aFailedExportLeavesTheOldFiles() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let path = directory + "/k.sqlite"
        let store = try Store(path: path, schema: try schemaFromYAML(Self.keywordSchema, path: "k.yaml"))
        let b = try store.write {
            _ = try store.create("A", value: ["id": 1, "v": "a"])
            return try store.create("B", value: ["id": 1, "v": "b"])
        }
        let first = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try files(directory + "/dump").map { FileManager.default.contents(atPath: directory + "/dump/" + $0) }
        try store.write {
            try store.set(try store.create("A", value: ["id": 2, "v": "new"]), "v", "changed")
            // "$oid", percent-encoded as the store holds map keys.
            try store.set(b, "v", .value(.dictionary(["%24oid": .string("x")])))
        }
        let second = try Tool.run("realm-export", ["--store", path, "--type", "bson", "-o", directory + "/dump"])
        #expect(second.status == 1 && second.stderr.contains("].v: a dictionary whose keys are all Extended JSON keywords"),
                "\(second.stderr)")
        #expect(try files(directory + "/dump") == ["A.bson", "A.metadata.json", "B.bson", "B.metadata.json"])
        #expect(try files(directory + "/dump").map { FileManager.default.contents(atPath: directory + "/dump/" + $0) } == before)
    }

    @Test func optionsBSONCannotHonourAreRefused() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let store = try demoStore(directory)
        for option in ["--pretty", "--canonical", "--ndjson", "--jsonArray"] {
            let result = try Tool.run("realm-export", ["--store", store, "--type", "bson", "--class", "Dog", option])
            #expect(result.status == 64 && result.stderr.contains("'\(option)' cannot be combined with '--type bson'"), "\(result.stderr)")
        }
        let several = try Tool.run("realm-export", ["--store", store, "--type", "bson"])
        #expect(several.status == 1 && several.stderr.contains("one BSON file holds the objects of one class"), "\(several.stderr)")
        let csv = try Tool.run("realm-export", ["--store", store, "--type", "csv", "--class", "Dog", "--omit-empty"])
        #expect(csv.status == 64, "\(csv.stderr)")
        try "x".write(toFile: directory + "/plain", atomically: true, encoding: .utf8)
        let notDirectory = try Tool.run("realm-export", ["--store", store, "--type", "bson", "-o", directory + "/plain"])
        #expect(notDirectory.status == 2 && notDirectory.stderr.contains("it is not a directory"), "\(notDirectory.stderr)")
    }

    @Test func omitEmptyFromTheCommandLine() throws {
        let directory = try Temporary.path("realm-bson-e2e")
        let store = try demoStore(directory)
        let full = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--ndjson"])
        let sparse = try Tool.run("realm-export", ["--store", store, "--class", "Dog", "--ndjson", "--omit-empty"])
        #expect(full.stdout.contains("\"photo\":null") && !sparse.stdout.contains("null") && sparse.status == 0, "\(sparse.stdout)")
        #expect(sparse.stdout.split(separator: "\n").count == full.stdout.split(separator: "\n").count)
    }
}
