import Foundation
import RealmEngine
import RealmSchema
import TestSupport
import Testing

@Suite("realm-schema dump")
struct RealmSchemaDumpTests {
    @Test func dumpPrintsYAMLThatRecreatesTheSameStoreSchema() throws {
        let directory = try Temporary.path("realm-e2e")
        let sources = try ["schemas/people.yaml", "schemas/telemetry.yaml"].map { path in
            SchemaSource(path: path, text: try String(contentsOfFile: Repository.path(path), encoding: .utf8))
        }
        let schema = try schemaFromSources(sources)
        let first = directory + "/first.sqlite"
        _ = try Store(path: first, schema: schema)

        let dumped = try Tool.run("realm-schema", ["dump", "--store", first])
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stdout.hasPrefix("# Schema of first.sqlite, written by realm-schema dump.\nschemaVersion: 1\nmodels:\n  Person:\n"))

        try dumped.stdout.write(toFile: directory + "/dumped.yaml")
        let validated = try Tool.run("realm-schema", ["validate", "dumped.yaml"], in: directory)
        #expect(validated.status == 0, "\(validated.stderr)")

        let second = directory + "/second.sqlite"
        _ = try Store(path: second, schema: try schemaFromYAML(dumped.stdout, path: "dumped.yaml"))
        let again = try Tool.run("realm-schema", ["dump", "--store", second])
        #expect(again.stdout.replacingOccurrences(of: "second.sqlite", with: "first.sqlite") == dumped.stdout)
        #expect(try Store.storedSchema(at: second).models.map(\.name) == schema.models.map(\.name))
    }

    @Test func dumpErrors() throws {
        let missing = try Tool.run("realm-schema", ["dump", "--store", "/nonexistent/store.sqlite"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
        let usage = try Tool.run("realm-schema", ["dump"])
        #expect(usage.status == 64)
        let directory = try Temporary.path("realm-e2e")
        try "not a database".write(toFile: directory + "/junk.sqlite")
        let junk = try Tool.run("realm-schema", ["dump", "--store", directory + "/junk.sqlite"])
        #expect(junk.status == 2)
        #expect(junk.stderr.hasPrefix("error: "))
    }
}
