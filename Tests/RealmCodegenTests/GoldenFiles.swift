import Foundation
import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// The golden-file fixtures: YAML schemas in `Schemas/`, expected output in `Goldens/`.
///
/// Generated Swift is stored as `<name>.swift.golden` so that SwiftPM does not compile it into
/// this test target; JSON Schemas keep their own names. `RECORD_GOLDENS=1` rewrites the goldens
/// from the current generator instead of comparing.
enum GoldenFiles {
    static let testDirectory = Repository.url("Tests/RealmCodegenTests")
    static let schemasDirectory = Repository.codegenSchemas
    static let goldensDirectory = testDirectory.appendingPathComponent("Goldens", isDirectory: true)
    static let golden = ".golden"
    /// The test target that compiles the Swift goldens against RealmStore keeps exact copies.
    static let generatedModelsDirectory = Repository.url("Tests/GeneratedModelTests/Generated")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    }

    /// Every `Schemas/*.yaml`, sorted by name, named `Schemas/<file>` as a user would.
    static func schemaSources() throws -> [SchemaSource] {
        try TestSupport.schemaSources(in: schemasDirectory, prefix: "Schemas/")
    }

    /// The compiled fixture schema; records the diagnostics as an issue when it does not compile.
    static func compiledSchema() throws -> CompiledSchema? {
        let compilation = SchemaCompiler.compile(try schemaSources())
        if compilation.diagnostics.hasErrors || compilation.schema == nil {
            Issue.record("The golden schemas do not compile:\n\(compilation.diagnostics.sorted.map(\.description).joined(separator: "\n"))")
        }
        return compilation.schema
    }

    /// The name a generated file is stored under in `Goldens/<folder>`.
    static func goldenName(for path: String) -> String {
        path.hasSuffix(".swift") ? path + golden : path
    }

    /// Compares `files` with `Goldens/<folder>` (or records them), including files that are
    /// no longer generated.
    static func verify(_ files: [GeneratedFile], folder: String) throws {
        let directory = goldensDirectory.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let expectedNames = Set(files.map { goldenName(for: $0.path) })
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        where !expectedNames.contains(name) {
            if isRecording {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } else {
                Issue.record("Goldens/\(folder)/\(name) is no longer generated; run with RECORD_GOLDENS=1")
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(goldenName(for: file.path))
            if isRecording {
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("Missing golden Goldens/\(folder)/\(url.lastPathComponent); run with RECORD_GOLDENS=1")
                continue
            }
            if expected != file.contents {
                let diff = try unifiedDiff(expected: expected, actual: file.contents, name: file.path)
                Issue.record("Goldens/\(folder)/\(url.lastPathComponent) differs (RECORD_GOLDENS=1 re-records):\n\(diff)")
            }
        }
    }

    /// Compares `files` with their copies in `Tests/GeneratedModelTests/Generated` (or records
    /// them), so the code compiled there is exactly what the generator writes.
    static func verifyCompiledCopies(_ files: [GeneratedFile]) throws {
        let directory = generatedModelsDirectory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            if isRecording {
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if expected != file.contents {
                let diff = try unifiedDiff(expected: expected, actual: file.contents, name: file.path)
                Issue.record("GeneratedModelTests/Generated/\(file.path) differs from the generator (RECORD_GOLDENS=1 re-records):\n\(diff)")
            }
        }
    }

    /// `diff -u` of the expected and the actual text.
    static func unifiedDiff(expected: String, actual: String, name: String) throws -> String {
        let directory = try Temporary.directory("RealmCodegenTests")
        defer { try? FileManager.default.removeItem(at: directory) }
        let expectedURL = directory.appendingPathComponent("expected")
        let actualURL = directory.appendingPathComponent("actual")
        try expected.write(to: expectedURL, atomically: true, encoding: .utf8)
        try actual.write(to: actualURL, atomically: true, encoding: .utf8)
        let result = try Command.run("diff", [
            "-u", "--label", "golden/\(name)", "--label", "generated/\(name)", expectedURL.path, actualURL.path,
        ])
        return result.stdout + result.stderr
    }
}
