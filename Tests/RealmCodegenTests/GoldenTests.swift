import Foundation
import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// Whole files: the YAML schemas in `Schemas/` → `Goldens/`; each golden Swift file must also
/// pass `swiftc -parse`.
@Suite(.serialized) struct GoldenTests {
    @Test func swiftModels() throws {
        guard let schema = try GoldenFiles.compiledSchema() else {
            return
        }
        let files = SwiftModelGenerator().generate(schema)
        try GoldenFiles.verify(files, folder: "Swift")
        try GoldenFiles.verifyCompiledCopies(files)
    }

    @Test func publicSwiftModels() throws {
        guard let schema = try GoldenFiles.compiledSchema() else {
            return
        }
        try GoldenFiles.verify(SwiftModelGenerator(access: .public).generate(schema), folder: "SwiftPublic")
    }

    @Test func jsonSchemas() throws {
        guard let schema = try GoldenFiles.compiledSchema() else {
            return
        }
        try GoldenFiles.verify(JSONSchemaGenerator().generate(schema), folder: "JSONSchema")
    }

    @Test(arguments: ["Swift", "SwiftPublic"])
    func goldenSwiftParses(folder: String) throws {
        let directory = GoldenFiles.goldensDirectory.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift" + GoldenFiles.golden) }.sorted()
        #expect(!names.isEmpty, "no golden Swift files in Goldens/\(folder)")
        let scratch = try Temporary.directory("RealmCodegenTests")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var paths: [String] = []
        for name in names {
            let copy = scratch.appendingPathComponent(String(name.dropLast(GoldenFiles.golden.count)))
            try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: copy)
            paths.append(copy.path)
        }
        let result = try Command.run("swiftc", ["-parse"] + paths)
        #expect(result.status == 0, "swiftc -parse failed:\n\(result.stderr)")
        #expect(result.stderr.isEmpty, "swiftc -parse warned:\n\(result.stderr)")
    }
}
