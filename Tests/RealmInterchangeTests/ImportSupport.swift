import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// What one in-process import did.
struct ImportRun {
    var summary: ImportSummary
    var diagnostics: [Diagnostic]

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    var messages: [String] { errors.map(\.message) }
    /// `line:column` of each error.
    var locations: [String] { errors.map { $0.location.map { "\($0.line):\($0.column)" } ?? "-" } }
}

/// A store in a fresh temporary directory, with a schema from YAML, to import into.
final class ImportHarness {
    let directory: String
    let path: String
    let schema: CompiledSchema
    private(set) var store: Store?

    init(_ yaml: String) throws {
        schema = try schemaFromYAML(yaml)
        directory = try Temporary.path("realm-import")
        path = directory + "/store.sqlite"
        store = try Store(path: path, schema: schema)
    }

    deinit {
        store = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The open store (reopened after `close()`).
    var open: Store {
        get throws {
            if let store { return store }
            let reopened = try Store(path: path)
            store = reopened
            return reopened
        }
    }

    /// Closes the store (SQLite checkpoints and removes the WAL).
    func close() {
        store = nil
    }

    /// Imports `json` (any shape) as an input named `input.json`.
    @discardableResult
    func run(_ json: String, _ options: ImportOptions = ImportOptions(), name: String = "input.json") throws -> ImportRun {
        try run(bytes: Array(json.utf8), options, name: name)
    }

    @discardableResult
    func run(bytes: [UInt8], _ options: ImportOptions = ImportOptions(), name: String = "input.json") throws -> ImportRun {
        let importer = try Importer(store: try open, options: options)
        let source = DocumentSource(bytes: bytes, name: name, options: importer.sourceOptions)
        try importer.importInput(source)
        let summary = try importer.finish()
        return ImportRun(summary: summary, diagnostics: importer.diagnostics)
    }

    /// Imports the file at `path`.
    @discardableResult
    func run(file: String, _ options: ImportOptions = ImportOptions()) throws -> ImportRun {
        let importer = try Importer(store: try open, options: options)
        try importer.importInput(try DocumentSource(path: file, options: importer.sourceOptions))
        let summary = try importer.finish()
        return ImportRun(summary: summary, diagnostics: importer.diagnostics)
    }

    /// Every object of a class, in insertion order.
    func objects(_ className: String) throws -> [ObjectKey] {
        try open.objects(className)
    }

    /// One property of the object with primary key `key`.
    func value(_ className: String, _ key: StoreValue, _ property: String) throws -> StoreValue {
        let store = try open
        let object = try #require(try store.object(className, primaryKey: key), "no \(className) \(key)")
        return try store.get(object, property)
    }

    /// One property of the last object of a class.
    func lastValue(_ className: String, _ property: String) throws -> StoreValue {
        let object = try #require(try objects(className).last, "no \(className) object")
        return try open.get(object, property)
    }

    /// Every row of every table, as text: the store's logical content.
    func dump() throws -> String {
        let store = try open
        var lines: [String] = []
        for model in schema.models where model.kind != .asymmetric {
            for object in try store.objects(model.name) {
                lines.append("\(object): " + (try store.values(of: object)).map(\.description).joined(separator: " | "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The column (1-based) of the first occurrence of `culprit` in the one-line `text`.
func column(of culprit: String, in text: String) -> Int {
    guard let range = text.range(of: culprit) else { return 0 }
    return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound) + 1
}

extension ImportHarness {
    /// Imports `json` with documents from `largeDocumentBytes` on leaving their big lists, sets
    /// and maps out of the tree (`SourceOptions.largeDocumentBytes`), so that small inputs
    /// take the path of large documents.
    @discardableResult
    func run(_ json: String, largeDocumentBytes: Int, _ options: ImportOptions = ImportOptions()) throws -> ImportRun {
        let importer = try Importer(store: try open, options: options)
        var sourceOptions = importer.sourceOptions
        sourceOptions.largeDocumentBytes = largeDocumentBytes
        try importer.importInput(DocumentSource(bytes: Array(json.utf8), name: "input.json", options: sourceOptions))
        let summary = try importer.finish()
        return ImportRun(summary: summary, diagnostics: importer.diagnostics)
    }
}
