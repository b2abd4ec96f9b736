import Foundation
import RealmEngine
@testable import RealmStore
import RealmSchema
import TestSupport
import Testing

/// A Swift model has no way to say that a `data` property keeps a BSON binary subtype; a store
/// whose YAML schema said so keeps it when Swift types open it, also across a schema change.
@Suite struct StoredSubtypeTests {
    final class SubtypeDoc: Object {
        @Persisted(primaryKey: true) var id: Int
        @Persisted var embedding: Data
        @Persisted var title: String
    }

    @Test func aSchemaChangeFromSwiftTypesKeepsAStoredBinarySubtype() throws {
        let url = try Temporary.fileURL("s.realm", prefix: "subtype")
        let stored = try schemaFromYAML("""
            models:
              SubtypeDoc:
                primaryKey: id
                properties:
                  id: int
                  embedding: { type: data, subtype: 9 }
            """)
        #expect(stored.model(named: "SubtypeDoc")?.properties.first { $0.name == "embedding" }?.binarySubtype == 9)
        _ = try Store(path: url.path, schema: stored)
        // The Swift type adds `title`: it no longer agrees with the stored model, and replaces it.
        let merged = try RealmCore.mergedSchema(path: url.path, infos: [TypeInfo.of(SubtypeDoc.self)], version: 1)
        let model = try #require(merged.model(named: "SubtypeDoc"))
        #expect(model.properties.map(\.name) == ["id", "embedding", "title"])
        #expect(model.properties.first { $0.name == "embedding" }?.binarySubtype == 9)
        #expect(model.properties.first { $0.name == "title" }?.binarySubtype == nil)
    }
}
