import RealmSchema
import Testing

/// The reference example (docs/schema-rules.md, section 1.6) loads into exactly the expected schema.
@Suite struct SpecExampleTests {
    static let yaml = """
        schemaVersion: 1
        models:
          Person:
            primaryKey: _id
            doc: A person who owns dogs.          # carried into the Swift doc comment
            properties:
              _id: objectId
              name: string
              age: int?                         # '?' optional
              nicknames: string<>               # MutableSet<String>
              scores: double{}                  # Map<String, Double>
              dogs: Dog[]                       # List<Dog>
              address: Address?                 # embedded to-one (Address is embedded)
              bestFriend: Person?               # to-one link
              extra: mixed                      # AnyRealmValue
              status: { type: string, enum: [active, retired], default: active }
              bio: { type: string?, indexed: fulltext }
              createdAt: { type: date, indexed: true, mapTo: created_at }
          Dog:
            primaryKey: _id
            properties:
              _id: uuid
              name: string
              owners: { type: linkingObjects, objectType: Person, property: dogs }
          Address:
            embedded: true
            properties: { street: string, city: string }
          Reading:
            asymmetric: true
            primaryKey: _id
            properties: { _id: objectId, value: double }
        """

    static func at(_ line: Int, _ column: Int) -> RealmSchema.SourceLocation {
        RealmSchema.SourceLocation(file: "schema.yaml", line: line, column: column)
    }

    @Test func loadsTheExpectedSchema() throws {
        let schema = try #require(compileValid(Self.yaml))
        let at = Self.at
        let person = ModelSchema(
            name: "Person", kind: .object, primaryKey: "_id", doc: "A person who owns dogs.",
            properties: [
                PropertySchema(name: "_id", type: DeclaredType(.objectId), isPrimaryKey: true, location: at(7, 7)),
                PropertySchema(name: "name", type: DeclaredType(.string), location: at(8, 7)),
                PropertySchema(name: "age", type: DeclaredType(.int(.int), isOptional: true), location: at(9, 7)),
                PropertySchema(name: "nicknames", type: DeclaredType(.string, collection: .set), location: at(10, 7)),
                PropertySchema(name: "scores", type: DeclaredType(.double, collection: .map), location: at(11, 7)),
                PropertySchema(name: "dogs", type: DeclaredType(.object("Dog"), collection: .list), location: at(12, 7)),
                PropertySchema(name: "address", type: DeclaredType(.object("Address"), isOptional: true), location: at(13, 7)),
                PropertySchema(name: "bestFriend", type: DeclaredType(.object("Person"), isOptional: true), location: at(14, 7)),
                PropertySchema(name: "extra", type: DeclaredType(.mixed), location: at(15, 7)),
                PropertySchema(name: "status", type: DeclaredType(.string), defaultValue: .string("active"),
                               enumValues: [.string("active"), .string("retired")], location: at(16, 7)),
                PropertySchema(name: "bio", type: DeclaredType(.string, isOptional: true), indexed: .fulltext,
                               location: at(17, 7)),
                PropertySchema(name: "createdAt", type: DeclaredType(.date), indexed: .regular, mapTo: "created_at",
                               location: at(18, 7)),
            ],
            location: at(3, 3), sourceFile: "schema.yaml")
        let dog = ModelSchema(
            name: "Dog", primaryKey: "_id",
            properties: [
                PropertySchema(name: "_id", type: DeclaredType(.uuid), isPrimaryKey: true, location: at(22, 7)),
                PropertySchema(name: "name", type: DeclaredType(.string), location: at(23, 7)),
                PropertySchema(name: "owners", type: DeclaredType(.linkingObjects(objectType: "Person", property: "dogs")),
                               location: at(24, 7)),
            ],
            location: at(19, 3), sourceFile: "schema.yaml")
        let address = ModelSchema(
            name: "Address", kind: .embedded,
            properties: [
                PropertySchema(name: "street", type: DeclaredType(.string), location: at(27, 19)),
                PropertySchema(name: "city", type: DeclaredType(.string), location: at(27, 35)),
            ],
            location: at(25, 3), sourceFile: "schema.yaml")
        let reading = ModelSchema(
            name: "Reading", kind: .asymmetric, primaryKey: "_id",
            properties: [
                PropertySchema(name: "_id", type: DeclaredType(.objectId), isPrimaryKey: true, location: at(31, 19)),
                PropertySchema(name: "value", type: DeclaredType(.double), location: at(31, 34)),
            ],
            location: at(28, 3), sourceFile: "schema.yaml")
        #expect(schema.schemaVersion == 1)
        #expect(schema.models.map(\.name) == ["Person", "Dog", "Address", "Reading"])
        #expect(schema.models[0] == person)
        #expect(schema.models[1] == dog)
        #expect(schema.models[2] == address)
        #expect(schema.models[3] == reading)
        #expect(schema.model(named: "Person")?.primaryKeyProperty?.name == "_id")
        #expect(schema.model(named: "Dog")?.persistedProperties.map(\.name) == ["_id", "name"])
    }
}
