import Foundation
import TestSupport
import Testing

/// `realm-import` of BSON as mongodump writes it: detected by its first bytes or told with
/// `--type bson`, from a file, stdin or gzip (`mongodump --gzip`), the same store as from the
/// same documents as JSON; bad BSON exits 1 with the store file unchanged.
@Suite struct BSONImportCommandTests {
    /// A directory with `people.yaml`, `people.ndjson` (bench/gen_people.py) and the same
    /// documents as BSON (pymongo) in `people.bson` and gzip-compressed in `people.bson.gz`.
    func peopleData(_ count: Int = 200) throws -> String {
        let directory = try Temporary.path("realm-bson-import")
        let generated = try Command.run("python3", [Repository.path("bench/gen_people.py"), String(count), "--schema", "people.yaml"],
                                        in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        try generated.stdout.write(toFile: directory + "/people.ndjson")
        let convert = """
            import sys, gzip, bson
            from bson import json_util
            data = b''.join(bson.encode(json_util.loads(line)) for line in open('people.ndjson') if line.strip())
            open('people.bson', 'wb').write(data)
            open('people.bson.gz', 'wb').write(gzip.compress(data))
            """
        let converted = try Command.run("python3", ["-c", convert], in: directory)
        #expect(converted.status == 0, "\(converted.stderr)")
        return directory
    }

    func importPeople(_ arguments: [String], into store: String, in directory: String, stdin: Data = Data()) throws -> ProcessResult {
        try Tool.run("realm-import", ["--store", store, "--schema", "people.yaml", "--class", "Person", "--mode", "upsert", "--quiet"] + arguments,
                     in: directory, input: stdin)
    }

    func export(_ store: String, in directory: String) throws -> String {
        try Tool.run("realm-export", ["--store", store], in: directory).stdout
    }

    @Test func bsonFromAFileStdinOrGzipMakesTheStoreJSONMakes() throws {
        let directory = try peopleData()
        let json = try importPeople(["people.ndjson"], into: "json.realm", in: directory)
        #expect(json.status == 0, "\(json.stderr)")
        let expected = try export("json.realm", in: directory)
        #expect(expected.count > 10_000)
        try FileManager.default.copyItem(atPath: directory + "/people.bson", toPath: directory + "/people.data")
        let bson = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.bson"))
        let runs: [(String, [String], Data)] = [
            ("detected.realm", ["people.bson"], Data()),
            ("typed.realm", ["--type", "bson", "people.data"], Data()),
            ("named.realm", ["people.data"], Data()),
            ("stdin.realm", ["-"], bson),
            ("typed-stdin.realm", ["--type", "bson", "-"], bson),
            ("gzip.realm", ["people.bson.gz"], Data()),
        ]
        for (store, arguments, input) in runs {
            let run = try importPeople(arguments, into: store, in: directory, stdin: input)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(try export(store, in: directory) == expected, "\(arguments)")
        }
        // Named after its class, a BSON file needs no --class (as mongorestore reads a collection's name).
        try FileManager.default.copyItem(atPath: directory + "/people.bson.gz", toPath: directory + "/Person.bson.gz")
        let named = try Tool.run("realm-import", ["--store", "class.realm", "--schema", "people.yaml", "--mode", "upsert", "--quiet",
                                                  "Person.bson.gz"], in: directory)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try export("class.realm", in: directory) == expected)
        let unnamed = try Tool.run("realm-import", ["--store", "none.realm", "--schema", "people.yaml", "people.bson"], in: directory)
        #expect(unnamed.status == 64, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("'people.bson' is BSON: name its class with --class, or name the file after it"),
                "\(unnamed.stderr)")
        // Told it is JSON, BSON is a JSON syntax error.
        let told = try importPeople(["--type", "json", "people.bson"], into: "told.realm", in: directory)
        #expect(told.status != 0)
    }

    @Test func badBSONExitsOneAndLeavesTheStoreAsItWas() throws {
        let directory = try peopleData(20)
        #expect(try importPeople(["people.ndjson"], into: "store.realm", in: directory).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm"))
        var bson = try Data(contentsOf: URL(fileURLWithPath: directory + "/people.bson"))
        bson.removeLast(7)
        try bson.write(to: URL(fileURLWithPath: directory + "/cut.bson"))
        let run = try Tool.run("realm-import", ["--store", "store.realm", "--class", "Person", "--mode", "upsert", "cut.bson"],
                               in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: truncated BSON: the input ends after "), "\(run.stderr)")
        #expect(run.stderr.contains("note: in BSON document 20 of cut.bson, which starts at byte "), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm")) == before)
        let wal = directory + "/store.realm-wal"
        #expect(try !FileManager.default.fileExists(atPath: wal) || Data(contentsOf: URL(fileURLWithPath: wal)).isEmpty)
    }

    /// From a pipe, read ahead, a wrong value is still placed at its element.
    @Test func aWrongValueFromStdinIsPlacedAtItsElement() throws {
        let directory = try peopleData(5)
        let bad = try PyMongoBSON.bytes("[{'_id': ObjectId(), 'name': 'Ann'}, {'_id': ObjectId(), 'name': ['not', 'a', 'string']}]")
        let run = try importPeople(["-"], into: "stdin.realm", in: directory, stdin: Data(bad))
        #expect(run.status == 1, "\(run.stderr)")
        let second = Int(bad[0])
        let element = second + 4 + 5 + 12  // past the length, the "_id" element's type and name, and its ObjectId
        #expect(run.stderr.contains("error: Invalid value of BSON type 'array' for 'string' property 'Person.name'.\n"),
                "\(run.stderr)")
        #expect(run.stderr.contains("note: in BSON document 2 of <stdin>, which starts at byte \(second); the element starts at byte \(element)\n"),
                "\(run.stderr)")
        #expect(run.stderr.contains("note: at field path name\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/stdin.realm"))
    }

    @Test func helpNamesBSON() throws {
        let help = try Tool.run("realm-import", ["--help"])
        #expect(help.stdout.contains("--type json|bson|csv|tsv"), "\(help.stdout)")
    }
}
