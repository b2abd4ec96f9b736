import RealmCLI
import RealmFormats
import RealmInterchange

/// The command-line interface of `realm-export`, described once for parsing and `--help`.
enum ExportCommand {
    static let command = Command<ExportOption>(
        name: "realm-export",
        overview: "Write a store's objects as Extended JSON (or BSON, CSV, a .realm file) that realm-import turns back into the same store.",
        foreign: ExportForeignOptions.all)

    /// `--type csv|tsv` and its `--fields` (the columns); nil for JSON (where `--fields` projects).
    static func table(_ parsed: ParsedArguments<ExportOption>) throws(UsageError) -> (TableFormat, [String]?)? {
        let fields = parsed.value(.fields).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let format = parsed.value(.type, as: TableFormat.self) else {
            if parsed.has(.noHeader) { throw UsageError("'--no-header' leaves out the header line of CSV/TSV output; give '--type csv' or '--type tsv'.") }
            return nil
        }
        for option: ExportOption in [.ndjson, .jsonArray, .canonical, .pretty, .outbox, .omitEmpty] where parsed.has(option) {
            throw conflicting(option.key, "--type \(format.rawValue)")
        }
        if parsed.values(.className).count > 1 { throw UsageError("'--type \(format.rawValue)' writes one class; give one '--class'.") }
        return (format, fields)
    }

    /// `--type realm`: the options a Realm file has no use for are refused, `-o FILE` is required;
    /// the requested schema version (nil: the store's).
    static func realm(_ parsed: ParsedArguments<ExportOption>) throws(UsageError) -> UInt64? {
        for option: ExportOption in [.ndjson, .jsonArray, .canonical, .jsonFormat, .pretty, .fields, .omitEmpty, .gzip,
                                     .query, .sort, .skip, .limit, .outbox, .drain] where parsed.has(option) {
            throw UsageError("'\(option.key)' means nothing for '--type realm', which writes every object of the "
                             + "exported classes as a Realm file; leave it out.")
        }
        guard let output = parsed.value(.output), output != "-" else {
            throw UsageError("'--type realm' writes a file, not standard output: give '-o FILE.realm'.")
        }
        if output.hasSuffix(".gz") { throw UsageError("'--type realm' does not compress: '-o' must not end in '.gz'.") }
        if let format = parsed.value(.fileFormat) { try checkFileFormat(format) }
        guard let text = parsed.value(.schemaVersion) else { return nil }
        guard let version = UInt64(text) else {
            throw UsageError("'--schema-version' needs a non-negative integer, not '\(text)'.")
        }
        return version
    }

    /// `--file-format`: 24 is what the writer writes; 23 is refused with the reason, anything else
    /// as a format no Realm SDK of these years reads.
    static func checkFileFormat(_ text: String) throws(UsageError) {
        switch text {
        case "24":
            return
        case "23":
            throw UsageError("'--file-format 23' (realm-core 13) is not written: that format orders the strings of "
                             + "sets and search indexes by the writing platform's signed or unsigned 'char', so "
                             + "one file is not right for every realm-core 13 app, and no realm-core 13 was at hand "
                             + "to check one. Write format 24 (leave '--file-format' out) and open it with a "
                             + "realm-core 14 SDK (Realm Swift 10.49 or later).")
        default:
            throw UsageError("'--file-format' writes Realm file format 24 only (realm-core 14), not '\(text)'.")
        }
    }

    static func drainWithoutOutbox() -> UsageError {
        UsageError("'--drain' needs '--outbox'.")
    }

    static func conflicting(_ first: String, _ second: String) -> UsageError {
        UsageError("'\(first)' cannot be combined with '\(second)'.")
    }

    static func badLimit(_ text: String, option: String = "--limit") -> UsageError {
        UsageError("'\(option)' needs a non-negative integer, not '\(text)'.")
    }

