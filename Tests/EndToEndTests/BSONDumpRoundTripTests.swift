import Foundation
import TestSupport
import Testing

/// A store → `realm-export --type bson -o DIR` (mongodump's layout) → `realm-import` of the
/// class files, or of the whole directory as mongorestore reads it → the identical store,
/// through the two executables: every value type of the benchmark people, links from Person to
/// Dog across the two files in either order, and the same with `--omit-empty` and `--gzip`.
@Suite struct BSONDumpRoundTripTests {
    func exportJSON(_ store: String, in directory: String) throws -> String {
        let exported = try Tool.run("realm-export", ["--store", store], in: directory)
        #expect(exported.status == 0, "\(exported.stderr)")
        return exported.stdout
    }

    @Test(arguments: [[String](), ["--omit-empty"], ["--gzip"]])
    func aDumpImportsBackToTheIdenticalStore(_ extra: [String]) throws {
        let directory = try Temporary.path("realm-bson-dump")
        let generated = try Command.run("python3", [Repository.path("bench/gen_people.py"), "120", "--schema", "people.yaml"],
                                        in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        try generated.stdout.write(toFile: directory + "/people.ndjson", atomically: true, encoding: .utf8)
        let loaded = try Tool.run("realm-import", ["--store", "a.realm", "--schema", "people.yaml", "--class", "Person",
                                                   "--mode", "upsert", "--quiet", "people.ndjson"], in: directory)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let original = try exportJSON("a.realm", in: directory)
        #expect(original.contains("\"Dog\""))

        let dumped = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "-o", "dump"] + extra, in: directory)
        #expect(dumped.status == 0, "\(dumped.stderr)")
        let bson = extra.contains("--gzip") ? ".bson.gz" : ".bson"
        let orders = [("b.realm", ["dump/Dog" + bson, "dump/Person" + bson]), ("c.realm", ["dump/Person" + bson, "dump/Dog" + bson])]
        for (store, files) in orders {
            let restored = try Tool.run("realm-import", ["--store", store, "--schema", "people.yaml", "--quiet"] + files,
                                        in: directory)
            #expect(restored.status == 0, "\(files): \(restored.stderr)")
            #expect(try exportJSON(store, in: directory) == original, "\(files) \(extra)")
        }
        // The directory, as mongorestore reads it: its metadata is the schema's, so no note or warning.
        let metadata = "Person.metadata.json" + (bson == ".bson" ? "" : ".gz")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/dump").contains(metadata))
        let restored = try Tool.run("realm-import", ["--store", "d.realm", "--schema", "people.yaml", "dump"], in: directory)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(!restored.stderr.contains("note:") && !restored.stderr.contains("warning:"), "\(restored.stderr)")
        #expect(try exportJSON("d.realm", in: directory) == original, "dump \(extra)")
    }
}
