import Foundation
import TestSupport
import Testing

@Suite("realm-schema end to end")
struct RealmSchemaCommandTests {
    let exampleSchemas = Repository.exampleSchemas

    @Test func validateAcceptsTheExampleSchemas() throws {
        let result = try Tool.run("realm-schema", ["validate", exampleSchemas])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func validateReportsEveryProblemWithItsLocation() throws {
        let directory = try Temporary.path("realm-e2e")
        try """
        models:
          Dog:
            primaryKey: id
            properties:
              name: strng
              owner: Person
        """.write(toFile: directory + "/bad.yaml")
        let result = try Tool.run("realm-schema", ["validate", "bad.yaml"], in: directory)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(lines.count >= 3, "\(result.stderr)")
        #expect(result.stderr.contains("bad.yaml:5:"))
        #expect(result.stderr.contains("did you mean 'string'"))
        #expect(result.stderr.contains("bad.yaml:3:"))
    }

    @Test func jsonErrorFormat() throws {
        let directory = try Temporary.path("realm-e2e")
        try "models:\n  Dog:\n    properties:\n      name: strng\n".write(toFile: directory + "/bad.yaml")
        let result = try Tool.run("realm-schema", ["validate", "bad.yaml", "--error-format", "json"], in: directory)
        #expect(result.status == 1)
        let first = try #require(result.stderr.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "bad.yaml")
        #expect(object["line"] as? Int == 4)
        #expect(object["column"] as? Int == 13)
        #expect(object["severity"] as? String == "error")
    }

    @Test func usageErrorsExit64() throws {
        let missingOutput = try Tool.run("realm-schema", ["codegen", exampleSchemas])
        #expect(missingOutput.status == 64)
        #expect(missingOutput.stderr.hasPrefix("Error: Missing expected option '--output <dir>'.\nUsage: realm-schema codegen"))
        let unknown = try Tool.run("realm-schema", ["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: Unknown subcommand 'frobnicate'"))
        let badAccess = try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", "x", "--access", "open"])
        #expect(badAccess.status == 64)
        let missingFile = try Tool.run("realm-schema", ["validate", "/nonexistent.yaml"])
        #expect(missingFile.status == 2)
    }

    @Test func helpAndVersion() throws {
        let help = try Tool.run("realm-schema", ["codegen", "--help"])
        #expect(help.status == 0)
        for section in ["OVERVIEW:", "USAGE: realm-schema codegen", "ARGUMENTS:", "OPTIONS:", "--check", "--access"] {
            #expect(help.stdout.contains(section))
        }
        let root = try Tool.run("realm-schema", ["--help"])
        #expect(root.stdout.contains("SUBCOMMANDS:"))
        #expect(try Tool.run("realm-schema", ["--version"]).stdout == "0.1.0\n")
    }

    @Test func codegenIsIdempotentAndCheckDetectsStaleFiles() async throws {
        let out = try Temporary.path("realm-e2e") + "/Generated"
        let missing = try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", out, "--check"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("is missing"))
        #expect(!FileManager.default.fileExists(atPath: out), "--check must write nothing")

        let first = try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(!files.isEmpty)
        let before = try snapshot(out, files)

        try await Task.sleep(for: .milliseconds(1100))
        let second = try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", out])
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty, "nothing should be rewritten: \(second.stderr)")
        let after = try snapshot(out, files)
        #expect(before.map(\.contents) == after.map(\.contents))
        #expect(before.map(\.modified) == after.map(\.modified))
        #expect(try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", out, "--check"]).status == 0)

        try "// edited\n".write(toFile: out + "/" + files[0])
        let stale = try Tool.run("realm-schema", ["codegen", exampleSchemas, "-o", out, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("is stale"))
        #expect(try String(contentsOfFile: out + "/" + files[0], encoding: .utf8) == "// edited\n")
    }

    @Test func jsonSchemaWritesOneFilePerModel() throws {
        let out = try Temporary.path("realm-e2e")
        let result = try Tool.run("realm-schema", ["json-schema", exampleSchemas, "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(files.contains("Person.schema.json"))
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/Person.schema.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    private func snapshot(_ directory: String, _ files: [String]) throws -> [(contents: Data, modified: Date)] {
        try files.map { name in
            let path = directory + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as? Date ?? .distantPast)
        }
    }
}
