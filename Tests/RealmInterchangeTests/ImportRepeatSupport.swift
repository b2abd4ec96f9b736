import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// A document for the repeat tests, written as NDJSON or as BSON (through `BSONWriter`) from
/// the same values.
indirect enum RepeatDoc: Sendable {
    case int(Int64)
    case double(Double)
    case string(String)
    case array([RepeatDoc])
    case doc([(String, RepeatDoc)])

    var json: String {
        switch self {
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "\"\(text)\""
        case .array(let elements): "[" + elements.map(\.json).joined(separator: ", ") + "]"
        case .doc(let fields): "{" + fields.map { "\"\($0.0)\": \($0.1.json)" }.joined(separator: ", ") + "}"
        }
    }

    func write(to writer: BSONWriter) throws {
        switch self {
        case .int(let number): writer.int(number)
        case .double(let number): writer.double(number)
        case .string(let text): writer.string(text)
        case .array(let elements):
            writer.beginArray()
            for element in elements { try element.write(to: writer) }
            try writer.endDocument()
        case .doc(let fields):
            writer.beginDocument()
            for (key, value) in fields {
                try writer.key(key)
                try value.write(to: writer)
            }
            try writer.endDocument()
        }
    }

    static func input(_ documents: [RepeatDoc], bson: Bool) throws -> [UInt8] {
        guard bson else { return Array(documents.map(\.json).joined(separator: "\n").utf8) + [10] }
        var bytes: [UInt8] = []
        for document in documents {
            let writer = BSONWriter()
            try document.write(to: writer)
            bytes += writer.bytes
        }
        return bytes
    }
}

/// What one import did: for comparing runs with and without linking repeats.
struct RepeatOutcome {
    var summary: ImportSummary
    var diagnostics: [String]
    var export: String
    var statements: [String]
    var changes: StoreChanges?
    var linked: Int
    var linkedUnconverted: Int

    func count(_ sql: String) -> Int { statements.filter { $0.hasPrefix(sql) }.count }
}

enum RepeatImport {
    static let schema = """
        models:
          Person:
            primaryKey: id
            properties: { id: int, age: int, dogs: "Dog[]" }
          Dog:
            primaryKey: id
            properties: { id: int, name: string, breed: string?, toys: "Toy[]", tags: "string[]" }
          Toy:
            embedded: true
            properties: { brand: string, price: double }
        """

    /// Imports `documents` into `harness` (a fresh store by default).
    static func run(_ documents: [RepeatDoc], bson: Bool, mode: ImportMode = .upsert, className: String? = "Person",
                    links: Bool, byteLimit: Int? = nil, into harness: ImportHarness? = nil) throws -> RepeatOutcome {
        let harness = try harness ?? ImportHarness(schema)
        let store = try harness.open
        let before = store.version
        let importer = try Importer(store: store, options: ImportOptions(className: className, mode: mode))
        importer.linksRepeats = links
        if let byteLimit { importer.repeats.byteLimit = byteLimit }
        let bytes = try RepeatDoc.input(documents, bson: bson)
        let source = DocumentSource(bytes: bytes, name: bson ? "input.bson" : "input.ndjson", options: importer.sourceOptions)
        let (summary, log) = try store.logStatements {
            try importer.importInput(source)
            return try importer.finish()
        }
        let output = ExportOutput.memory(capacity: 1 << 16)
        try Exporter(store: store, options: ExportOptions(), output: output).export()
        return RepeatOutcome(summary: summary, diagnostics: importer.diagnostics.map(\.description),
                             export: String(decoding: output.bytes, as: UTF8.self), statements: log.statements,
                             changes: try store.changes(from: before, to: store.version), linked: importer.repeats.linked,
                             linkedUnconverted: importer.repeats.linkedUnconverted)
    }

    /// A dog with toys and tags, its content set by `version`.
    static func dog(_ id: Int64, version: Int = 1, extra: [(String, RepeatDoc)] = []) -> RepeatDoc {
        let toys: [RepeatDoc] = (0..<Int(id % 3 + 1)).map {
            .doc([("brand", .string("b\(id)-\($0)")), ("price", .double(Double(id) + 0.5 * Double(version)))])
        }
        return .doc([("id", .int(id)), ("name", .string("dog\(id)v\(version)")), ("toys", .array(toys)),
                      ("tags", .array([.string("t\(version)"), .string("u")]))] + extra)
    }

    static func person(_ id: Int64, _ dogs: [RepeatDoc], age: RepeatDoc = .int(30)) -> RepeatDoc {
        .doc([("id", .int(id)), ("age", age), ("dogs", .array(dogs))])
    }
}
