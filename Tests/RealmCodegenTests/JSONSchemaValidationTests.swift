import Foundation
import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// The generated JSON Schemas, checked with a real validator (Python's `jsonschema`): they are
/// valid 2020-12 schemas, accept what realm-import accepts and reject what it rejects.
@Suite(.serialized) struct JSONSchemaValidationTests {
    private func generatedSchemas() throws -> URL? {
        guard try JSONSchemaValidator.requireJSONSchemaPackage(), let schema = try GoldenFiles.compiledSchema() else {
            return nil
        }
        return try JSONSchemaValidator.write(JSONSchemaGenerator().generate(schema))
    }

    @Test func everyGeneratedSchemaIsAValidSchema() throws {
        guard let directory = try generatedSchemas() else {
            return
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count == 11)
        for name in names {
            let verdicts = try JSONSchemaValidator.validate([], against: directory.appendingPathComponent(name))
            #expect(verdicts.isEmpty)
        }
    }

    @Test func samplesAreAcceptedOrRejectedAsRealmImportWould() throws {
        guard let directory = try generatedSchemas() else {
            return
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        var models: [String] = []
        for sample in JSONSchemaSamples.all where !models.contains(sample.model) {
            models.append(sample.model)
        }
        for model in models {
            let samples = JSONSchemaSamples.all.filter { $0.model == model }
            let verdicts = try JSONSchemaValidator.validate(samples.map(\.json),
                                                           against: directory.appendingPathComponent("\(model).schema.json"))
            guard verdicts.count == samples.count else {
                Issue.record("\(model): \(verdicts.count) verdicts for \(samples.count) samples")
                continue
            }
            for (sample, verdict) in zip(samples, verdicts) where sample.valid != verdict.valid {
                Issue.record("""
                    \(model) should \(sample.valid ? "accept" : "reject") a document with \(sample.why):
                    \(sample.json)
                    \(verdict.errors.joined(separator: "\n"))
                    """)
            }
        }
    }

    @Test func theValidatorReallyRejects() throws {
        guard try JSONSchemaValidator.requireJSONSchemaPackage() else {
            return
        }
        let model = ModelSchema(name: "Tiny", properties: [property("n", .int(.int8))])
        let directory = try JSONSchemaValidator.write(JSONSchemaGenerator().generate(CompiledSchema(models: [model])))
        defer { try? FileManager.default.removeItem(at: directory) }
        let verdicts = try JSONSchemaValidator.validate([#"{"n": 1}"#, #"{"n": 1000}"#, "[]"],
                                                        against: directory.appendingPathComponent("Tiny.schema.json"))
        #expect(verdicts.map(\.valid) == [true, false, false])
        #expect(verdicts.dropFirst().allSatisfy { !$0.errors.isEmpty })
    }
}
