import RealmCLI
import RealmCodegen

/// The command-line interface of `realm-schema`, described once for parsing and `--help`.
enum SchemaCommands {
    /// `--output <dir>` (`-o`) of codegen and json-schema; `contents` completes the help text
    /// "The directory to write … into (required).".
    static func output(_ contents: String) -> OptionSpec {
        OptionSpec.value("--output", "-o", valueName: "dir", help: "The directory to write \(contents) into (required).").required()
    }

    static let schemaArgument = ArgumentSpec(
        "SCHEMA", help: "YAML schema files; a directory means every *.yaml file in it.", isRepeating: true)

    static let validate = Command<ValidateOption>(
        name: "validate",
        overview: "Check YAML schema files and report every problem at once.",
        arguments: [schemaArgument])

    static let codegen = Command<CodegenOption>(
        name: "codegen",
        overview: "Generate Swift model code (one file per schema file) into a directory.",
        arguments: [schemaArgument])

    static let jsonSchema = Command<JSONSchemaOption>(
        name: "json-schema",
        overview: "Write a JSON Schema (2020-12) per model describing what realm-import accepts.",
        arguments: [schemaArgument])

    static let dump = Command<DumpOption>(
        name: "dump",
        overview: "Print the schema held in a store file as YAML that 'validate' accepts.")

    static let extract = Command<ExtractOption>(
        name: "extract",
        overview: "Write the schema of a Realm app's .realm file as YAML that 'validate' accepts (stdout, or <file>.yaml in -o DIR).",
        arguments: [ArgumentSpec("FILE", help: "A .realm file, opened read-only.")])

    static let root = Command<NoOptions>(
        name: "realm-schema",
        overview: "Validate YAML model definitions and generate Swift models and JSON Schemas from them.",
        subcommands: [validate.spec, codegen.spec, jsonSchema.spec, dump.spec, extract.spec])
}

/// The options of a subcommand that writes generated files into a directory (codegen,
/// json-schema): `--output <dir>` and `--check`.
protocol GeneratingOptions: CommandOptions {
    /// `--output <dir>`, required.
    static var output: Self { get }
    /// `--check`: write nothing, report the missing and stale files.
    static var check: Self { get }
}

/// The options of `realm-schema validate`.
enum ValidateOption: CommandOptions {
    case errorFormat

    var spec: OptionSpec {
        switch self {
        case .errorFormat: DiagnosticFormat.option
        }
    }
}

/// The options of `realm-schema codegen`.
enum CodegenOption: GeneratingOptions {
    case output, access, check, sourceRoot, errorFormat

    var spec: OptionSpec {
        switch self {
        case .output:
            SchemaCommands.output("Swift files")
        case .access:
            .value("--access", valueName: "level", allowed: [AccessLevel.public, .internal].map(\.rawValue),
                   help: "Access level of generated declarations (default: internal).")
        case .check:
            .flag("--check", help: "Write nothing; exit 1 if a generated file is missing or stale (for CI).")
        case .sourceRoot:
            .value("--source-root", valueName: "dir",
                   help: "Name schema files relative to this directory in headers and diagnostics (build plugins).")
        case .errorFormat:
            DiagnosticFormat.option
        }
    }
}

/// The options of `realm-schema json-schema`.
enum JSONSchemaOption: GeneratingOptions {
    case output, check, errorFormat

    var spec: OptionSpec {
        switch self {
        case .output:
            SchemaCommands.output("<Model>.schema.json files")
        case .check:
            .flag("--check", help: "Write nothing; exit 1 if a schema file is missing or stale.")
        case .errorFormat:
            DiagnosticFormat.option
        }
    }
}

/// The options of `realm-schema dump`.
enum DumpOption: StoreCommandOptions {
    case store, errorFormat

    var spec: OptionSpec {
        switch self {
        case .store: StoreOption.spec(purpose: "read")
        case .errorFormat: DiagnosticFormat.option
        }
    }
}

/// The options of `realm-schema extract`.
enum ExtractOption: CommandOptions {
    case output, errorFormat

    var spec: OptionSpec {
        switch self {
        case .output:
            .value("--output", "-o", valueName: "dir",
                   help: "The directory to write <file>.yaml into (default: print the YAML to standard output).")
        case .errorFormat:
            DiagnosticFormat.option
        }
    }
}
