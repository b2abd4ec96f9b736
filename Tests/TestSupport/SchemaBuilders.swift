import Foundation
import RealmSchema
import Testing

/// Compiles one YAML text as the file `path`.
public func compile(_ yaml: String, path: String = "schema.yaml") -> SchemaCompilation {
    SchemaCompiler.compile([SchemaSource(path: path, text: yaml)])
}

/// The schema compiled from `sources`; the test fails (with the diagnostics) when they do not compile.
public func schemaFromSources(_ sources: [SchemaSource], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CompiledSchema {
    let compilation = SchemaCompiler.compile(sources)
    return try #require(compilation.schema, "\(compilation.diagnostics.all)", sourceLocation: sourceLocation)
}

/// The schema of one YAML text compiled as the file `path` (see `schemaFromSources(_:)`).
public func schemaFromYAML(_ yaml: String, path: String = "schema.yaml",
                   sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CompiledSchema {
    try schemaFromSources([SchemaSource(path: path, text: yaml)], sourceLocation: sourceLocation)
}

/// Every `*.yaml` file of `directory`, sorted by name, each named `<prefix><file>`.
public func schemaSources(in directory: URL, prefix: String) throws -> [SchemaSource] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
    return try names.map { name in
        SchemaSource(path: prefix + name, text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
    }
}

/// A property, for schemas built in Swift.
public func property(_ name: String, _ base: BaseType, _ collection: CollectionKind = .single, optional: Bool = false,
                     primaryKey: Bool = false, indexed: IndexKind = .none, default value: SchemaValue? = nil,
                     enum values: [SchemaValue]? = nil, mapTo: String? = nil, doc: String? = nil) -> PropertySchema {
    PropertySchema(name: name, type: DeclaredType(base, collection: collection, isOptional: optional), indexed: indexed,
                   isPrimaryKey: primaryKey, defaultValue: value, enumValues: values, mapTo: mapTo, doc: doc)
}

/// A model, for schemas built in Swift.
public func model(_ name: String, kind: ModelKind = .object, primaryKey: String? = nil, _ properties: [PropertySchema]) -> ModelSchema {
    ModelSchema(name: name, kind: kind, primaryKey: primaryKey, properties: properties)
}
