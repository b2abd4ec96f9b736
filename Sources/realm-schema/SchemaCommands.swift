import RealmCLI

/// The command-line interface of `realm-schema`, described once for parsing and `--help`.
enum SchemaCommands {
    static let errorFormat = OptionSpec.value(
        "--error-format", valueName: "format", allowed: DiagnosticFormat.allCases.map(\.rawValue),
        help: "Diagnostics as 'text' (path:line:column: error: …) or 'json' (one object a line).")

    static let schemaArgument = ArgumentSpec(
        "SCHEMA", help: "YAML schema files; a directory means every *.yaml file in it.", isRepeating: true)

    static let validate = CommandSpec(
        name: "validate",
        overview: "Check YAML schema files and report every problem at once.",
        usage: "<schema> ... [--error-format text|json]",
        arguments: [schemaArgument],
        options: [errorFormat])

    static let codegen = CommandSpec(
        name: "codegen",
        overview: "Generate Swift model code (one file per schema file) into a directory.",
        usage: "<schema> ... --output <dir> [--access public|internal] [--check]",
        arguments: [schemaArgument],
        options: [
            .value("--output", "-o", valueName: "dir", help: "The directory to write Swift files into (required)."),
            .value("--access", valueName: "level", allowed: ["public", "internal"],
                   help: "Access level of generated declarations (default: internal)."),
            .flag("--check", help: "Write nothing; exit 1 if a generated file is missing or stale (for CI)."),
            .value("--source-root", valueName: "dir",
                   help: "Name schema files relative to this directory in headers and diagnostics (build plugins)."),
            errorFormat,
        ])

    static let jsonSchema = CommandSpec(
        name: "json-schema",
        overview: "Write a JSON Schema (2020-12) per model describing what realm-import accepts.",
        usage: "<schema> ... --output <dir> [--check]",
        arguments: [schemaArgument],
        options: [
            .value("--output", "-o", valueName: "dir", help: "The directory to write <Model>.schema.json files into (required)."),
            .flag("--check", help: "Write nothing; exit 1 if a schema file is missing or stale."),
            errorFormat,
        ])

    static let dump = CommandSpec(
        name: "dump",
        overview: "Print the schema held in a store file as YAML that 'validate' accepts.",
        usage: "--store <file>",
        options: [
            .value("--store", valueName: "file", help: "The store file to read (required)."),
        ])

    static let root = CommandSpec(
        name: "realm-schema",
        overview: "Validate YAML model definitions and generate Swift models and JSON Schemas from them.",
        usage: "<subcommand>",
        subcommands: [validate, codegen, jsonSchema, dump])
}
