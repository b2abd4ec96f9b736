import Foundation
@testable import RealmStore
import RealmSchema
import TestSupport
import Testing

/// Models without a persistedProperties() table: their @Persisted properties are found by
/// reflection, in declaration order, superclass first.
@Suite struct ReflectedModelTests {
    private func open(_ types: [ObjectBase.Type]? = [RDog.self, RPerson.self, RAddress.self, RReading.self],
                      _ prefix: String = "reflected") throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: try Temporary.fileURL("r.realm", prefix: prefix), objectTypes: types))
    }

    @Test func propertiesAreFoundInDeclarationOrderSuperclassFirst() {
        let schema = RDog().objectSchema
        #expect(schema.properties.map(\.name) == [
            "id", "name", "age", "weight", "owner", "tags", "nicknames", "scores", "address", "extra", "storedElsewhere",
        ])
        #expect(schema.properties.map(\.typeName) == [
            "int", "string", "int", "double?", "RPerson?", "string[]", "string<>", "int{}", "RAddress?", "mixed", "string",
        ])
        #expect(schema.primaryKeyProperty?.name == "id")
        #expect(schema["name"]?.isIndexed == true && schema["age"]?.isIndexed == false)
        #expect(RAnimal().objectSchema.properties.map(\.name) == ["id", "name"])
        #expect(RPerson().objectSchema["dogs"]?.objectClassName == "RDog")
    }

    @Test func theSchemaMatchesTheSameModelWithATable() {
        #expect(TypeInfo.of(RPerson.self).model == TypeInfo.of(TPerson.self).model)
        #expect(RPerson().objectSchema.description == TPerson().objectSchema.description)
    }

    @Test func propertiesMappingIsReadFromTheClass() throws {
        let realm = try open()
        try realm.write { realm.add(RDog(value: ["id": 1, "storedElsewhere": "kept"])) }
        let stored = try #require(realm.schema["RDog"])
        #expect(stored["storedElsewhere"]?.columnName == "stored_elsewhere")
        #expect(realm.objects(RDog.self).filter("storedElsewhere == 'kept'").count == 1)
    }

    @Test func everyKindOfPropertyRoundTrips() throws {
        let realm = try open()
        let owner = RPerson(value: ["name": "Ann", "age": 40])
        let dog = RDog()
        dog.id = 7
        dog.name = "Rex"
        dog.age = 3
        dog.weight = 12.5
        dog.owner = owner
        dog.tags.append(objectsIn: ["a", "b"])
        dog.nicknames.insert("R")
        dog.scores["x"] = 2
        dog.address = RAddress(value: ["city": "Oslo"])
        dog.extra = .string("any")
        dog.plain = 9
        #expect(dog.doubled == 14 && dog.lazyValue == 5)
        try realm.write { realm.add(dog) }
        let read = try #require(realm.object(ofType: RDog.self, forPrimaryKey: 7))
        #expect(read.name == "Rex" && read.age == 3 && read.weight == 12.5)
        #expect(read.owner?.name == "Ann" && Array(read.tags) == ["a", "b"] && read.nicknames.contains("R"))
        #expect(read.scores["x"] == 2 && read.address?.city == "Oslo" && read.extra == .string("any"))
        #expect(read.storedElsewhere == "x")
        #expect(read.plain == 3, "a plain var is not persisted")
        #expect(owner.dogs.count == 1 && owner.dogs.first?.id == 7)
        try realm.write { read.age = 4; read.weight = nil }
        #expect(realm.objects(RDog.self).first?.age == 4 && realm.objects(RDog.self).first?.weight == nil)
        #expect(read.value(forKey: "age") as? Int == 4)
        try realm.write { read.setValue(5, forKey: "age") }
        #expect(read.age == 5)
    }

    @Test func unmanagedObjectsKeepTheirValuesInTheWrappers() {
        let dog = RDog(value: ["id": 2, "name": "Fido", "tags": ["t"]])
        #expect(dog.id == 2 && dog.name == "Fido" && dog.age == 0 && dog.weight == nil && Array(dog.tags) == ["t"])
        dog.setValue(6, forKey: "age")
        #expect(dog.age == 6 && dog.value(forKey: "name") as? String == "Fido")
        #expect(dog.storedElsewhere == "x")
    }

    @Test func asymmetricObjectsAreCreated() throws {
        let realm = try open()
        try realm.write { realm.create(RReading.self, value: ["value": 2.5]) }
        #expect(realm.schema["RReading"]?.isAsymmetric == true)
        #expect(RReading().objectSchema.properties.map(\.name) == ["_id", "value"])
    }

    @Test func typesAreFoundByUseWithoutObjectTypes() throws {
        let realm = try open(nil, "reflected-nil")
        try realm.write { realm.add(RPerson(value: ["name": "Bo", "age": 9])) }
        #expect(realm.objects(RPerson.self).first?.age == 9)
        #expect(realm.schema["RDog"] != nil, "linked through LinkingObjects")
    }

    @Test func aReflectedModelMigrates() throws {
        let url = try Temporary.fileURL("m.realm", prefix: "reflected-migrate")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [RPerson.self, RDog.self]))
            try realm.write { realm.add(RPerson(value: ["name": "Ann", "age": 40])) }
        }
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [RPersonV2.self])
        configuration.migrationBlock = { migration, _ in
            try? migration.enumerateObjects("RPerson") { old, new in
                guard let new, case .int(let age)? = old["age"] else { return }
                try migration.store.set(new, "age", .value(.string("\(age)")))
            }
        }
        let realm = try Realm(configuration: configuration)
        let person = try #require(realm.objects(RPersonV2.self).first)
        #expect(person.name == "Ann" && person.age == "40" && person.born == nil)
    }

    @Test func aModelWithoutPersistedPropertiesTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RNothing().objectSchema
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("No properties are defined for 'RNothing'. Did you remember to mark them with '@Persisted' in your model?"))
    }
}
