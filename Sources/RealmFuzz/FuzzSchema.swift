import RealmCodegen
import RealmSchema

/// The YAML schema front end on any text: compiling never crashes; a schema without errors
/// renders to Swift models and JSON Schema, and its YAML (`SchemaYAMLWriter`, as
/// `realm-schema dump` prints it) compiles again without errors to the same models.
///
/// Returns the property that failed, or `nil`.
///
/// For example:
///
///     fuzzSchema(Array("models:\n  Dog:\n    properties:\n      name: string\n".utf8))   // nil
public func fuzzSchema(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    let compilation = SchemaCompiler.compile([SchemaSource(path: "fuzz.yaml", text: text)])
    guard let schema = compilation.schema else {
        if !compilation.diagnostics.hasErrors { return "no schema and no error" }
        return nil
    }
    for file in SwiftModelGenerator().generate(schema) + JSONSchemaGenerator().generate(schema) where file.path.isEmpty {
        return "a generated file without a name"
    }
    let yaml = SchemaYAMLWriter().render(schema)
    let again = SchemaCompiler.compile([SchemaSource(path: "dump.yaml", text: yaml)])
    guard let reloaded = again.schema else {
        return "the dumped schema does not compile: \(again.diagnostics.errors.first.map { "\($0)" } ?? "")\n\(yaml)"
    }
    if reloaded.models.map(\.name) != schema.models.map(\.name) {
        return "the dumped schema has other models\n\(yaml)"
    }
    return nil
}
