import Foundation
import RealmStore
import TestSupport
import Testing

/// `realm.schema` as Realm Swift's `Schema`: `objectSchema`, `subscript(className:)`,
/// `description`, equality, and `Property.columnName`/`description`.
@Suite struct SchemaIntrospectionTests {
    @Test func theSchemaListsTheFilesModelsWithTheirProperties() throws {
        let url = try Temporary.fileURL("s.realm", prefix: "realm-schema")
        do {
            let reflected = try Realm(configuration: Realm.Configuration(
                fileURL: url, objectTypes: [RDog.self, RPerson.self, RAddress.self, RReading.self]))
            #expect(Set(reflected.schema.objectSchema.map(\.className)) == ["RDog", "RPerson", "RAddress", "RReading"])
        }
        let realm = try openRealm(url)
        // The file's models, also those the configuration does not list.
        #expect(Set(realm.schema.objectSchema.map(\.className))
            == ["RDog", "RPerson", "RAddress", "RReading", "Owner", "Pet", "Place"])
        #expect(realm.schema["Owner"] == Owner().objectSchema)
        #expect(realm.schema["Nope"] == nil)
        let dog = try #require(realm.schema["RDog"])
        #expect(dog.properties.map(\.name) == RDog().objectSchema.properties.map(\.name))
        #expect(dog["storedElsewhere"]?.columnName == "stored_elsewhere" && dog["name"]?.columnName == "name")
        #expect(dog.primaryKeyProperty?.name == "id" && dog.primaryKeyProperty?.isIndexed == true)
        let owners = try #require(realm.schema["Pet"]?["owners"])
        #expect(owners.type == .linkingObjects && owners.isArray && owners.objectClassName == "Owner")
        #expect(realm.schema["Owner"]?["extra"]?.isOptional == true)
        #expect(realm.schema["Place"]?.isEmbedded == true && realm.schema["Owner"]?.isEmbedded == false)
    }

    @Test func schemasOfTheSameModelsAreEqual() throws {
        let first = try openRealm(try makeRealmURL())
        let second = try openRealm(try makeRealmURL())
        #expect(first.schema == second.schema)
        let other = try Realm(configuration: Realm.Configuration(
            fileURL: try Temporary.fileURL("o.realm", prefix: "realm-schema"), objectTypes: [RDog.self, RPerson.self, RAddress.self, RReading.self]))
        #expect(first.schema != other.schema)
    }

    @Test func descriptionsAreRealms() throws {
        let realm = try openRealm(try makeRealmURL())
        let place = """
            Place (embedded) {
            \tcity {
            \t\ttype = string;
            \t\tcolumnName = city;
            \t\tindexed = NO;
            \t\tisPrimary = NO;
            \t\tarray = NO;
            \t\tset = NO;
            \t\tdictionary = NO;
            \t\toptional = NO;
            \t}
            }
            """
        #expect(realm.schema["Place"]?.description == place)
        let owners = """
            owners {
            \ttype = linking objects;
            \tobjectClassName = Owner;
            \tlinkOriginPropertyName = pets;
            \tcolumnName = owners;
            \tindexed = NO;
            \tisPrimary = NO;
            \tarray = YES;
            \tset = NO;
            \tdictionary = NO;
            \toptional = NO;
            }
            """
        #expect(realm.schema["Pet"]?["owners"]?.description == owners)
        #expect(realm.schema["Owner"]?["best"]?.description.contains("\tlinkOriginPropertyName = (null);\n") == true)
        let text = realm.schema.description
        #expect(text.hasPrefix("Schema {\n\tOwner {\n\t\tid {\n\t\t\ttype = int;\n"))
        #expect(text.contains("\n\t}\n\tPet {\n") && text.contains("\n\t}\n\tPlace (embedded) {\n") && text.hasSuffix("\n\t}\n}"))
    }
}

/// `schemaVersionAtURL(_:encryptionKey:)` and `Realm.fileExists(for:)`.
@Suite struct RealmFileInfoTests {
    @Test func theStoredSchemaVersionIsReadWithoutOpeningARealm() throws {
        let url = try makeRealmURL()
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, schemaVersion: 3, objectTypes: [Owner.self, Pet.self, Place.self]))
        }
        #expect(try schemaVersionAtURL(url) == 3)
        let missing = #expect(throws: Realm.Error.self) { try schemaVersionAtURL(url.appendingPathExtension("gone")) }
        #expect(missing?.code == .fileNotFound)
        let text = try makeRealmURL()
        try Data("just text, no store in here at all".utf8).write(to: text)
        let invalid = #expect(throws: Realm.Error.self) { try schemaVersionAtURL(text) }
        #expect(invalid?.code == .invalidDatabase)
        #expect(throws: Realm.Error.self) { try schemaVersionAtURL(url, encryptionKey: Data(count: 64)) }
    }

    @Test func fileExistsFollowsTheFile() throws {
        let url = try makeRealmURL()
        let configuration = Realm.Configuration(fileURL: url, objectTypes: [Owner.self, Pet.self, Place.self])
        #expect(!Realm.fileExists(for: configuration))
        do { _ = try Realm(configuration: configuration) }
        #expect(Realm.fileExists(for: configuration))
        let memory = Realm.Configuration(inMemoryIdentifier: "file-exists-\(UUID())", objectTypes: [Owner.self, Pet.self, Place.self])
        #expect(!Realm.fileExists(for: memory))
        let realm = try Realm(configuration: memory)
        #expect(Realm.fileExists(for: memory) && realm.objects(Owner.self).isEmpty)
    }
}
