import RealmSchema
import TestSupport
import Testing

/// Schemas Realm accepts load without any diagnostic, with the expected shape.
@Suite struct ValidSchemaTests {
    @Test func nameLengthLimitsAreInclusive() throws {
        let className = String(repeating: "C", count: 57)
        let propertyName = String(repeating: "p", count: 63)
        let schema = try #require(compileValid("""
            models:
              \(className):
                properties:
                  \(propertyName): int
                  short: {type: int, mapTo: \(String(repeating: "m", count: 63))}
            """))
        #expect(schema.models[0].name.utf8.count == 57)
        #expect(schema.models[0].properties.map(\.storedName.utf8.count) == [63, 63])
    }

    @Test func storedNamesAreMeasuredInUTF8Bytes() {
        let fits = String(repeating: "é", count: 31) + "a"
        let tooLong = String(repeating: "é", count: 32)
        _ = compileValid("models:\n  A: {properties: {x: {type: int, mapTo: \(fits)}}}\n")
        let result = compile("models:\n  A: {properties: {x: {type: int, mapTo: \(tooLong)}}}\n")
        #expect(errorLines(result) == ["2:42: Name too long: \(tooLong)"])
        #expect(result.diagnostics.errors.first?.notes == ["stored property names are limited to 63 UTF-8 bytes; this one has 64"])
    }

    @Test func embeddedLoopThroughATopLevelTypeIsAccepted() throws {
        let schema = try #require(compileValid("""
            models:
              A:
                embedded: true
                properties: {b: B?}
              B:
                properties: {a: A?}
            """))
        #expect(schema.models.map(\.kind) == [.embedded, .object])
    }

    @Test func twoPathsToOneEmbeddedTypeAreNotACycle() {
        _ = compileValid("""
            models:
              Top:
                properties: {a: A?, b: B?}
              A:
                embedded: true
                properties: {c: C?, b: B?}
              B:
                embedded: true
                properties: {c: "C[]"}
              C:
                embedded: true
                properties: {x: int}
            """)
    }

    @Test func orphanEmbeddedTypesAreAccepted() throws {
        let schema = try #require(compileValid("""
            models:
              Orphan:
                embedded: true
                properties: {x: int}
            """))
        #expect(schema.models[0].kind == .embedded)
    }

    @Test func collectionsOfOptionalValuesAndEmbeddedObjects() throws {
        let schema = try #require(compileValid("""
            models:
              Owner:
                properties:
                  byName: "Dog?{}"
                  scores: "int?[]"
                  addrs: "Addr[]"
                  addrByName: "Addr?{}"
                  tags: "string?<>"
                  anything: "mixed{}"
              Dog:
                properties: {name: string}
              Addr:
                embedded: true
                properties: {city: string}
            """))
        #expect(schema.models[0].properties.map(\.type) == [
            DeclaredType(.object("Dog"), collection: .map, isOptional: true),
            DeclaredType(.int(.int), collection: .list, isOptional: true),
            DeclaredType(.object("Addr"), collection: .list),
            DeclaredType(.object("Addr"), collection: .map, isOptional: true),
            DeclaredType(.string, collection: .set, isOptional: true),
            DeclaredType(.mixed, collection: .map),
        ])
    }

    @Test func primaryKeysOfEveryAllowedType() throws {
        let schema = try #require(compileValid("""
            models:
              A: {primaryKey: id, properties: {id: objectId?}}
              B: {primaryKey: id, properties: {id: int8}}
              C: {primaryKey: id, properties: {id: {type: string, indexed: true, enum: [x, y]}}}
              D: {primaryKey: id, properties: {id: uuid}}
            """))
        #expect(schema.models.map { $0.primaryKeyProperty?.type.description } == ["objectId?", "int8", "string", "uuid"])
        #expect(schema.models.allSatisfy { $0.properties[0].isPrimaryKey })
    }

    @Test func expandedFormOptionalKeywordAndKeywordNames() throws {
        let schema = try #require(compileValid("""
            models:
              class:
                doc: |
                  Keywords are fine as names;
                  codegen escapes them.
                properties:
                  default: {type: int, optional: true, doc: The default.}
                  self: {type: class, optional: true}
                  indexedDate: {type: date, indexed: true}
                  flags: {type: "bool[]", optional: false}
            """))
        let model = schema.models[0]
        #expect(model.doc == "Keywords are fine as names;\ncodegen escapes them.\n")
        #expect(model.properties.map(\.type.description) == ["int?", "class?", "date", "bool[]"])
        #expect(model.properties[0].doc == "The default.")
        #expect(model.properties[2].indexed == .regular)
    }

    @Test func modelsMayLinkAcrossFilesAndKeepFileOrder() throws {
        let result = SchemaCompiler.compile([
            SchemaSource(path: "people.yaml", text: """
                schemaVersion: 3
                models:
                  Person: {properties: {dogs: "Dog[]", name: string}}
                  Team: {properties: {members: "Person[]"}}
                """),
            SchemaSource(path: "dogs.yaml", text: """
                models:
                  Dog:
                    properties:
                      owners: {type: linkingObjects, objectType: Person, property: dogs}
                      name: string
                """),
        ])
        #expect(result.diagnostics.all.isEmpty)
        let schema = try #require(result.schema)
        #expect(schema.schemaVersion == 3)
        #expect(schema.models.map(\.name) == ["Person", "Team", "Dog"])
        #expect(schema.models.map(\.sourceFile) == ["people.yaml", "people.yaml", "dogs.yaml"])
    }

    @Test func absentSchemaVersionIsZero() throws {
        let schema = try #require(compileValid("models:\n  A: {properties: {x: int}}\n"))
        #expect(schema.schemaVersion == 0)
    }
}
