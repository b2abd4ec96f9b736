import RealmFormats

/// The messages of CSV and TSV input and output, in one place.
enum CSVMessages {
    static let unterminatedQuote = "this quoted cell is never closed: a '\"' must end it (write a quote inside it as '\"\"')"
    static let textAfterQuote = "expected ',' or the end of the line after the closing quote of a cell"
    static let strayQuote = "a '\"' inside an unquoted cell; quote the whole cell and double the quote: \"a \"\"b\"\"\""
    static let invalidUTF8 = "the input starts with an incomplete UTF-8 byte-order mark"
    static let noHeader = "the input is empty: the first line must name the columns (or give them with --fields)"

    /// A row longer than `--max-document-size` (or its default); reading stopped at the limit.
    static func rowTooLarge(limit: Int) -> String {
        "this row is longer than the limit of \(ByteSize.text(limit)) for one document; reading stopped there "
            + "(raise the limit with --max-document-size)"
    }

    static func classNeeded(_ input: String, classes: [String]) -> String {
        "'\(input)' is CSV or TSV: name the class of its rows with --class (one of: \(classes.joined(separator: ", ")))"
    }

    /// A row whose cell count differs from the columns': named by the header line, or by
    /// `--fields` (or `--fieldFile`, which realm-import takes as `--fields`) when there is none.
    static func columnCount(found: Int, expected: Int, fromFields: Bool) -> String {
        let cells = "this row has " + Plural.counted(found, "cell")
        return fromFields
            ? "\(cells), --fields names \(Plural.counted(expected, "column")) (the input has no header line)"
            : "\(cells), the header \(expected)"
    }

    static func duplicateColumn(_ name: String) -> String {
        "the column '\(name)' is named twice"
    }

    static func emptyColumnName(_ position: Int) -> String {
        "column \(position) has no name"
    }

    static func overlappingColumns(_ whole: String, _ part: String) -> String {
        "the columns '\(whole)' and '\(part)' both give '\(whole)': give the embedded object as one JSON cell or by its properties, not both"
    }

    static func notJSON(_ header: String, kind: String, _ detail: String) -> String {
        "the cell of column '\(header)' (\(kind)) must be JSON text, e.g. \(kind == "map" || kind == "embedded object" ? "{\"k\": 1}" : "[\"a\", \"b\"]"): \(detail)"
    }

    static func columnNote(_ header: String) -> String {
        "in column '\(header)'"
    }

    static func cellNote(_ header: String, path: String) -> String {
        "in column '\(header)', at JSON path \(path) of its cell"
    }

    // Export.

    static func cannotHold(_ format: String, _ what: String, object: String, property: String) -> String {
        "\(format) cannot hold \(what) exactly: \(object), property '\(property)'"
    }

    static func unknownField(_ field: String, className: String) -> String {
        "--fields: '\(field)' is not a property of '\(className)' (dotted paths lead into embedded objects)"
    }

    static func fieldIsObject(_ field: String) -> String {
        "--fields: '\(field)' is an embedded object; name its properties ('\(field).x') to get columns"
    }

    /// The note after an export whose default columns left out collections (`paths`:
    /// `Person.tags`); `format` is `CSV` or `TSV`.
    static func leftOutCollections(_ format: String, _ paths: [String]) -> String {
        "\(format) has no column for lists, sets and maps: left out \(paths.joined(separator: ", ")) "
            + "(name them in --fields to write them as JSON cells)"
    }
}
