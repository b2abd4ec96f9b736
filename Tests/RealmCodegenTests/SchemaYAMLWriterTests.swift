import Foundation
@testable import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// `SchemaYAMLWriter` output loads back to the same schema (what `realm-schema dump` relies on).
@Suite struct SchemaYAMLWriterTests {
    /// The schema without what YAML text cannot carry: file names and positions.
    static func normalized(_ schema: CompiledSchema) -> CompiledSchema {
        var result = schema
        result.models = schema.models.map { model in
            var model = model
            model.location = nil
            model.sourceFile = nil
            model.properties = model.properties.map { property in
                var property = property
                property.location = nil
                return property
            }
            return model
        }
        return result
    }

    static let schemaSets: [[String]] = [
        ["Tests/RealmCodegenTests/Schemas/types.yaml", "Tests/RealmCodegenTests/Schemas/people.yaml"],
        ["Tests/RealmCodegenTests/Schemas/defaults.yaml"],
        ["Tests/RealmCodegenTests/Schemas/shop.yaml", "Tests/RealmCodegenTests/Schemas/people.yaml"],
        ["schemas/people.yaml", "schemas/telemetry.yaml"],
    ]

    @Test(arguments: schemaSets)
    func writtenSchemaLoadsToTheSameSchema(paths: [String]) throws {
        let sources = try paths.map { path in
            SchemaSource(path: path, text: try String(contentsOf: Repository.url(path), encoding: .utf8))
        }
        let original = try schemaFromSources(sources)
        let text = SchemaYAMLWriter().render(original, comment: ["Dumped for a test."])
        let reloaded = try schemaFromYAML(text, path: "dump.yaml")
        #expect(Self.normalized(reloaded) == Self.normalized(original), "\(text)")
        #expect(SchemaYAMLWriter().render(reloaded, comment: ["Dumped for a test."]) == text)
    }

    @Test func shorthandAndFlowForms() throws {
        let schema = CompiledSchema(schemaVersion: 3, models: [
            ModelSchema(name: "Dog", kind: .embedded, doc: "Says \"woof\"\nloudly.", properties: [
                PropertySchema(name: "tags", type: DeclaredType(.string, collection: .list, isOptional: true)),
                PropertySchema(name: "name", type: DeclaredType(.string), indexed: .fulltext,
                               defaultValue: .string("123"), mapTo: "dog name"),
                PropertySchema(name: "born", type: DeclaredType(.date),
                               defaultValue: .date(seconds: -1, nanoseconds: -500_000_000)),
            ]),
        ])
        #expect(SchemaYAMLWriter().render(schema) == """
            schemaVersion: 3
            models:
              Dog:
                embedded: true
                doc: "Says \\"woof\\"\\nloudly."
                properties:
                  tags: string?[]
                  name: { type: string, indexed: fulltext, default: "123", mapTo: "dog name" }
                  born: { type: date, default: "1969-12-31T23:59:58.5Z" }

            """)
    }

    @Test func emptySchema() throws {
        let text = SchemaYAMLWriter().render(CompiledSchema(schemaVersion: 0, models: []))
        #expect(text == "schemaVersion: 0\nmodels: {}\n")
        #expect(try schemaFromYAML(text, path: "empty.yaml").models.isEmpty)
    }
}
