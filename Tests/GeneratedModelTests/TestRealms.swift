import Foundation
import RealmSchema
@testable import RealmStore
import TestSupport
import Testing

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
        try Temporary.fileURL("test.realm", prefix: "generated")
    }

    /// The configuration of a Realm holding every generated type.
    static func configuration(_ url: URL) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: storedTypes)
    }

    /// The schema compiled from the golden YAML files.
    static func yamlSchema() throws -> CompiledSchema {
        try schemaFromSources(try schemaSources(in: Repository.codegenSchemas, prefix: "Schemas/"))
    }
}
