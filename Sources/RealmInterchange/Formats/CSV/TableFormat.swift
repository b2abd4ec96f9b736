/// The delimited-text formats `realm-import --type` reads and `realm-export --type` writes
/// (docs/csv.md): CSV per RFC 4180, TSV with tabs and no quoting.
///
/// For example:
///
///     TableFormat(rawValue: "tsv")?.separator    // 0x09
public enum TableFormat: String, Sendable, CaseIterable {
    /// Comma-separated; `"` quotes a cell that holds a comma, a quote or a line break.
    case csv
    /// Tab-separated; no quoting and no escapes: a cell holds neither a tab nor a line break.
    case tsv

    /// The byte between cells.
    public var separator: UInt8 { self == .csv ? UInt8(ascii: ",") : UInt8(ascii: "\t") }

    /// Whether cells may be quoted.
    var quotes: Bool { self == .csv }

    /// The name in messages (`CSV`, `TSV`).
    var title: String { rawValue.uppercased() }
}
