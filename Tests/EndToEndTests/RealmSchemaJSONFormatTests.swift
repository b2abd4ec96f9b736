import Foundation
import TestSupport
import Testing

/// `realm-schema` under `--error-format json`: every line on stderr is a JSON object.
@Suite struct RealmSchemaJSONFormatTests {
    func kinds(_ stderr: String) throws -> [String] {
        try stderr.split(separator: "\n").map {
            let object = try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
            return object["kind"] as? String ?? "diagnostic"
        }
    }

    @Test func codegenWroteStaleAndUsageLines() throws {
        let directory = try Temporary.path("realm-e2e")
        let wrote = try Tool.run("realm-schema", ["codegen", Repository.exampleSchemas, "-o", "out", "--error-format", "json"],
                                 in: directory)
        #expect(wrote.status == 0, "\(wrote.stderr)")
        #expect(try kinds(wrote.stderr) == ["wrote", "wrote"], "\(wrote.stderr)")
        try "// changed\n".write(toFile: directory + "/out/people.swift", atomically: true, encoding: .utf8)
        let stale = try Tool.run("realm-schema", ["codegen", Repository.exampleSchemas, "-o", "out", "--check",
                                                  "--error-format", "json"], in: directory)
        #expect(stale.status == 1)
        #expect(stale.stderr.hasPrefix(#"{"severity":"error","kind":"stale","message":"generated file is stale; "#), "\(stale.stderr)")
        let usage = try Tool.run("realm-schema", ["codegen", "--acess", "public", "--error-format", "json"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains(#""message":"Unknown option '--acess'; did you mean '--access'?""#), "\(usage.stderr)")
        let subcommand = try Tool.run("realm-schema", ["nope", "--error-format", "json"])
        #expect(subcommand.status == 64)
        #expect(try kinds(subcommand.stderr) == ["usage"])
        let misspelt = try Tool.run("realm-schema", ["codgen", "x.yaml"])
        #expect(misspelt.status == 64 && misspelt.stderr.hasPrefix("Error: Unknown subcommand 'codgen'; did you mean 'codegen'?\n"),
                "\(misspelt.stderr)")
    }
}
