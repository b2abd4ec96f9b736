import Foundation
import TestSupport
import Testing

/// `realm-export --type bson -o DIR` byte for byte against golden files written by the
/// object-by-object exporter before the export moved onto the whole-class reader
/// (`Tests/Fixtures/bson-export/`): 60 of the benchmark people (`people.ndjson`, kept so the
/// input does not depend on the generator's Python) and the demo store, each whole and with
/// `--omit-empty`.
@Suite struct BSONExportGoldenTests {
    static let fixtures = Repository.path("Tests/Fixtures/bson-export")

    /// The `.bson` files of `dump` against those of the golden directory `golden`.
    func expectGolden(_ dump: String, _ golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try FileManager.default.contentsOfDirectory(atPath: golden).sorted()
        let written = try FileManager.default.contentsOfDirectory(atPath: dump).filter { $0.hasSuffix(".bson") }.sorted()
        #expect(written == expected && !expected.isEmpty, sourceLocation: sourceLocation)
        for name in expected {
            let bytes = FileManager.default.contents(atPath: dump + "/" + name)
            #expect(bytes != nil && bytes == FileManager.default.contents(atPath: golden + "/" + name),
                    "\(name) differs from \(golden)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [("full", [String]()), ("omit-empty", ["--omit-empty"])])
    func benchmarkPeopleAsBefore(_ golden: String, _ extra: [String]) throws {
        let directory = try Temporary.path("realm-bson-golden")
        let loaded = try Tool.run("realm-import", ["--store", "a.realm", "--schema", Self.fixtures + "/people.yaml", "--class", "Person",
                                                   "--mode", "upsert", "--quiet", Self.fixtures + "/people.ndjson"], in: directory)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let dumped = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "-o", "dump"] + extra, in: directory)
        #expect(dumped.status == 0, "\(dumped.stderr)")
        try expectGolden(directory + "/dump", Self.fixtures + "/people-" + golden)
    }

    @Test(arguments: [("full", [String]()), ("omit-empty", ["--omit-empty"])])
    func demoStoreAsBefore(_ golden: String, _ extra: [String]) throws {
        let directory = try Temporary.path("realm-bson-golden")
        try Tool.importDemoStore(directory + "/a.realm")
        let dumped = try Tool.run("realm-export", ["--store", "a.realm", "--type", "bson", "-o", "dump"] + extra, in: directory)
        #expect(dumped.status == 0, "\(dumped.stderr)")
        try expectGolden(directory + "/dump", Self.fixtures + "/demo-" + golden)
    }
}
