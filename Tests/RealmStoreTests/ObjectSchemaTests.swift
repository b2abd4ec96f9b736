import Foundation
import RealmStore
import Testing

/// `objectSchema`, `Property` and `PropertyType` as Realm Swift exposes them.
@Suite struct ObjectSchemaTests {
    @Test func propertiesHaveRealmsTypes() throws {
        let schema = Owner().objectSchema
        #expect(schema.className == "Owner" && !schema.isEmbedded && !schema.isAsymmetric)
        #expect(schema.primaryKeyProperty?.name == "id")
        let types = Dictionary(uniqueKeysWithValues: schema.properties.map { ($0.name, $0.type) })
        #expect(types == ["id": .int, "name": .string, "pets": .object, "tags": .string, "scores": .int,
                          "best": .object, "home": .object, "extra": .any])
        #expect(schema["pets"]?.isArray == true && schema["pets"]?.objectClassName == "Pet")
        #expect(schema["tags"]?.isSet == true && schema["scores"]?.isMap == true)
        #expect(schema["best"]?.isOptional == true && schema["name"]?.isOptional == false)
        let pet = Pet().objectSchema
        #expect(pet["owners"]?.type == .linkingObjects && pet["weight"]?.type == .double && pet["weight"]?.isOptional == true)
        #expect(Place().objectSchema.isEmbedded)
        #expect(PropertyType.UUID.rawValue == 12 && PropertyType.any.rawValue == 9 && PropertyType.object.rawValue == 7)
        #expect(Owner().objectSchema == Owner().objectSchema && Owner().objectSchema != pet)
    }
}
