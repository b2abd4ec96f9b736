import Foundation
import TestSupport
import Testing

/// `realm-import` of a directory in mongodump's layout, as `mongorestore dump/shop` reads it
/// (docs/mongodb.md, section 2.1): every `<Class>.bson` and `.bson.gz` in one transaction,
/// metadata files (plain, gzipped, or named in a shell glob) never imported and their indexes
/// checked against the schema, the dump's root refused with the database directories named.
/// The dumps are written by pymongo (`PyMongoDump`); `realm-export --type bson -o DIR` read
/// back as a directory: `BSONDumpRoundTripTests`.
@Suite struct DumpDirectoryImportTests {
    /// `dump/shop/` as mongodump writes it: Person (plain, a unique and a plain index the schema
    /// lacks), Dog and Note gzipped with their metadata; the dump's root has `prelude.json` and
    /// `oplog.bson`, the database a `system.profile` collection.
    func shopDump(personDocuments: String = "[{'_id': 1, 'name': 'Ann', 'email': 'a@x', 'dog': 7}, {'_id': 2, 'name': 'Bob', 'age': 3}]")
        throws -> String {
        let directory = try PyMongoDump.directory("""
            collection('dump/shop/Person', \(personDocuments),
                       indexes=[ID_INDEX, {'v': 2, 'key': {'name': 1}, 'name': 'name_1'},
                                {'v': 2, 'key': {'email': 1}, 'name': 'email_1', 'unique': True},
                                {'v': 2, 'key': {'age': -1}, 'name': 'age_-1'}])
            collection('dump/shop/Dog', [{'_id': 7, 'name': 'Rex'}], gzip=True)
            collection('dump/shop/Note', [{'text': 'hi'}, {'text': 'ho'}], gzip=True)
            collection('dump/shop/system.profile', [{'op': 'query'}])
            write('dump/prelude.json', '{"ServerVersion": "7.0.2", "ToolVersion": "100.9.4"}')
            write('dump/oplog.bson', b'')
            """)
        try PyMongoDump.schema.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    /// The store `realm-import` makes of the same objects as JSON.
    static let expected = """
        {"Person":[
        {"_id":1,"name":"Ann","email":"a@x","age":null,"bio":null,"title":null,"dog":7},
        {"_id":2,"name":"Bob","email":null,"age":3,"bio":null,"title":null,"dog":null}
        ],"Dog":[
        {"_id":7,"name":"Rex"}
        ],"Note":[
        {"$id":1,"text":"hi","indexes":[]},
        {"$id":2,"text":"ho","indexes":[]}
        ]}

        """

    func export(_ store: String, in directory: String) throws -> String {
        let exported = try Tool.run("realm-export", ["--store", store], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        return exported.stdout
    }

    func importArguments(_ store: String, _ inputs: [String], _ extra: [String] = []) -> [String] {
        ["--store", store, "--schema", "schema.yaml"] + extra + inputs
    }

    @Test func aDumpDirectoryLoadsEveryClassInOneRunAndChecksItsIndexes() throws {
        let directory = try shopDump()
        let run = try Tool.run("realm-import", importArguments("a.realm", ["dump/shop"]), in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let exported = try export("a.realm", in: directory)
        #expect(exported == Self.expected, "\(exported)")
        #expect(run.stderr.hasPrefix("""
            warning: dump/shop/Person.metadata.json: unique index 'email_1' on 'email' has no equivalent in class 'Person': \
            duplicate values load without error; only the primary key ('_id') is unique in Realm
            note: dump/shop/Person.metadata.json: index 'age_-1' on 'age': the schema does not index 'Person.age'; add \
            'indexed: true' to it
            note: dump/shop/system.profile.bson: a system collection, not data of a class; skipped, as mongorestore skips it
            note: dump/shop/system.profile.metadata.json: a system collection, not data of a class; skipped, as mongorestore skips it
            Person: 2 created
            """), "\(run.stderr)")
        #expect(run.stderr.contains("imported 5 objects from 5 documents"), "\(run.stderr)")
        // --quiet silences the notes and warnings as it does the others; they never change the exit status.
        let quiet = try Tool.run("realm-import", importArguments("b.realm", ["dump/shop/"], ["--quiet"]), in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(try export("b.realm", in: directory) == Self.expected)
        // With --error-format json each is a JSON object with its severity.
        let json = try Tool.run("realm-import", importArguments("c.realm", ["dump/shop"], ["--error-format", "json"]), in: directory)
        #expect(json.status == 0, "\(json.stderr)")
        let first = try #require(json.stderr.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["severity"] as? String == "warning")
        #expect((object["message"] as? String)?.hasPrefix("dump/shop/Person.metadata.json: unique index 'email_1'") == true)
    }

    @Test func aGlobOverADumpImportsNoMetadataFile() throws {
        let directory = try shopDump()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/dump/shop").sorted()
            .filter { !$0.hasPrefix("system.") }
        #expect(names.contains("Note.metadata.json.gz") && names.contains("Person.metadata.json"))
        let run = try Tool.run("realm-import", importArguments("a.realm", names.map { "dump/shop/" + $0 }, ["--quiet"]),
                               in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try export("a.realm", in: directory) == Self.expected)
        // With --class, Note.metadata.json was once an extra Note object (its 'indexes' an unknown key): now it is metadata.
        let notes = try Tool.run("realm-import", importArguments("n.realm", ["dump/shop/Note.bson.gz", "dump/shop/Note.metadata.json.gz"],
                                                                 ["--class", "Note"]), in: directory)
        #expect(notes.status == 0, "\(notes.stderr)")
        #expect(notes.stderr.contains("Note: 2 created, 0 updated, 0 unchanged, 0 warnings"), "\(notes.stderr)")
    }

    @Test func aFailureInTheSecondFileLeavesTheStoreAsItWas() throws {
        let directory = try shopDump(personDocuments: "[{'_id': 1, 'name': 'Ann'}, {'_id': 2, 'name': 'Bob', 'age': 'three'}]")
        let created = try Tool.run("realm-import", importArguments("store.realm", ["-"], ["--quiet"]), in: directory,
                                   input: Data(#"{"Dog": [{"_id": 1, "name": "Old"}]}"#.utf8))
        #expect(created.status == 0, "\(created.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm"))
        // Dog.bson.gz and Note.bson.gz load first; Person.bson, read last, fails at its second document.
        let run = try Tool.run("realm-import", importArguments("store.realm", ["dump/shop"], ["--quiet"]), in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: Invalid value 'three' of BSON type 'string' for 'int?' property 'Person.age'"), "\(run.stderr)")
        #expect(run.stderr.contains("note: in BSON document 2 of dump/shop/Person.bson, which starts at byte "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("1 error; nothing was written\n"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/store.realm")) == before)
        // A new store is not created.
        let new = try Tool.run("realm-import", importArguments("new.realm", ["dump/shop"], ["--quiet"]), in: directory)
        #expect(new.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory + "/new.realm"))
    }

    @Test func theDumpsRootAndOtherMisfitsAreUsageErrors() throws {
        let directory = try shopDump()
        let root = try Tool.run("realm-import", importArguments("a.realm", ["dump"]), in: directory)
        #expect(root.status == 64)
        #expect(root.stderr.hasPrefix("""
            Error: 'dump' holds no .bson files but database directories that do, as mongodump writes one per database: \
            give the one to import instead (dump/shop)
            """), "\(root.stderr)")
        let withClass = try Tool.run("realm-import", importArguments("a.realm", ["dump/shop"], ["--class", "Person"]), in: directory)
        #expect(withClass.status == 64)
        #expect(withClass.stderr.contains("leave out --class"), "\(withClass.stderr)")
        // A collection the schema has no class for is named before anything is read, and nothing is written.
        try FileManager.default.copyItem(atPath: directory + "/dump/shop/Dog.bson.gz", toPath: directory + "/dump/shop/Cat.bson.gz")
        let unknown = try Tool.run("realm-import", importArguments("a.realm", ["dump/shop"]), in: directory)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("""
            Error: 'dump/shop/Cat.bson.gz' holds collection 'Cat', which is not a class of the schema (Dog, Note, Person): add \
            the class to the schema, or give the other files by name
            """), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/a.realm"))
        // A metadata file that is not metadata: bad input (exit status 1), as mongorestore fails on it.
        try FileManager.default.removeItem(atPath: directory + "/dump/shop/Cat.bson.gz")
        try "{\"indexes\": [1]}".write(toFile: directory + "/dump/shop/Dog.metadata.json", atomically: true, encoding: .utf8)
        let bad = try Tool.run("realm-import", importArguments("a.realm", ["dump/shop"]), in: directory)
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: dump/shop/Dog.metadata.json is not mongodump metadata: expected a JSON object with "
                    + "'indexes' and 'collectionName', as mongodump writes\n", "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/a.realm"))
    }
}
