@testable import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// The structure of generated JSON Schemas (what they accept is checked by
/// `JSONSchemaValidationTests` with a real validator).
@Suite struct JSONSchemaGeneratorTests {
    typealias S = Snippet

    private let person = ModelSchema(name: "Person", primaryKey: "_id", doc: "A person.", properties: [
        PropertySchema(name: "_id", type: DeclaredType(.objectId), isPrimaryKey: true),
        property("name", .string),
        property("age", .int(.int8), optional: true),
        property("score", .double, default: .double(1.5)),
        property("extra", .mixed),
        property("address", .object("Address"), optional: true),
        property("bestFriend", .object("Person"), optional: true),
        property("dogs", .object("Dog"), .list),
        PropertySchema(name: "fans", type: DeclaredType(.linkingObjects(objectType: "Person", property: "bestFriend"))),
    ])
    private let address = ModelSchema(name: "Address", kind: .embedded, properties: [property("city", .string)])
    private let dog = ModelSchema(name: "Dog", properties: [property("name", .string), property("vet", .object("Vet"), optional: true)])
    private let vet = ModelSchema(name: "Vet", primaryKey: "id", properties: [
        PropertySchema(name: "id", type: DeclaredType(.int(.int)), isPrimaryKey: true),
    ])
    private let reading = ModelSchema(name: "Reading", kind: .asymmetric, properties: [property("value", .float)])

    private var schema: CompiledSchema { CompiledSchema(schemaVersion: 1, models: [person, address, dog, vet, reading]) }

    private func document(_ model: ModelSchema) -> JSONSchemaValue {
        JSONSchemaGenerator().document(for: model, in: schema, id: "\(model.name).schema.json")
    }

    private func keys(_ value: JSONSchemaValue?) -> [String] {
        guard case .object(let members)? = value else {
            return []
        }
        return members.map(\.key)
    }

    @Test func oneFilePerImportableModel() {
        let files = JSONSchemaGenerator().generate(schema)
        #expect(files.map(\.path) == ["Person.schema.json", "Dog.schema.json", "Vet.schema.json", "Reading.schema.json"])
        #expect(files.allSatisfy { $0.contents.hasSuffix("}\n") })
        #expect(files == JSONSchemaGenerator().generate(schema))
    }