    static func drainedSummary(_ count: Int, _ path: String) -> String {
        "drained \(Plural.counted(count, "object")) from the outbox into \(path)"
    }
}

/// The options of `realm-export`, in the order `--help` and the usage line list them.
enum ExportOption: StoreCommandOptions {
    case store, className, ndjson, jsonArray, canonical
    /// mongoexport's `--jsonFormat`, hidden.
    case jsonFormat
    case pretty, query, sort, skip, limit, type, fields, noHeader, omitEmpty, gzip, output, outbox, drain, schemaVersion, fileFormat, quiet, errorFormat

    var spec: OptionSpec {
        switch self {
        case .store:
            StoreOption.spec(purpose: "export")
        case .className:
            .value("--class", valueName: "name", repeatable: true,
                   help: "Export only this class (repeatable); default: every top-level class.")
        case .ndjson:
            .flag("--ndjson", help: "One object a line, of one class (for realm-import --class, mongoimport).").exclusive(in: "shape")
        case .jsonArray:
            .flag("--jsonArray", help: "A plain JSON array of one class's objects (mongoexport's form).").exclusive(in: "shape")
        case .canonical:
            .flag("--canonical", help: "Canonical Extended JSON ($numberInt, $numberDouble, …) instead of relaxed.")
        case .jsonFormat:
            .value("--jsonFormat", valueName: "format", allowed: ["relaxed", "canonical"],
                   help: "mongoexport's spelling of --canonical.").hidden()
        case .pretty:
            .flag("--pretty", help: "Indent the output (not with --ndjson or --outbox).")
        case .query:
            .value("--query", valueName: "rql", help: "Export only the objects matching this Realm Query Language predicate, "
                       + "or MongoDB's query document ({\"age\": {\"$gt\": 30}}).")
        case .sort:
            .value("--sort", valueName: "keypath", repeatable: true,
                   help: "Order by this key path ('-' prefix: descending; repeatable, first is primary) or {\"age\": -1, …}.")
        case .skip:
            .value("--skip", valueName: "n", help: "Leave out this many objects first (after --query and --sort).")
        case .limit:
            .value("--limit", valueName: "n", help: "Export at most this many objects.")
        case .type:
            .value("--type", valueName: "type", allowed: OutputFormat.allCases.map(\.rawValue), help: OutputFormat.help)
        case .fields:
            .value("--fields", "-f", valueName: "paths",
                   help: "Only these properties, comma-separated; dotted paths into embedded objects (JSON: the primary "
                       + "key always; CSV/TSV: the columns, default every non-collection property).")
        case .noHeader:
            .flag("--no-header", help: "CSV/TSV: no header line, the rows alone (realm-import reads them back with --fields).")
        case .omitEmpty:
            .flag("--omit-empty", help: "Leave out null properties and empty lists, sets and maps (JSON and BSON).")
        case .gzip:
            .flag("--gzip", help: "Compress the output with gzip (also when the -o name ends in .gz).")
        case .output:
            .value("--output", "-o", valueName: "file",
                   help: "Write to this file ('-' or absent: stdout); with --type bson a directory, or a .bson file; "
                       + "with --type realm a .realm file (required).")
                .aliased("--out")
        case .outbox:
            .flag("--outbox", help: "Export an asymmetric class's outbox: canonical NDJSON, ready for mongoimport.")
        case .drain:
            .flag("--drain", help: "With --outbox: remove what was written, in the same transaction.")
        case .schemaVersion:
            .value("--schema-version", valueName: "n",
                   help: "With --type realm: the schema version the file records (default: the store's).")
        case .fileFormat:
            .value("--file-format", valueName: "n",
                   help: "With --type realm: the Realm file format to write; 24 (realm-core 14) is the only one written.")
        case .quiet:
            .flag("--quiet", help: "No notes on stderr (the collections CSV/TSV leaves out, the --drain summary); "
                      + "errors and warnings only.")
        case .errorFormat:
            DiagnosticFormat.option
        }
    }
}
