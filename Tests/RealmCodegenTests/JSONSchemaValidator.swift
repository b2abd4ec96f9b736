import Foundation
import RealmCodegen
import TestSupport
import Testing

/// Runs `validate_json_schema.py` (Python's `jsonschema`, draft 2020-12) over sample documents.
enum JSONSchemaValidator {
    static let script = GoldenFiles.testDirectory.appendingPathComponent("validate_json_schema.py")

    /// One document's verdict.
    struct Verdict: Decodable {
        var valid: Bool
        var errors: [String]
    }

    /// Whether `python3` can import `jsonschema`; records a failing issue that says how to fix it
    /// when it cannot (the validation tests must never pass silently without a validator).
    static func requireJSONSchemaPackage() throws -> Bool {
        let result = try Command.run("python3", ["-c", "import jsonschema, referencing"])
        if result.status != 0 {
            Issue.record("""
                The JSON Schema tests need Python 3 with the jsonschema package \
                (install it with `pip install jsonschema`, as the Makefile does): \
                \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
                """)
            return false
        }
        return true
    }

    /// Writes `files` into a new temporary directory and returns it.
    static func write(_ files: [GeneratedFile]) throws -> URL {
        let directory = try Temporary.directory("RealmCodegenTests")
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Validates each JSON text in `documents` against the schema file; one verdict each.
    static func validate(_ documents: [String], against schema: URL) throws -> [Verdict] {
        let directory = try Temporary.directory("RealmCodegenTests")
        defer { try? FileManager.default.removeItem(at: directory) }
        let documentsURL = directory.appendingPathComponent("documents.json")
        try ("[\n" + documents.joined(separator: ",\n") + "\n]\n").write(to: documentsURL, atomically: true, encoding: .utf8)
        let result = try Command.run("python3", [script.path, schema.path, documentsURL.path])
        guard result.status == 0 else {
            Issue.record("validate_json_schema.py failed (status \(result.status)) on \(schema.lastPathComponent):\n\(result.stderr)")
            return []
        }
        return try JSONDecoder().decode([Verdict].self, from: Data(result.stdout.utf8))
    }
}
