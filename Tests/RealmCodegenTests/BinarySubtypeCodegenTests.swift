import Foundation
import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// A `data` property's `subtype: N` (docs/schema-rules.md, section 1.7) in what the generators
/// write: the YAML writer keeps it, the JSON Schema asks for that subtype only.
@Suite(.serialized) struct BinarySubtypeCodegenTests {
    static let yaml = """
        models:
          Movie:
            primaryKey: id
            properties:
              id: int
              vector: { type: data, subtype: 9 }
              tagged: { type: "data?[]", subtype: 171 }
              plain: data?
        """

    @Test func theYAMLWriterKeepsTheSubtype() throws {
        let schema = try schemaFromYAML(Self.yaml)
        let text = SchemaYAMLWriter().render(schema)
        #expect(text.contains("      vector: { type: data, subtype: 9 }\n"), "\(text)")
        #expect(text.contains("      tagged: { type: \"data?[]\", subtype: 171 }\n"), "\(text)")
        #expect(text.contains("      plain: data?\n"), "\(text)")
        let reloaded = try schemaFromYAML(text, path: "dump.yaml")
        #expect(reloaded.model(named: "Movie")?.properties.map(\.binarySubtype) == [nil, 9, 171, nil])
    }

    @Test func theJSONSchemaAcceptsTheKeptSubtypeOnly() throws {
        guard try JSONSchemaValidator.requireJSONSchemaPackage() else { return }
        let directory = try JSONSchemaValidator.write(JSONSchemaGenerator().generate(try schemaFromYAML(Self.yaml)))
        defer { try? FileManager.default.removeItem(at: directory) }
        func movie(_ vector: String, tagged: String = "[]") -> String {
            #"{"id": 1, "vector": {"$binary": {"base64": "AQID", "subType": "\#(vector)"}}, "tagged": \#(tagged)}"#
        }
        let tagged = #"[{"$binary": {"base64": "", "subType": "aB"}}, null]"#
        let documents = [movie("09"), movie("9"), movie("09", tagged: tagged), movie("00"), movie("05"), movie("90"),
                         movie("09", tagged: #"[{"$binary": {"base64": "", "subType": "00"}}]"#)]
        let verdicts = try JSONSchemaValidator.validate(documents, against: directory.appendingPathComponent("Movie.schema.json"))
        #expect(verdicts.map(\.valid) == [true, true, true, false, false, false, false])
    }
}
