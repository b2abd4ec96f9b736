import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// Generated classes are written as Realm Swift developers write them: RealmStore finds their
/// properties by reflection, so there is no `persistedProperties()` table.
@Suite struct SwiftModelTableTests {
    @Test func noPropertyTableIsGenerated() {
        let model = ModelSchema(name: "Dog", primaryKey: "_id", properties: [
            property("_id", .uuid),
            property("name", .string),
            PropertySchema(name: "owners", type: DeclaredType(.linkingObjects(objectType: "Dog", property: "friends"))),
            property("friends", .object("Dog"), .list),
        ])
        let text = Snippet.swift(models: [model], access: .public)
        #expect(!text.contains("persistedProperties"))
        #expect(!text.contains("PersistedProperty"))
        #expect(text.hasSuffix("""
                @Persisted public var friends: List<Dog>
            }

            """))
    }
}
