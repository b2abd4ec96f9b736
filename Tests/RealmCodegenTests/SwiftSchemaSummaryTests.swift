import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// The `GeneratedSchema` enum: the schema's version and model types, once per schema.
@Suite struct SwiftSchemaSummaryTests {
    private func model(_ name: String, _ kind: ModelKind = .object, in file: String) -> ModelSchema {
        ModelSchema(name: name, kind: kind, properties: [property("name", .string)], sourceFile: file)
    }

    @Test func theFirstFileDeclaresTheSchemaVersionAndEveryModelType() {
        let schema = CompiledSchema(schemaVersion: 7, models: [
            model("Person", in: "people.yaml"), model("Reading", .asymmetric, in: "sensors.yaml"),
            model("Address", .embedded, in: "people.yaml"),
        ])
        let files = SwiftModelGenerator().generate(schema)
        let start = files[0].contents.range(of: Snippet.schemaSummaryStart)
        #expect(start != nil)
        #expect(files[1].contents.range(of: "GeneratedSchema") == nil, "one GeneratedSchema per schema")
        let summary = start.map { String(files[0].contents[$0.lowerBound...]) }
        #expect(summary == """
            /// The schema these models were generated from, for `Realm.Configuration`:
            ///
            ///     let realm = try Realm(configuration: GeneratedSchema.configuration)
            enum GeneratedSchema {
                /// The schema's `schemaVersion`.
                static let schemaVersion: UInt64 = 7

                /// Every model type of the schema, in declaration order.
                static var objectTypes: [ObjectBase.Type] {
                    [
                        Person.self,
                        Reading.self,
                        Address.self,
                    ]
                }

                /// The default configuration (`default.realm` in the current directory) with this
                /// schema's version and model types; change `fileURL` and the rest as needed.
                static var configuration: Realm.Configuration {
                    Realm.Configuration(schemaVersion: schemaVersion, objectTypes: objectTypes)
                }
            }

            """)
    }

    @Test func publicModelsGetAPublicSummary() {
        let files = SwiftModelGenerator(access: .public).generate(CompiledSchema(schemaVersion: 1, models: [model("Dog", in: "d.yaml")]))
        #expect(files[0].contents.contains("public enum GeneratedSchema {"))
        #expect(files[0].contents.contains("    public static let schemaVersion: UInt64 = 1"))
        #expect(files[0].contents.contains("    public static var configuration: Realm.Configuration {"))
    }
}
