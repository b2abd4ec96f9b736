import RealmCLI
import RealmFormats
import RealmInterchange

/// The command-line interface of `realm-import`, described once for parsing and `--help`.
enum ImportCommand {
    static let command = Command<ImportOption>(
        name: "realm-import",
        overview: "Load JSON (an array, NDJSON or a multi-class object), BSON (mongodump) or a Realm app's .realm file into a "
            + "store, strictly typed, all or nothing.",
        arguments: [
            ArgumentSpec("INPUT", help: "JSON, BSON or .realm files, or mongodump directories (every <Class>.bson in it; "
                         + ".metadata.json files are checked, not imported); '-' or none (stdin not a terminal) reads stdin. "
                         + "The shape (array, NDJSON, multi-class, BSON as mongodump writes it, a Realm file by its header) is "
                         + "detected; gzip, xz and zstd are recognised by their first bytes.",
                         isRepeating: true, isOptional: true),
        ],
        foreign: ImportForeignOptions.all)

    /// The importer options the command line asks for.
    static func options(_ parsed: ParsedArguments<ImportOption>) throws -> ImportOptions {
        var maxErrors = 100
        if let text = parsed.value(.maxErrors) {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("The value '\(text)' is invalid for '--max-errors'; expected a whole number of at least 1.")
            }
            maxErrors = value
        }
        var options = ImportOptions(
            className: parsed.value(.className),
            mode: parsed.value(.mode, as: ImportMode.self) ?? .insert,
            dryRun: parsed.has(.dryRun),
            maxErrors: maxErrors,
            rejectUnknown: parsed.has(.rejectUnknown),
            mapKeys: parsed.value(.mapKeys, as: MapKeyPolicy.self) ?? .encode)
        options.drop = parsed.has(.drop)
        options.missingLinks = parsed.value(.onMissingLink, as: MissingLinkPolicy.self) ?? .error
        if let text = parsed.value(.maxDocumentSize) {
            guard let bytes = ByteSize.parse(text) else { throw UsageError(ImportToolMessages.badDocumentSize(text)) }
            options.maxDocumentBytes = bytes
        }
        return options
    }

    /// The inputs: the positional ones and `--file`s; stdin when there are none and stdin is
    /// not a terminal (`cat dump.json | realm-import …`).
    static func inputs(_ parsed: ParsedArguments<ImportOption>, stdinIsTerminal: Bool) throws(UsageError) -> [String] {
        let inputs = parsed.positionals + parsed.values(.file)
        if inputs.isEmpty {
            guard !stdinIsTerminal else { throw UsageError.missingArgument("<input> ...") }
            return ["-"]
        }
        return inputs
    }

    /// `--type json|bson`: the inputs' format when told; nil: each is detected from its first bytes.
    static func format(_ parsed: ParsedArguments<ImportOption>) -> InputFormat? {
        parsed.value(.type, as: InputFormat.self).flatMap { $0.isDetected ? $0 : nil }
    }

    /// `--type csv|tsv` and `--fields`: the table format and column names, nil for JSON.
    static func table(_ parsed: ParsedArguments<ImportOption>) throws(UsageError) -> (TableFormat, [String]?)? {
        let fields = parsed.value(.fields).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let format = parsed.value(.type, as: TableFormat.self) else {
            if fields != nil { throw UsageError(ImportToolMessages.fieldsWithoutTable) }
            return nil
        }
        return (format, fields)
    }
}

/// The options of `realm-import`, in the order `--help` and the usage line list them.
enum ImportOption: StoreCommandOptions {
    case store, schema, className, mode, drop, onMissingLink, dryRun, maxErrors, maxDocumentSize, rejectUnknown, mapKeys, type
    case fields, quiet
    case errorFormat
    /// mongoimport's `--file`, hidden.
    case file

    var spec: OptionSpec {
        switch self {
        case .store:
            StoreOption.spec(purpose: "load into")
        case .schema:
            .value("--schema", valueName: "schema", repeatable: true,
                   help: "YAML schema files or directories; needed to create a store, else an additive migration.")
        case .className:
            .value("--class", valueName: "name", help: "The class of the documents of an array, NDJSON or BSON input "
                   + "(a BSON file named after a class, Person.bson, needs none).")
        case .mode:
            .value("--mode", valueName: "mode", allowed: ImportMode.allCases.map(\.rawValue),
                   help: "insert (default: an existing primary key is an error), upsert (Realm .all), merge (.modified), "
                       + "delete (remove the objects whose primary keys the input lists).")
        case .drop:
            .flag("--drop", help: "Empty the --class class first (no --class: every class the input names), in the same "
                  + "transaction (kept if the import fails).")
        case .onMissingLink:
            .value("--on-missing-link", valueName: "policy", allowed: MissingLinkPolicy.allCases.map(\.rawValue),
                   help: "A reference to an object that does not exist: an error (default), or null (list elements left out).")
        case .dryRun:
            .flag("--dry-run", help: "Validate everything, references and duplicate keys included; write nothing.")
        case .maxErrors:
            .value("--max-errors", valueName: "n", help: "Stop after this many errors (default: 100).")
        case .maxDocumentSize:
            .value("--max-document-size", valueName: "size",
                   help: "The largest document read, in bytes or with KiB, MiB or GiB (16MiB); a longer one is an error "
                       + "(default: 16 MiB for BSON, 64 MiB for a JSON document or CSV/TSV row).")
        case .rejectUnknown:
            .flag("--reject-unknown", help: "Unknown keys are errors (default: ignored with a warning count).")
        case .mapKeys:
            .value("--map-keys", valueName: "policy", allowed: [MapKeyPolicy.encode, .reject].map(\.rawValue),
                   help: "Map keys with '.', '$' or '%': percent-encode them (default) or report them as errors.")
        case .type:
            .value("--type", valueName: "type", allowed: InputFormat.allCases.map(\.rawValue), help: InputFormat.help)
        case .fields:
            .value("--fields", valueName: "a,b.c",
                   help: "CSV/TSV: the column names, when the first line is data, not a header.")
        case .quiet:
            .flag("--quiet", "-q", help: "No progress bar, no summary, no warnings; errors only.")
        case .errorFormat:
            DiagnosticFormat.option
        case .file:
            .value("--file", valueName: "file", repeatable: true, help: "mongoimport's spelling of an INPUT.").hidden()
        }
    }
}
