import RealmCLI

/// The command-line interface of `realm-schema`, described once for parsing and `--help`.
enum SchemaCommands {
    /// `--output <dir>` (`-o`) of codegen and json-schema; `contents` completes the help text
    /// "The directory to write … into (required).".
    static func output(_ contents: String) -> OptionSpec {
        .value("--output", "-o", valueName: "dir", help: "The directory to write \(contents) into (required).")
    }

    /// `--output <dir>`, as usage lines write it.
    static let outputUsage = output("").usage

    static let schemaArgument = ArgumentSpec(
        "SCHEMA", help: "YAML schema files; a directory means every *.yaml file in it.", isRepeating: true)

    static let validate = CommandSpec(
        name: "validate",
        overview: "Check YAML schema files and report every problem at once.",
        usage: "<schema> ... [--error-format text|json]",
        arguments: [schemaArgument],
        options: [DiagnosticFormat.option])

    static let codegen = CommandSpec(
        name: "codegen",
        overview: "Generate Swift model code (one file per schema file) into a directory.",
        usage: "<schema> ... " + outputUsage + " [--access public|internal] [--check]",
        arguments: [schemaArgument],
        options: [
            output("Swift files"),
            .value("--access", valueName: "level", allowed: ["public", "internal"],
                   help: "Access level of generated declarations (default: internal)."),
            .flag("--check", help: "Write nothing; exit 1 if a generated file is missing or stale (for CI)."),
            .value("--source-root", valueName: "dir",
                   help: "Name schema files relative to this directory in headers and diagnostics (build plugins)."),
            DiagnosticFormat.option,
        ])

    static let jsonSchema = CommandSpec(
        name: "json-schema",
        overview: "Write a JSON Schema (2020-12) per model describing what realm-import accepts.",
        usage: "<schema> ... " + outputUsage + " [--check]",
        arguments: [schemaArgument],
        options: [
            output("<Model>.schema.json files"),
            .flag("--check", help: "Write nothing; exit 1 if a schema file is missing or stale."),
            DiagnosticFormat.option,
        ])

    static let dump = CommandSpec(
        name: "dump",
        overview: "Print the schema held in a store file as YAML that 'validate' accepts.",
        usage: StoreOption.usage + " [--error-format text|json]",
        options: [StoreOption.spec(purpose: "read"), DiagnosticFormat.option])

    static let root = CommandSpec(
        name: "realm-schema",
        overview: "Validate YAML model definitions and generate Swift models and JSON Schemas from them.",
        usage: "<subcommand>",
        subcommands: [validate, codegen, jsonSchema, dump])
}
