import Foundation
import TestSupport
import Testing

/// `realm-export --type realm -o FILE` (docs/realm-export.md, "Realm files"): every vendored
/// Realm file imported, written again as a Realm file, imported into a new store gives the same
/// canonical export; the same store gives the same bytes; `--schema-version`; the options a
/// Realm file has no use for; a failure leaves no file.
@Suite struct RealmExportRealmFileCommandTests {
    static let realmCore = Repository.path("Tests/Fixtures/realm-core")
    static let realmFiles = Repository.path("Tests/Fixtures/realm-files")

    /// A new directory holding the fixture `name` (and its schema, for those that have one).
    func directory(_ name: String) throws -> (directory: String, schema: [String]) {
        let directory = try Temporary.path("realm-export-realm")
        let folder = name == "no-primary-key" ? Self.realmFiles : Self.realmCore
        try FileManager.default.copyItem(atPath: "\(folder)/\(name).realm", toPath: "\(directory)/input.realm")
        guard FileManager.default.fileExists(atPath: "\(folder)/\(name).yaml") else { return (directory, []) }
        try FileManager.default.copyItem(atPath: "\(folder)/\(name).yaml", toPath: "\(directory)/schema.yaml")
        return (directory, ["--schema", "schema.yaml"])
    }

    func run(_ tool: String, _ arguments: [String], in directory: String) throws -> ProcessResult {
        let run = try Tool.run(tool, arguments, in: directory)
        #expect(run.status == 0, "\(tool) \(arguments): \(run.stderr)")
        return run
    }

