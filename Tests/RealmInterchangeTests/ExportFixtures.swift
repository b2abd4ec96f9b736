import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Helpers of the export tests: exporting into memory, importing with the real importer, the
/// schema `realm-schema dump` gives, and a readable first difference between two exports.
enum ExportFixtures {
    /// The export of `store` with `options`, as text (a small output buffer, so flushing is
    /// exercised too).
    static func export(_ store: Store, _ options: ExportOptions) throws -> String {
        let output = ExportOutput.memory(capacity: 4096)
        try Exporter(store: store, options: options, output: output).export()
        return output.text
    }

    /// The outbox export of `store`.
    static func exportOutbox(_ store: Store, className: String? = nil, drain: Bool) throws -> (text: String, count: Int) {
        let output = ExportOutput.memory()
        let options = ExportOptions(classes: className.map { [$0] } ?? [], shape: .ndjson, mode: .canonical)
        let count = try Exporter(store: store, options: options, output: output).exportOutbox(drain: drain)
        return (output.text, count)
    }

    /// A new store at `path` with `schema`, holding what `realm-import` makes of `text`.
    static func importStore(_ text: String, path: String, schema: CompiledSchema, className: String? = nil,
                            seed: UInt64? = nil) throws -> Store {
        let store = try Store(path: path, schema: schema)
        let importer = try Importer(store: store, options: ImportOptions(className: className))
        try importer.importInput(DocumentSource(bytes: Array(text.utf8), name: "export.json", options: importer.sourceOptions))
        let summary = try importer.finish()
        let errors = importer.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "seed \(seed.map(String.init) ?? "-"): \(errors.prefix(5).map(\.description))")
        #expect(summary.committed)
        return store
    }

    /// The schema `realm-schema dump --store PATH` prints for the store file at `path` (the
    /// tool's `SchemaYAMLWriter` text), compiled by `SchemaCompiler` as `realm-import --schema`
    /// compiles it. The tool is built with the package's tests (EndToEndTests runs it); it sits
    /// beside the test bundle.
    static func dumpedSchema(ofStoreAt path: String) throws -> CompiledSchema {
        let dump = try Tool.run("realm-schema", ["dump", "--store", path])
        try #require(dump.status == 0, "realm-schema dump: \(dump.stderr)")
        return try schemaFromYAML(dump.stdout, path: "dumped.yaml")
    }

    /// Where two texts first differ, with some context, for failure messages.
    static func firstDifference(_ first: String, _ second: String) -> String {
        let a = Array(first.utf8), b = Array(second.utf8)
        guard let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] })
                ?? (a.count == b.count ? nil : min(a.count, b.count)) else {
            return "identical"
        }
        let start = max(0, index - 120)
        let left = String(decoding: a[start..<min(a.count, index + 80)], as: UTF8.self)
        let right = String(decoding: b[start..<min(b.count, index + 80)], as: UTF8.self)
        return "byte \(index):\n  first:  …\(left)…\n  second: …\(right)…"
    }
}
