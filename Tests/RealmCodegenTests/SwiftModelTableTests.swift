import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// The static property table at the end of every generated class: RealmStore reads the
/// schema from it instead of reflecting over the class.
@Suite struct SwiftModelTableTests {
    @Test func everyPropertyInDeclarationOrder() {
        let model = ModelSchema(name: "Dog", primaryKey: "_id", properties: [
            property("_id", .uuid),
            property("name", .string),
            PropertySchema(name: "owners", type: PropertyType(.linkingObjects(objectType: "Dog", property: "friends"))),
            property("friends", .object("Dog"), .list),
        ])
        let text = Snippet.swift(models: [model], withTables: true)
        #expect(text.hasSuffix("""
                override class func persistedProperties() -> [PersistedProperty] {
                    [
                        PersistedProperty("_id", \\Dog._id),
                        PersistedProperty("name", \\Dog.name),
                        PersistedProperty("owners", \\Dog.owners),
                        PersistedProperty("friends", \\Dog.friends),
                    ]
                }
            }

            """))
    }

    @Test func oneRowFitsOnOneLineAndAccessIsKept() {
        let model = ModelSchema(name: "Tag", properties: [property("label", .string)])
        let text = Snippet.swift(models: [model], access: .public, withTables: true)
        #expect(text.contains(#"    public override class func persistedProperties() -> [PersistedProperty] { [PersistedProperty("label", \Tag.label)] }"#))
    }

    @Test func namesAKeyPathCannotSpellGoThroughSelf() {
        let model = ModelSchema(name: "Item", properties: [
            property("Type", .double),
            property("default", .int(.int)),
        ])
        let text = Snippet.swift(models: [model], withTables: true)
        #expect(text.contains(#"PersistedProperty("Type", \Item.self.`Type`),"#))
        #expect(text.contains(#"PersistedProperty("default", \Item.`default`),"#))
    }
}
