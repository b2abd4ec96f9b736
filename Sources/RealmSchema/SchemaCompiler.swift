/// The result of compiling schema files: the schema when there were no errors, and every
/// diagnostic ordered by position.
public struct SchemaCompilation: Sendable {
    /// `nil` exactly when `diagnostics` has errors.
    public var schema: CompiledSchema?
    public var diagnostics: Diagnostics

    public init(schema: CompiledSchema?, diagnostics: Diagnostics) {
        self.schema = schema
        self.diagnostics = diagnostics
    }
}

/// The schema compiler's front end: YAML text → YAML nodes → loaded models → validated `CompiledSchema`.
///
/// For example:
///
///     let result = SchemaCompiler.compile([SchemaSource(path: "models.yaml", text: yaml)])
///     for diagnostic in result.diagnostics.all { print(diagnostic) }
///     if let schema = result.schema { … }
public enum SchemaCompiler {
    /// Compiles several files into one schema: models in file order, then declaration order.
    /// Every problem in every file is reported; syntax errors stop before loading.
    public static func compile(_ sources: [SchemaSource]) -> SchemaCompilation {
        var diagnostics = Diagnostics()
        var roots: [YAMLNode?] = []
        for source in sources {
            let (root, yamlDiagnostics) = parseYAML(source)
            roots.append(root)
            diagnostics.append(contentsOf: yamlDiagnostics)
        }
        let filesWithErrors = Set(diagnostics.errors.compactMap(\.location?.file))
        let brokenFile = zip(roots, sources).contains { root, source in
            root == nil && filesWithErrors.contains(source.path)
        }
        guard !brokenFile else { return finish(nil, diagnostics) }

        var loader = SchemaLoader(modelNames: SchemaLoader.declaredModelNames(in: roots))
        for (root, source) in zip(roots, sources) {
            loader.loadFile(root, path: source.path)
        }
        diagnostics.append(contentsOf: loader.diagnostics)

        var validator = SchemaValidator(loader.loaded)
        diagnostics.append(contentsOf: validator.validate())
        // Like Realm, look for embedded cycles only in an otherwise valid schema.
        if !diagnostics.hasErrors {
            diagnostics.append(contentsOf: EmbeddedCycleChecker(loader.loaded).check())
        }
        return finish(loader.loaded.schema, diagnostics)
    }

    private static func finish(_ schema: CompiledSchema?, _ diagnostics: Diagnostics) -> SchemaCompilation {
        var sorted = Diagnostics()
        for diagnostic in diagnostics.sorted { sorted.emit(diagnostic) }
        return SchemaCompilation(schema: sorted.hasErrors ? nil : schema, diagnostics: sorted)
    }
}
