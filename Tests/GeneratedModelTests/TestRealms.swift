import Foundation
import RealmSchema
@testable import RealmStore

/// Temporary store files and the schema of the golden YAML files.
enum TestRealms {
    /// Every model type generated from `Tests/RealmCodegenTests/Schemas`.
    static let types: [ObjectBase.Type] = [
        Person.self, Dog.self, Address.self, Reading.self, Order.self, OrderLine.self, Product.self,
        Note.self, Event.self, AllTypes.self, StringKeyed.self, Defaults.self, Keywords.self,
    ]

    /// The types the test stores hold: all of them.
    static let storedTypes: [ObjectBase.Type] = types

    /// A fresh store path in a new temporary directory.
    static func path() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("test.realm")
    }

    /// The configuration of a Realm holding every generated type.
    static func configuration(_ url: URL) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: storedTypes)
    }

    /// The schema compiled from the golden YAML files.
    static func yamlSchema() throws -> Schema {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RealmCodegenTests/Schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let sources = try names.map { name in
            SchemaSource(path: "Schemas/\(name)", text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
        let compilation = SchemaCompiler.compile(sources)
        guard let schema = compilation.schema else {
            throw StoreError(.invalidValue, compilation.diagnostics.all.map(\.description).joined(separator: "\n"))
        }
        return schema
    }
}
