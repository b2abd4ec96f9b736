import Foundation
import TestSupport
import Testing

/// The built tools on Realm's own `.realm` files (docs/realm-import.md, section 18;
/// docs/realm-schema.md, `extract`): `realm-import` told by the header or by `--type realm`,
/// without `--schema`; the round trip through realm-export; `realm-schema extract`; a damaged
/// file exits 1 with a located message and no store; the Realm file is never written or locked.
@Suite struct RealmFileCommandTests {
    static let fixtures = Repository.path("Tests/Fixtures/realm-core")

    /// A new directory holding copies of the fixtures, named as an app would (`App.realm`).
    func directory() throws -> String {
        let directory = try Temporary.path("realm-file-command")
        for name in ["all-types", "people-1000", "empty-schema-v3"] {
            try FileManager.default.copyItem(atPath: "\(Self.fixtures)/\(name).realm", toPath: "\(directory)/\(name).realm")
        }
        try FileManager.default.copyItem(atPath: "\(Self.fixtures)/people-1000.realm", toPath: "\(directory)/App.realm")
        return directory
    }

    func export(_ store: String, in directory: String, _ extra: [String] = []) throws -> String {
        let run = try Tool.run("realm-export", ["--store", store] + extra, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func importDetectedOrToldMakesTheSameStore() throws {
        let directory = try directory()
        let detected = try Tool.run("realm-import", ["--store", "detected.realm", "App.realm"], in: directory)
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stderr.contains("Person: 1000 created"), "\(detected.stderr)")
        #expect(detected.stderr.contains("Dog: 1200 created"), "\(detected.stderr)")
        // The store has no linkingObjects: the note says so, once.
        #expect(detected.stderr.components(separatedBy: "a Realm file keeps no linkingObjects property names").count == 2,
                "\(detected.stderr)")
        try FileManager.default.copyItem(atPath: directory + "/App.realm", toPath: directory + "/app.data")
        let told = try Tool.run("realm-import", ["--store", "told.realm", "--type", "realm", "--quiet", "app.data"], in: directory)
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stderr.isEmpty, "\(told.stderr)")
        let expected = try export("detected.realm", in: directory)
        #expect(expected.count > 100_000)
        #expect(try export("told.realm", in: directory) == expected)
    }

    /// Fixture → store → realm-export JSON → realm-import into another store → the same export.
    @Test(arguments: ["all-types", "people-1000"])
    func theRoundTripThroughJSONGivesTheSameExport(_ name: String) throws {
        let directory = try directory()
        let first = try Tool.run("realm-import", ["--store", "first.realm", "--quiet", "\(name).realm"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let exported = try export("first.realm", in: directory)
        try exported.write(toFile: directory + "/export.json")
        let schema = try Tool.run("realm-schema", ["extract", "\(name).realm", "-o", "schema"], in: directory)
        #expect(schema.status == 0, "\(schema.stderr)")
        let second = try Tool.run("realm-import", ["--store", "second.realm", "--schema", "schema", "--quiet", "export.json"],
                                  in: directory)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try export("second.realm", in: directory) == exported)
        #expect(try export("second.realm", in: directory, ["--canonical"]) == export("first.realm", in: directory, ["--canonical"]))
    }

    /// Standard input and compressed files cannot be mapped: a message that says so, exit 1.
    @Test func standardInputAndCompressedFilesAreRefused() throws {
        let directory = try directory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/empty-schema-v3.realm"))
        let stdin = try Tool.run("realm-import", ["--store", "s.realm", "--type", "realm", "-"], in: directory, input: bytes)
        #expect(stdin.status == 1, "\(stdin.stderr)")
        #expect(stdin.stderr.contains("standard input and pipes cannot be read as a Realm file"), "\(stdin.stderr)")
        let gzip = try Command.run("gzip", ["-k", "empty-schema-v3.realm"], in: directory)
        #expect(gzip.status == 0, "\(gzip.stderr)")
        let compressed = try Tool.run("realm-import", ["--store", "s.realm", "--type", "realm", "empty-schema-v3.realm.gz"], in: directory)
        #expect(compressed.status == 1, "\(compressed.stderr)")
        #expect(compressed.stderr.contains("error: 'empty-schema-v3.realm.gz' is a compressed Realm file: decompress it first"),
                "\(compressed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/s.realm"))
    }

    @Test func extractWritesTheSchemaToStdoutOrADirectory() throws {
        let directory = try directory()
        let stdout = try Tool.run("realm-schema", ["extract", "empty-schema-v3.realm"], in: directory)
        #expect(stdout.status == 0, "\(stdout.stderr)")
        #expect(stdout.stdout.contains("schemaVersion: 3\n"), "\(stdout.stdout)")
        #expect(stdout.stdout.contains("  Person:\n    primaryKey: _id\n"), "\(stdout.stdout)")
        #expect(stdout.stdout.contains("  Address:\n    embedded: true\n"), "\(stdout.stdout)")
        let toDirectory = try Tool.run("realm-schema", ["extract", "empty-schema-v3.realm", "-o", "out"], in: directory)
        #expect(toDirectory.status == 0, "\(toDirectory.stderr)")
        #expect(toDirectory.stdout.isEmpty)
        #expect(try String(contentsOfFile: directory + "/out/empty-schema-v3.yaml", encoding: .utf8) == stdout.stdout)
        // What extract writes, validate accepts.
        let validate = try Tool.run("realm-schema", ["validate", "out"], in: directory)
        #expect(validate.status == 0, "\(validate.stderr)")
        // Not a Realm file: a located message, exit status 1.
        try "{\"a\": 1}".write(toFile: directory + "/not.realm")
        let bad = try Tool.run("realm-schema", ["extract", "not.realm"], in: directory)
        #expect(bad.status == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("note: in Realm file not.realm"), "\(bad.stderr)")
        let missing = try Tool.run("realm-schema", ["extract", "missing.realm"], in: directory)
        #expect(missing.status == 2, "\(missing.stderr)")
    }

    /// A truncated copy: exit status 1, a located message, no store created; the file itself
    /// is untouched and nothing appears beside it.
    @Test func aDamagedFileExitsOneWithNothingCreatedOrTouched() throws {
        let directory = try directory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/App.realm"))
        try bytes.prefix(bytes.count * 3 / 4).write(to: URL(fileURLWithPath: directory + "/cut.realm"))
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let cutDate = try FileManager.default.attributesOfItem(atPath: directory + "/cut.realm")[.modificationDate] as? Date
        let run = try Tool.run("realm-import", ["--store", "out/store.realm", "cut.realm"], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("note: in Realm file cut.realm"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/store.realm"))
        let told = try Tool.run("realm-import", ["--store", "store2.realm", "--type", "realm", "cut.realm"], in: directory)
        #expect(told.status == 1, "\(told.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/store2.realm"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/cut.realm")) == bytes.prefix(bytes.count * 3 / 4))
        #expect(try FileManager.default.attributesOfItem(atPath: directory + "/cut.realm")[.modificationDate] as? Date == cutDate)
    }

    /// An encrypted Realm file has no readable header; by its `.realm` name it is still read as
    /// a Realm file, which says it is encrypted (not "bad JSON"), with or without `--type realm`.
    @Test func anEncryptedLookingFileNamedRealmSaysEncrypted() throws {
        let directory = try directory()
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(noise).write(to: URL(fileURLWithPath: directory + "/secret.realm"))
        for extra in [[], ["--type", "realm"]] {
            let run = try Tool.run("realm-import", ["--store", "secret.sqlite"] + extra + ["secret.realm"], in: directory)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("looks like an encrypted Realm"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/secret.sqlite"))
        }
    }

    /// A good import leaves the Realm file as it was: same bytes, same modification time, no
    /// `.lock`, `.note` or `.management` beside it.
    @Test func theRealmFileIsNeverWrittenOrLocked() throws {
        let directory = try directory()
        let realm = directory + "/App.realm"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: realm))
        let date = try FileManager.default.attributesOfItem(atPath: realm)[.modificationDate] as? Date
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let run = try Tool.run("realm-import", ["--store", "../store-\(UUID().uuidString).realm", "--quiet", "App.realm"],
                               in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let extract = try Tool.run("realm-schema", ["extract", "App.realm"], in: directory)
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: realm)) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: realm)[.modificationDate] as? Date == date)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
    }

    /// A given --schema the file does not fit: exit 1, a located message per mismatch, the
    /// existing store unchanged.
    @Test func aSchemaTheFileDoesNotFitLeavesTheStoreUnchanged() throws {
        let directory = try directory()
        let first = try Tool.run("realm-import", ["--store", "store.realm", "--quiet", "empty-schema-v3.realm"], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let storeBytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm"))
        let extract = try Tool.run("realm-schema", ["extract", "people-1000.realm"], in: directory)
        let changed = extract.stdout.replacingOccurrences(of: "      age: int\n", with: "      age: string\n")
        #expect(changed != extract.stdout)
        try changed.write(toFile: directory + "/changed.yaml")
        let run = try Tool.run("realm-import", ["--store", "store.realm", "--schema", "changed.yaml", "people-1000.realm"], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm")) == storeBytes)
        // The store's own schema is what the file must fit without --schema: another file's classes are refused.
        let other = try Tool.run("realm-import", ["--store", "store.realm", "all-types.realm"], in: directory)
        #expect(other.status == 1, "\(other.stderr)")
        #expect(other.stderr.contains("error: class 'AllTypes' of the Realm file 'all-types.realm' is not in the schema"), "\(other.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm")) == storeBytes)
        let fresh = try Tool.run("realm-import", ["--store", "fresh.realm", "--schema", "changed.yaml", "people-1000.realm"], in: directory)
        #expect(fresh.status == 1, "\(fresh.stderr)")
        #expect(fresh.stderr.contains("error: property 'Person.age' is 'int' in the Realm file but 'string' in the schema"),
                "\(fresh.stderr)")
        #expect(fresh.stderr.contains("note: in Realm file people-1000.realm, class 'Person', property 'age'"), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/fresh.realm"))
    }
}