    @Test(arguments: ["all-types", "all-types-writecopy", "people-1000", "empty-schema-v3", "decimal-widths", "fulltext",
                      "no-primary-key"])
    func aFixtureWrittenAgainImportsAsTheSameStore(_ name: String) throws {
        let (directory, schema) = try directory(name)
        _ = try run("realm-import", ["--store", "first.store", "--quiet"] + schema + ["input.realm"], in: directory)
        let expected = try run("realm-export", ["--store", "first.store", "--canonical"], in: directory).stdout
        _ = try run("realm-export", ["--store", "first.store", "--type", "realm", "-o", "App.realm"], in: directory)
        let header = try #require(FileHandle(forReadingAtPath: directory + "/App.realm")?.readData(ofLength: 24))
        #expect(Array(header) == [UInt8](repeating: 0xff, count: 8) + [UInt8](repeating: 0, count: 8) + Array("T-DB".utf8)
                + [24, 0, 0, 0], "the streaming form's header, file format 24")
        _ = try run("realm-import", ["--store", "second.store", "--quiet"] + schema + ["App.realm"], in: directory)
        let actual = try run("realm-export", ["--store", "second.store", "--canonical"], in: directory).stdout
        #expect(actual == expected, "\(name)")
        // The store read back writes the same file again.
        _ = try run("realm-export", ["--store", "second.store", "--type", "realm", "-o", "again.realm"], in: directory)
        if schema.isEmpty {
            #expect(FileManager.default.contentsEqual(atPath: directory + "/App.realm", andPath: directory + "/again.realm"))
        }
    }

    /// bench/gen_people.py's people (the benchmark's store: embedded addresses, dogs, maps, dates
    /// with milliseconds, decimals) through a Realm file, imported back with the same schema.
    @Test func benchPeopleComeBackTheSame() throws {
        let directory = try Temporary.path("realm-export-realm-people")
        let people = try Command.run("python3", [Repository.path("bench/gen_people.py"), "1500", "--schema", "people.yaml"],
                                     in: directory)
        #expect(people.status == 0, "\(people.stderr)")
        try people.stdout.write(toFile: directory + "/people.ndjson")
        _ = try run("realm-import", ["--store", "first.store", "--schema", "people.yaml", "--class", "Person", "--mode", "upsert", "--quiet",
                                     "people.ndjson"], in: directory)
        let expected = try run("realm-export", ["--store", "first.store", "--canonical"], in: directory).stdout
        #expect(expected.count > 1_000_000)
        _ = try run("realm-export", ["--store", "first.store", "--type", "realm", "-o", "people.realm"], in: directory)
        _ = try run("realm-import", ["--store", "second.store", "--schema", "people.yaml", "--quiet", "people.realm"], in: directory)
        let actual = try run("realm-export", ["--store", "second.store", "--canonical"], in: directory).stdout
        #expect(actual == expected)
    }

    @Test func theSameStoreGivesTheSameBytesAndTheSchemaVersionCanBeSet() throws {
        let (directory, _) = try directory("people-1000")
        _ = try run("realm-import", ["--store", "s.store", "--quiet", "input.realm"], in: directory)
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "-o", "a.realm"], in: directory)
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "--output", "b.realm"], in: directory)
        #expect(FileManager.default.contentsEqual(atPath: directory + "/a.realm", andPath: directory + "/b.realm"))
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/a.realm")[.size] as? Int ?? 0
        #expect(size > 100_000)
        let stored = try run("realm-schema", ["extract", "a.realm"], in: directory).stdout
        #expect(stored.contains("schemaVersion: 1\n"), "\(stored.prefix(300))")
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "--schema-version", "12", "-o", "v12.realm"], in: directory)
        // --file-format 24 is the format written anyway: the same bytes.
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "--file-format", "24", "-o", "f24.realm"], in: directory)
        #expect(FileManager.default.contentsEqual(atPath: directory + "/a.realm", andPath: directory + "/f24.realm"))
        let overridden = try run("realm-schema", ["extract", "v12.realm"], in: directory).stdout
        #expect(overridden.contains("schemaVersion: 12\n"), "\(overridden.prefix(300))")
        // --class Person brings Dog (linked) and Address (embedded) along.
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "--class", "Person", "-o", "p.realm"], in: directory)
        #expect(FileManager.default.contentsEqual(atPath: directory + "/a.realm", andPath: directory + "/p.realm"))
        _ = try run("realm-export", ["--store", "s.store", "--type", "realm", "--class", "Dog", "-o", "d.realm"], in: directory)
        let dogs = try run("realm-schema", ["extract", "d.realm"], in: directory).stdout
        #expect(dogs.contains("  Dog:") && !dogs.contains("  Person:") && !dogs.contains("  Address:"), "\(dogs)")
    }

    @Test(arguments: [
        (["--ndjson"], "'--ndjson' means nothing for '--type realm'"),
        (["--pretty"], "'--pretty' means nothing for '--type realm'"),
        (["--canonical"], "'--canonical' means nothing for '--type realm'"),
        (["--fields", "name"], "'--fields' means nothing for '--type realm'"),
        (["--omit-empty"], "'--omit-empty' means nothing for '--type realm'"),
        (["--gzip"], "'--gzip' means nothing for '--type realm'"),
        (["--query", "age > 3", "--class", "Person"], "'--query' means nothing for '--type realm'"),
        (["--limit", "3"], "'--limit' means nothing for '--type realm'"),
    ])
    func optionsARealmFileHasNoUseForAreRefused(_ extra: [String], _ message: String) throws {
        let (directory, _) = try directory("people-1000")
        _ = try run("realm-import", ["--store", "s.store", "--quiet", "input.realm"], in: directory)
        let refused = try Tool.run("realm-export", ["--store", "s.store", "--type", "realm", "-o", "x.realm"] + extra, in: directory)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/x.realm"))
    }

    @Test func aRealmFileNeedsAnOutputFileAndSchemaVersionNeedsTypeRealm() throws {
        let (directory, _) = try directory("people-1000")
        _ = try run("realm-import", ["--store", "s.store", "--quiet", "input.realm"], in: directory)
        for output in [[], ["-o", "-"]] {
            let refused = try Tool.run("realm-export", ["--store", "s.store", "--type", "realm"] + output, in: directory)
            #expect(refused.status == 64, "\(refused.stderr)")
            #expect(refused.stderr.contains("'--type realm' writes a file, not standard output: give '-o FILE.realm'"), "\(refused.stderr)")
            #expect(refused.stdout.isEmpty)
        }
        let json = try Tool.run("realm-export", ["--store", "s.store", "--schema-version", "2"], in: directory)
        #expect(json.status == 64 && json.stderr.contains("'--schema-version' cannot be combined with '--type json'"), "\(json.stderr)")
        let bad = try Tool.run("realm-export", ["--store", "s.store", "--type", "realm", "--schema-version", "-1", "-o", "x.realm"],
                               in: directory)
        #expect(bad.status == 64 && bad.stderr.contains("'--schema-version' needs a non-negative integer"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/x.realm"))
    }

    @Test(arguments: [
        (["--type", "realm", "--file-format", "23"], "'--file-format 23' (realm-core 13) is not written"),
        (["--type", "realm", "--file-format", "25"], "'--file-format' writes Realm file format 24 only (realm-core 14), not '25'"),
        (["--type", "realm", "--file-format", "x"], "not 'x'"),
        (["--file-format", "24"], "'--file-format' cannot be combined with '--type json'"),
        (["--type", "bson", "--file-format", "24"], "'--file-format' cannot be combined with '--type bson'"),
    ])
    func onlyFileFormat24IsWritten(_ extra: [String], _ message: String) throws {
        let (directory, _) = try directory("empty-schema-v3")
        _ = try run("realm-import", ["--store", "s.store", "--quiet", "input.realm"], in: directory)
        let refused = try Tool.run("realm-export", ["--store", "s.store", "-o", "x.realm"] + extra, in: directory)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/x.realm"))
    }

    @Test func aFailureLeavesNoFileAndAnExistingOneUntouched() throws {
        let (directory, _) = try directory("people-1000")
        _ = try run("realm-import", ["--store", "s.store", "--quiet", "input.realm"], in: directory)
        let missing = try Tool.run("realm-export", ["--store", "s.store", "--type", "realm", "-o", "no/such/dir/x.realm"], in: directory)
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(missing.stderr.contains("no/such/dir/x.realm"), "\(missing.stderr)")
        // The destination is a directory: the rename fails, the temporary file is removed.
        try FileManager.default.createDirectory(atPath: directory + "/App.realm", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: directory + "/App.realm/inside"))
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let onDirectory = try Tool.run("realm-export", ["--store", "s.store", "--type", "realm", "-o", "App.realm"], in: directory)
        #expect(onDirectory.status == 2, "\(onDirectory.stderr)")
        #expect(onDirectory.stderr.contains("cannot write 'App.realm'"), "\(onDirectory.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/App.realm") == ["inside"])
        // A store a Realm file cannot hold (a set of mixed values holding 1 and 1.0, one element
        // to Realm): exit 1, the old file untouched.
        let bag = try Temporary.path("realm-export-realm")
        try "models:\n  Bag:\n    primaryKey: _id\n    properties: { _id: int, things: \"mixed<>\" }\n"
            .write(toFile: bag + "/schema.yaml", atomically: true, encoding: .utf8)
        try #"{"_id": 1, "things": [1, 1.0]}"#.write(toFile: bag + "/bag.json", atomically: true, encoding: .utf8)
        _ = try run("realm-import", ["--store", "f.store", "--quiet", "--schema", "schema.yaml", "--class", "Bag", "bag.json"], in: bag)
        try Data("old".utf8).write(to: URL(fileURLWithPath: bag + "/App.realm"))
        let refused = try Tool.run("realm-export", ["--store", "f.store", "--type", "realm", "-o", "App.realm"], in: bag)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("numbers of equal value as one element"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Bag object 0 (in insertion order, from 0), property 'things'"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: bag + "/App.realm", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: bag).sorted() == ["App.realm", "bag.json", "f.store",
                                                                                       "schema.yaml"])
    }
}
