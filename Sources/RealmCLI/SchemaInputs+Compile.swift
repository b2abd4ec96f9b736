import RealmSchema

/// The one way the tools load a schema from the command line (`realm-schema`'s subcommands,
/// `realm-import --schema`): read the files, compile them, print the warnings, throw the errors.
extension SchemaInputs {
    /// Loads and validates the schema files and directories at `paths`; prints the warnings in
    /// `format` unless `quiet`; throws every error at once as a `DiagnosticsError`.
    ///
    /// For example:
    ///
    ///     let schema = try SchemaInputs.compile(parsed.values(.schema), format: .text, output: output, quiet: false)
    public static func compile(_ paths: [String], relativeTo root: String? = nil, format: DiagnosticFormat,
                               output: TextOutput, quiet: Bool = false) throws -> CompiledSchema {
        let compilation = SchemaCompiler.compile(try load(paths, relativeTo: root))
        let diagnostics = compilation.diagnostics.sorted
        guard let schema = compilation.schema, !compilation.diagnostics.hasErrors else {
            throw DiagnosticsError(diagnostics)
        }
        if !diagnostics.isEmpty && !quiet {
            output.err(DiagnosticPrinter.render(diagnostics, format: format))
        }
        return schema
    }
}
