import RealmCLI
import RealmInterchange

/// The command-line interface of `realm-import`, described once for parsing and `--help`.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "realm-import",
        overview: "Load JSON (an array, NDJSON or a multi-class object) or BSON (mongodump) into a store, strictly typed, "
            + "all or nothing.",
        usage: StoreOption.usage + " [--schema <schema> ...] [--class <name>] [--drop] [--mode insert|upsert|merge|delete] "
            + "[--dry-run] [--max-errors <n>] [--reject-unknown] [--map-keys encode|reject] [--on-missing-link error|null] "
            + "[--type json|bson|csv|tsv] [--fields <a,b.c>] [--quiet] [<input> ...]",
        arguments: [
            ArgumentSpec("INPUT", help: "JSON or BSON files; '-' or none (stdin not a terminal) reads stdin. The shape (array, "
                         + "NDJSON, multi-class, BSON as mongodump writes it) is detected; gzip, xz and zstd are recognised by their first bytes.",
                         isRepeating: true, isOptional: true),
        ],
        options: [
            StoreOption.spec(purpose: "load into"),
            .value("--schema", valueName: "schema", repeatable: true,
                   help: "YAML schema files or directories; needed to create a store, else an additive migration."),
            .value("--class", valueName: "name", help: "The class of the documents of an array, NDJSON or BSON input "
                   + "(a BSON file named after a class, Person.bson, needs none)."),
            .value("--mode", valueName: "mode", allowed: ImportMode.allCases.map(\.rawValue),
                   help: "insert (default: an existing primary key is an error), upsert (Realm .all), merge (.modified), "
                       + "delete (remove the objects whose primary keys the input lists)."),
            .flag("--drop", help: "Empty the --class class first (no --class: every class the input names), in the same "
                  + "transaction (kept if the import fails)."),
            .value("--on-missing-link", valueName: "policy", allowed: MissingLinkPolicy.allCases.map(\.rawValue),
                   help: "A reference to an object that does not exist: an error (default), or null (list elements left out)."),
            .flag("--dry-run", help: "Validate everything, references and duplicate keys included; write nothing."),
            .value("--max-errors", valueName: "n", help: "Stop after this many errors (default: 100)."),
            .flag("--reject-unknown", help: "Unknown keys are errors (default: ignored with a warning count)."),
            .value("--map-keys", valueName: "policy", allowed: ["encode", "reject"],
                   help: "Map keys with '.', '$' or '%': percent-encode them (default) or report them as errors."),
            .value("--type", valueName: "type", allowed: InputFormat.allCases.map(\.rawValue), help: InputFormat.help),
            .value("--fields", valueName: "a,b.c",
                   help: "CSV/TSV: the column names, when the first line is data, not a header."),
            .flag("--quiet", "-q", help: "No progress bar, no summary, no warnings; errors only."),
            DiagnosticFormat.option,
            .value("--file", valueName: "file", repeatable: true, help: "mongoimport's spelling of an INPUT.").hidden(),
        ])

    /// The importer options the command line asks for.
    static func options(_ parsed: ParsedArguments) throws -> ImportOptions {
        var maxErrors = 100
        if let text = parsed.value("--max-errors") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("The value '\(text)' is invalid for '--max-errors'; expected a whole number of at least 1.")
            }
            maxErrors = value
        }
        var options = ImportOptions(
            className: parsed.value("--class"),
            mode: parsed.value("--mode").flatMap(ImportMode.init(rawValue:)) ?? .insert,
            dryRun: parsed.has("--dry-run"),
            maxErrors: maxErrors,
            rejectUnknown: parsed.has("--reject-unknown"),
            mapKeys: parsed.value("--map-keys").flatMap(MapKeyPolicy.init(rawValue:)) ?? .encode)
        options.drop = parsed.has("--drop")
        options.missingLinks = parsed.value("--on-missing-link").flatMap(MissingLinkPolicy.init(rawValue:)) ?? .error
        return options
    }

    /// The inputs: the positional ones and `--file`s; stdin when there are none and stdin is
    /// not a terminal (`cat dump.json | realm-import …`).
    static func inputs(_ parsed: ParsedArguments, stdinIsTerminal: Bool) throws(UsageError) -> [String] {
        let inputs = parsed.positionals + parsed.values("--file")
        if inputs.isEmpty {
            guard !stdinIsTerminal else { throw UsageError.missingArgument("<input> ...") }
            return ["-"]
        }
        return inputs
    }

    /// `--type json|bson`: the inputs' format when told; nil: each is detected from its first bytes.
    static func format(_ parsed: ParsedArguments) -> InputFormat? {
        parsed.value("--type").flatMap(InputFormat.init(rawValue:)).flatMap { $0.isDetected ? $0 : nil }
    }

    /// `--type csv|tsv` and `--fields`: the table format and column names, nil for JSON.
    static func table(_ parsed: ParsedArguments) throws(UsageError) -> (TableFormat, [String]?)? {
        let fields = parsed.value("--fields").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let format = parsed.value("--type").flatMap(TableFormat.init(rawValue:)) else {
            if fields != nil { throw UsageError(ImportToolMessages.fieldsWithoutTable) }
            return nil
        }
        return (format, fields)
    }
}
