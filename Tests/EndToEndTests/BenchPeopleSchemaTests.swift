import Foundation
import RealmSchema
import TestSupport
import Testing

/// bench/gen_people.py's schemas: `--flat-schema`, the CSV benchmark's, is the full
/// `--schema`'s Person cut after its leading plain fields, declared the same way.
@Suite struct BenchPeopleSchemaTests {
    @Test func theFlatSchemaIsTheLeadingFieldsOfTheFullPerson() throws {
        let directory = try Temporary.path("realm-bench-schema")
        let generated = try Command.run("python3", [Repository.path("bench/gen_people.py"), "0", "--schema", "people.yaml",
                                                    "--flat-schema", "flat.yaml"], in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        let full = try schemaFromYAML(String(contentsOfFile: directory + "/people.yaml", encoding: .utf8))
        let flat = try schemaFromYAML(String(contentsOfFile: directory + "/flat.yaml", encoding: .utf8))
        #expect(flat.models.map(\.name) == ["Person"])
        let person = try #require(full.model(named: "Person"))
        let flatPerson = try #require(flat.model(named: "Person"))
        #expect(flatPerson.primaryKey == person.primaryKey)
        #expect(flatPerson.properties.map(\.name) == ["_id", "name", "email", "age", "score", "rating", "active", "balance", "birthdate"])
        #expect(unlocated(flatPerson.properties) == unlocated(Array(person.properties.prefix(flatPerson.properties.count))))
    }

    /// The properties without where they were declared (the two files' lines differ).
    private func unlocated(_ properties: [PropertySchema]) -> [PropertySchema] {
        properties.map { property in
            var copy = property
            copy.location = nil
            return copy
        }
    }
}
