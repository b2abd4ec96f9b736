import Foundation
import RealmEngine
import RealmInterchange
import TestSupport
import Testing

/// `ExportOptions.fields` (`realm-export --fields`) and the `.array` shape (`--jsonArray`).
@Suite struct ExportProjectionTests {
    static let yaml = """
        models:
          Person:
            primaryKey: id
            properties: { id: int, name: string, home: Place?, work: Place?, age: int }
          Place:
            embedded: true
            properties: { city: string, street: string }
        """

    func store() throws -> Store {
        let path = try Temporary.path("projection") + "/s.sqlite"
        let input = #"{"Person": [{"id": 1, "name": "A", "age": 3, "home": {"city": "Oslo", "street": "S1"}, "#
            + #""work": {"city": "Bergen", "street": "S2"}}, {"id": 2, "name": "B", "age": 4}]}"#
        return try ExportFixtures.importStore(input, path: path, schema: try schemaFromYAML(Self.yaml))
    }

    func export(_ fields: [String], shape: ExportOptions.Shape = .array) throws -> String {
        try ExportFixtures.export(try store(), ExportOptions(classes: ["Person"], shape: shape).projecting(fields))
    }

    @Test func keepsNamedPropertiesInSchemaOrderAndThePrimaryKey() throws {
        #expect(try export(["age", "name"]) == "[\n{\"id\":1,\"name\":\"A\",\"age\":3},\n{\"id\":2,\"name\":\"B\",\"age\":4}\n]\n")
        #expect(try export(["home.city", "work.city"], shape: .ndjson)
            == "{\"id\":1,\"home\":{\"city\":\"Oslo\"},\"work\":{\"city\":\"Bergen\"}}\n{\"id\":2,\"home\":null,\"work\":null}\n")
        #expect(try export(["home", "home.city"], shape: .ndjson).hasPrefix(#"{"id":1,"home":{"city":"Oslo","street":"S1"}}"#))
    }

    @Test func anEmbeddedClassReachedTwiceMustBeProjectedAlike() throws {
        for fields in [["home.city", "work"], ["work", "home.city"], ["home.city", "work.street"]] {
            #expect(throws: ExportError.self, "\(fields)") { try export(fields) }
            do { _ = try export(fields) } catch let error as ExportError {
                #expect(error.message.contains("the embedded class Place is reached by two paths"), "\(error.message)")
            }
        }
    }

    @Test func unknownAndMalformedPaths() throws {
        for (fields, message) in [(["nmae"], "'nmae' names no property of Person"), (["home.town"], "'home.town' names no property of Place"),
                                  (["name."], "'name.' is not a property path"), (["age.x"], "'age.x' goes into 'age'")] {
            do {
                _ = try export(fields)
                Issue.record("\(fields) exported")
            } catch let error as ExportError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }
}
