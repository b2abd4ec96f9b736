import Foundation
import RealmStore
import TestSupport
import Testing

/// The generated `GeneratedSchema`: a Realm opens with it without repeating the schema.
@Suite struct GeneratedSchemaEnumTests {
    @Test func itCarriesTheSchemaVersionAndEveryModelType() throws {
        #expect(GeneratedSchema.schemaVersion == 1)
        #expect(Set(GeneratedSchema.objectTypes.map { $0.className() }) == Set(TestRealms.types.map { $0.className() }))
        var configuration = GeneratedSchema.configuration
        #expect(configuration.schemaVersion == 1 && configuration.objectTypes?.count == TestRealms.types.count)
        configuration.fileURL = try TestRealms.path()
        let realm = try Realm(configuration: configuration)
        #expect(realm.store.schema.schemaVersion == 1)
        #expect(Set(realm.schema.objectSchema.map(\.className)).isSuperset(of: ["Person", "Dog", "Keywords", "Defaults"]))
        try realm.write { realm.add(Dog(value: ["name": "Rex"])) }
        #expect(realm.objects(Dog.self).count == 1)
    }
}
