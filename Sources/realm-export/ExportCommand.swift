import RealmCLI
import RealmFormats

/// The command-line interface of `realm-export`, described once for parsing and `--help`.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "realm-export",
        overview: "Write a store's objects as Extended JSON that realm-import turns back into the same store.",
        usage: StoreOption.usage + " [--class <name>]... [--ndjson] [--canonical] [--pretty] [--query <rql>] [--sort <keypath>]... "
            + "[--limit <n>] [-o <file>] | --outbox [--drain]",
        options: [
            StoreOption.spec(purpose: "export"),
            .value("--class", valueName: "name", repeatable: true,
                   help: "Export only this class (repeatable); default: every top-level class."),
            .flag("--ndjson", help: "One object a line, of one class (for realm-import --class, mongoimport)."),
            .flag("--canonical", help: "Canonical Extended JSON ($numberInt, $numberDouble, …) instead of relaxed."),
            .flag("--pretty", help: "Indent the output (not with --ndjson or --outbox)."),
            .value("--query", valueName: "rql", help: "Export only the objects matching this Realm Query Language predicate."),
            .value("--sort", valueName: "keypath", repeatable: true,
                   help: "Order by this key path ('-' prefix: descending; repeatable, first is primary)."),
            .value("--limit", valueName: "n", help: "Export at most this many objects."),
            .value("--output", "-o", valueName: "file", help: "Write to this file ('-' or absent: stdout)."),
            .flag("--outbox", help: "Export an asymmetric class's outbox: canonical NDJSON, ready for mongoimport."),
            .flag("--drain", help: "With --outbox: remove what was written, in the same transaction."),
            DiagnosticFormat.option,
        ])

    static func drainWithoutOutbox() -> UsageError {
        UsageError("'--drain' needs '--outbox'.")
    }

    static func conflicting(_ first: String, _ second: String) -> UsageError {
        UsageError("'\(first)' cannot be combined with '\(second)'.")
    }

    static func badLimit(_ text: String) -> UsageError {
        UsageError("'--limit' needs a non-negative integer, not '\(text)'.")
    }

    static func drainedSummary(_ count: Int, _ path: String) -> String {
        "drained \(Plural.counted(count, "object")) from the outbox into \(path)\n"
    }
}