    @Test func rootKeysInOrder() {
        let root = document(person)
        #expect(keys(root) == ["$schema", "$id", "title", "description", "type", "properties", "required",
                               "additionalProperties", "$defs"])
        #expect(root["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(root["$id"] == .string("Person.schema.json"))
        #expect(root["additionalProperties"] == .bool(true))
    }

    @Test func requiredAreNonOptionalPropertiesWithoutDefaults() {
        #expect(document(person)["required"] == .array([.string("_id"), .string("name")]))
        #expect(document(reading)["required"] == .array([.string("value")]))
    }

    @Test func linkingObjectsAreLeftOut() {
        #expect(keys(document(person)["properties"]) == ["_id", "name", "age", "score", "extra", "address", "bestFriend", "dogs"])
    }

    @Test func embeddedModelsAndUsedValueTypesInDefs() {
        #expect(keys(document(person)["$defs"]) == ["Address", "ejson.int8", "ejson.double", "ejson.objectId"])
        #expect(keys(document(dog)["$defs"]) == ["ejson.int"])
        #expect(keys(document(vet)["$defs"]) == ["ejson.int"])
        #expect(keys(document(reading)["$defs"]) == ["ejson.float"])
    }

    @Test func linksAreNestedObjectsOrPrimaryKeysOrExportReferences() {
        let objectId = JSONSchemaBuilding.reference("#/$defs/ejson.objectId")
        let properties = document(person)["properties"]
        #expect(properties?["bestFriend"] == .object([JSONMember("anyOf", .array([
            JSONSchemaBuilding.reference("#"), objectId,
            JSONSchemaModelBuilder.exportReference("Person", id: JSONSchemaBuilding.nullable(objectId)),
            JSONSchemaBuilding.type("null"),
        ]))]))
        #expect(properties?["address"] == .object([JSONMember("anyOf", .array([
            JSONSchemaBuilding.reference("#/$defs/Address"), JSONSchemaBuilding.type("null"),
        ]))]))
        #expect(properties?["dogs"] == .object([
            JSONMember("type", .array([.string("array"), .string("null")])),
            JSONMember("items", .object([JSONMember("anyOf", .array([
                JSONSchemaBuilding.reference("Dog.schema.json"),
                JSONSchemaModelBuilder.exportReference("Dog", id: JSONSchemaModelBuilder.exportID),
            ]))])),
        ]))
        let int = JSONSchemaBuilding.reference("#/$defs/ejson.int")
        #expect(document(dog)["properties"]?["vet"] == .object([JSONMember("anyOf", .array([
            JSONSchemaBuilding.reference("Vet.schema.json"), int,
            JSONSchemaModelBuilder.exportReference("Vet", id: JSONSchemaBuilding.nullable(int)),
            JSONSchemaBuilding.type("null"),
        ]))]))
    }

    @Test func keylessModelsTakeTheExportID() {
        #expect(keys(document(dog)["properties"]).first == "$id")
        #expect(keys(document(person)["properties"]).first == "_id")
        #expect(!keys(document(reading)["properties"]).contains("$id"))
    }

    @Test func fileSizeDoesNotGrowWithTheLinkedGraph() {
        // A chain of 200 linked models: every file describes its own model only.
        let chain = (0..<200).map { index in
            ModelSchema(name: "M\(index)", properties: [property("next", .object("M\((index + 1) % 200)"), optional: true)])
        }
        let files = JSONSchemaGenerator().generate(CompiledSchema(models: chain))
        #expect(files.count == 200)
        #expect(files.allSatisfy { $0.contents.utf8.count < 1_000 })
    }

    @Test func scalarsDefaultsAndMixed() {
        let properties = document(person)["properties"]
        #expect(properties?["name"] == JSONSchemaBuilding.type("string"))
        #expect(properties?["extra"] == .object([]))
        #expect(properties?["score"] == .object([
            JSONMember("$ref", .string("#/$defs/ejson.double")), JSONMember("default", .number(1.5)),
        ]))
    }

    @Test func collectionsAndOptionalElements() {
        let model = ModelSchema(name: "Bag", properties: [
            property("tags", .string, .set, optional: true, doc: "Tags."),
            property("counts", .int(.int32), .map),
            property("flags", .bool, .list, enum: nil),
        ])
        let properties = JSONSchemaGenerator().document(for: model, in: CompiledSchema(models: [model]), id: "Bag")["properties"]
        #expect(properties?["tags"] == .object([
            JSONMember("description", .string("Tags.")),
            JSONMember("type", .array([.string("array"), .string("null")])),
            JSONMember("items", .object([JSONMember("type", .array([.string("string"), .string("null")]))])),
        ]))
        #expect(properties?["counts"] == .object([
            JSONMember("type", .array([.string("object"), .string("null")])),
            JSONMember("additionalProperties", JSONSchemaBuilding.reference("#/$defs/ejson.int32")),
        ]))
    }

    @Test func enumsListTheirValuesAndIntegersMayBeWrapped() {
        #expect(JSONSchemaModelBuilder.enumSchema([.string("a"), .string("b")])
            == .object([JSONMember("enum", .array([.string("a"), .string("b")]))]))
        let wrapped = JSONSchemaModelBuilder.enumSchema([.int(1), .int(5_000_000_000)])
        #expect(wrapped == .object([JSONMember("anyOf", .array([
            .object([JSONMember("enum", .array([.integer(1), .integer(5_000_000_000)]))]),
            JSONSchemaBuilding.wrapper("$numberInt", .object([JSONMember("enum", .array([.string("1")]))])),
            JSONSchemaBuilding.wrapper("$numberLong", .object([JSONMember("enum", .array([.string("1"), .string("5000000000")]))])),
        ]))]))
    }

    @Test func nullableSpellings() {
        #expect(JSONSchemaBuilding.nullable(.object([])) == .object([]))
        #expect(JSONSchemaBuilding.nullable(.object([JSONMember("enum", .array([.string("a")]))]))
            == .object([JSONMember("enum", .array([.string("a"), .null]))]))
        #expect(JSONSchemaBuilding.nullable(JSONSchemaBuilding.reference("#"))
            == .object([JSONMember("anyOf", .array([JSONSchemaBuilding.reference("#"), JSONSchemaBuilding.type("null")]))]))
    }

    @Test func prettyPrinting() {
        let value = JSONSchemaValue.object([
            JSONMember("a", .array([.string("x\"\n\u{1}"), .null])), JSONMember("b", .object([])), JSONMember("c", .array([])),
            JSONMember("d", .array([.object([JSONMember("e", .number(3.4028234663852886e38))]), .integer(-1)])),
            JSONMember("f", .number(2)), JSONMember("g", .bool(false)),
        ])
        #expect(value.prettyPrinted == """
            {
              "a": ["x\\"\\n\\u0001", null],
              "b": {},
              "c": [],
              "d": [
                {
                  "e": 3.4028234663852886e+38
                },
                -1
              ],
              "f": 2,
              "g": false
            }

            """)
    }
}
