/// The messages `realm-import` prints about its command line, files and store.
enum ImportToolMessages {
    static let stdinTwice = "stdin ('-') can be read only once."

    static let fieldsWithoutTable = "'--fields' names the columns of CSV or TSV input; add '--type csv' or '--type tsv'."

    static func badDocumentSize(_ text: String) -> String {
        "The value '\(text)' is invalid for '--max-document-size'; expected a size in bytes of at least 1, "
            + "optionally with KiB, MiB or GiB (e.g. 16MiB)."
    }

    static func unreadableInput(_ path: String) -> String {
        "\(path): no such file or not readable"
    }

    static func schemaNeeded(_ storePath: String) -> String {
        "'--schema' is required to create the store '\(storePath)', which does not exist yet."
    }

    static func schemaMismatch(_ storePath: String, _ message: String) -> String {
        "\(storePath): the store's schema differs from --schema and cannot be migrated automatically. \(message)"
    }

    /// The closing line of a run stopped by `signal` (its name): nothing was written.
    static func interrupted(_ storePath: String, signal: String, created: Bool) -> String {
        created ? "interrupted by \(signal); '\(storePath)' was not created"
            : "interrupted by \(signal); nothing was written to '\(storePath)'"
    }
}
