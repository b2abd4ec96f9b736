import RealmCLI
import RealmFormats
import RealmInterchange

/// The command-line interface of `realm-export`, described once for parsing and `--help`.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "realm-export",
        overview: "Write a store's objects as Extended JSON (or BSON, CSV) that realm-import turns back into the same store.",
        usage: StoreOption.usage + " [--class <name>]... [--ndjson | --jsonArray] [--canonical] [--pretty] [--query <rql>] "
            + "[--sort <keypath>]... [--skip <n>] [--limit <n>] [--type json|bson|csv|tsv] [--fields <paths>] [--omit-empty] [--gzip] "
            + "[-o <file|dir>] "
            + "| --outbox [--drain]",
        options: [
            StoreOption.spec(purpose: "export"),
            .value("--class", valueName: "name", repeatable: true,
                   help: "Export only this class (repeatable); default: every top-level class."),
            .flag("--ndjson", help: "One object a line, of one class (for realm-import --class, mongoimport)."),
            .flag("--jsonArray", help: "A plain JSON array of one class's objects (mongoexport's form)."),
            .flag("--canonical", help: "Canonical Extended JSON ($numberInt, $numberDouble, …) instead of relaxed."),
            .value("--jsonFormat", valueName: "format", allowed: ["relaxed", "canonical"],
                   help: "mongoexport's spelling of --canonical.").hidden(),
            .flag("--pretty", help: "Indent the output (not with --ndjson or --outbox)."),
            .value("--query", valueName: "rql", help: "Export only the objects matching this Realm Query Language predicate."),
            .value("--sort", valueName: "keypath", repeatable: true,
                   help: "Order by this key path ('-' prefix: descending; repeatable, first is primary) or {\"age\": -1, …}."),
            .value("--skip", valueName: "n", help: "Leave out this many objects first (after --query and --sort)."),
            .value("--limit", valueName: "n", help: "Export at most this many objects."),
            .value("--type", valueName: "type", allowed: OutputFormat.allCases.map(\.rawValue), help: OutputFormat.help),
            .value("--fields", "-f", valueName: "paths",
                   help: "Only these properties, comma-separated; dotted paths into embedded objects (JSON: the primary "
                       + "key always; CSV/TSV: the columns, default every non-collection property)."),
            .flag("--omit-empty", help: "Leave out null properties and empty lists, sets and maps (JSON and BSON)."),
            .flag("--gzip", help: "Compress the output with gzip (also when the -o name ends in .gz)."),
            .value("--output", "-o", valueName: "file",
                   help: "Write to this file ('-' or absent: stdout); with --type bson a directory, or a .bson file.")
                .aliased("--out"),
            .flag("--outbox", help: "Export an asymmetric class's outbox: canonical NDJSON, ready for mongoimport."),
            .flag("--drain", help: "With --outbox: remove what was written, in the same transaction."),
            DiagnosticFormat.option,
        ])

    /// `--type csv|tsv` and its `--fields` (the columns); nil for JSON (where `--fields` projects).
    static func table(_ parsed: ParsedArguments) throws(UsageError) -> (TableFormat, [String]?)? {
        let fields = parsed.value("--fields").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let format = parsed.value("--type").flatMap(TableFormat.init(rawValue:)) else { return nil }
        for option in ["--ndjson", "--jsonArray", "--canonical", "--pretty", "--outbox", "--omit-empty"] where parsed.has(option) {
            throw conflicting(option, "--type \(format.rawValue)")
        }
        if parsed.values("--class").count > 1 { throw UsageError("'--type \(format.rawValue)' writes one class; give one '--class'.") }
        return (format, fields)
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
