import Foundation
import RealmEngine
import RealmSchema
import Testing

@Suite("realm-schema dump")
struct RealmSchemaDumpTests {
    /// Compiles YAML files (or YAML text) the way the tools do.
    func compile(_ sources: [SchemaSource]) throws -> Schema {
        let compilation = SchemaCompiler.compile(sources)
        return try #require(compilation.schema, "\(compilation.diagnostics.all)")
    }

    @Test func dumpPrintsYAMLThatRecreatesTheSameStoreSchema() throws {
        let directory = try ToolRunner.temporaryDirectory()
        let root = ToolRunner.repositoryRoot
        let sources = try ["schemas/people.yaml", "schemas/telemetry.yaml"].map { path in
            SchemaSource(path: path, text: try String(contentsOfFile: root + "/" + path, encoding: .utf8))
        }
        let schema = try compile(sources)
        let first = directory + "/first.sqlite"
        _ = try Store(path: first, schema: schema)

        let dumped = try ToolRunner.run("realm-schema", ["dump", "--store", first])
        #expect(dumped.status == 0, "\(dumped.stderr)")
        #expect(dumped.stdout.hasPrefix("# Schema of first.sqlite, written by realm-schema dump.\nschemaVersion: 1\nmodels:\n  Person:\n"))

        try dumped.stdout.write(toFile: directory + "/dumped.yaml")
        let validated = try ToolRunner.run("realm-schema", ["validate", "dumped.yaml"], in: directory)
        #expect(validated.status == 0, "\(validated.stderr)")

        let second = directory + "/second.sqlite"
        _ = try Store(path: second, schema: try compile([SchemaSource(path: "dumped.yaml", text: dumped.stdout)]))
        let again = try ToolRunner.run("realm-schema", ["dump", "--store", second])
        #expect(again.stdout.replacingOccurrences(of: "second.sqlite", with: "first.sqlite") == dumped.stdout)
        #expect(try Store.storedSchema(at: second).models.map(\.name) == schema.models.map(\.name))
    }

    @Test func dumpErrors() throws {
        let missing = try ToolRunner.run("realm-schema", ["dump", "--store", "/nonexistent/store.sqlite"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
        let usage = try ToolRunner.run("realm-schema", ["dump"])
        #expect(usage.status == 64)
        let directory = try ToolRunner.temporaryDirectory()
        try "not a database".write(toFile: directory + "/junk.sqlite")
        let junk = try ToolRunner.run("realm-schema", ["dump", "--store", directory + "/junk.sqlite"])
        #expect(junk.status == 2)
        #expect(junk.stderr.hasPrefix("error: "))
    }
}
