import Foundation
import RealmStore
import TestSupport
import Testing

/// A model that names its primary key, indexes and ignored properties with Realm Swift's class
/// functions instead of the wrappers' options.
final class DeclaredKeyItem: Object {
    @Persisted var code = ""
    @Persisted var title = ""
    @Persisted var scratch = 0
    override class func primaryKey() -> String? { "code" }
    override class func indexedProperties() -> [String] { ["title"] }
    override class func ignoredProperties() -> [String] { ["scratch"] }
}

final class DeclaredMissingKey: Object {
    @Persisted var name = ""
    override class func primaryKey() -> String? { "id" }
}

final class DeclaredDoubleKey: Object {
    @Persisted var value = 0.0
    override class func primaryKey() -> String? { "value" }
}

@Suite struct ClassDeclaredSchemaTests {
    @Test func primaryKeyIndexedAndIgnoredPropertiesShapeTheSchema() throws {
        #expect(Object.primaryKey() == nil)
        #expect(DeclaredKeyItem.primaryKey() == "code")
        let schema = try #require(DeclaredKeyItem.sharedSchema())
        #expect(schema.properties.map(\.name) == ["code", "title"])
        #expect(schema.primaryKeyProperty?.name == "code")
        #expect(schema["title"]?.isIndexed == true)
        #expect(DeclaredKeyItem().objectSchema == schema)

        let realm = try makeRealm([DeclaredKeyItem.self])
        try realm.write {
            realm.create(DeclaredKeyItem.self, value: ["code": "a", "title": "first"])
            realm.create(DeclaredKeyItem.self, value: ["code": "a", "title": "again"], update: .modified)
        }
        #expect(realm.objects(DeclaredKeyItem.self).count == 1)
        #expect(realm.object(ofType: DeclaredKeyItem.self, forPrimaryKey: "a")?.title == "again")
        #expect(realm.schema["DeclaredKeyItem"]?.primaryKeyProperty?.name == "code")
    }

    @Test func aPrimaryKeyThatIsMissingOrOfTheWrongTypeTrapsWithRealmsMessage() async {
        let missing = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DeclaredMissingKey.sharedSchema()
        }
        #expect(standardError(missing).contains("Primary key property 'id' does not exist on object 'DeclaredMissingKey'"))
        let double = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DeclaredDoubleKey.sharedSchema()
        }
        #expect(standardError(double).contains("Property 'value' cannot be made the primary key of 'DeclaredDoubleKey' because it is not a 'string', 'int', 'objectId', or 'uuid' property."))
    }
}
