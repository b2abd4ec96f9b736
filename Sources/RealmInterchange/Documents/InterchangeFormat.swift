/// The formats `realm-import` reads (`--type`, or detected from the first bytes). Each has its
/// reader in `Formats/<Name>/` (a `DocumentReader`); this enum is what the tools list in
/// `--type`, its help and completions, and the one place that maps a format to its reader and
/// tells a format by content, so a new input format is a folder and a case here.
///
/// For example:
///
///     InputFormat(rawValue: "bson")?.isDetected    // true: a BSON input is told by its first bytes
public enum InputFormat: String, Sendable, CaseIterable {
    /// Extended JSON: an array, NDJSON or a multi-class object (docs/json-typing.md).
    case json
    /// BSON documents one after another, as `mongodump` writes a collection.
    case bson
    /// Comma-separated rows of one class, typed by the schema (docs/csv.md).
    case csv
    /// Tab-separated rows of one class (docs/csv.md).
    case tsv
    /// Realm's own `.realm` file: every object of every class (docs/realm-import.md, section 18).
    case realm

    /// Whether an input is told to be of this format by its first bytes when `--type` is not
    /// given (`detected(in:)`): JSON, BSON and Realm files are; CSV and TSV text is only
    /// ever read when asked for, as it could be anything.
    public var isDetected: Bool { table == nil }

    /// The delimited-text format of CSV and TSV, nil for the others.
    public var table: TableFormat? { TableFormat(rawValue: rawValue) }

    /// Whether documents need `--class`, as a table's rows name no class (a BSON file named
    /// after a class, `Person.bson`, does).
    public var needsClass: Bool { table != nil }

    /// The reader of this format. CSV and TSV readers are made with their source
    /// (`Importer.tableSource`), as they transcode its bytes; the JSON reader stands in here.
    func makeReader() -> any DocumentReader {
        switch self {
        case .json, .csv, .tsv: JSONReader()
        case .bson: BSONReader()
        case .realm: RealmReader()
        }
    }

    /// The format of an input `--type` does not name, told by its first bytes: a Realm file when
    /// its header has `T-DB` (`startsRealm()`, checked first: a Realm file's first bytes, a
    /// reference, can look like a BSON length), BSON when it starts as a BSON document does
    /// (`startsBSON()`), else JSON. UTF-16 and UTF-32 text is an error naming its encoding
    /// (`refuseWideText(orBSON:)`), unless its bytes are a well-framed BSON document. A file
    /// named `*.realm` is a Realm file whatever its first bytes, as an encrypted one has no
    /// readable header (`RealmFileSchema.isNamedAsRealmFile`).
    static func detected(in source: DocumentSource) throws(SourceError) -> InputFormat {
        if try source.startsRealm() || RealmFileSchema.isNamedAsRealmFile(source.name) { return .realm }
        try source.refuseWideText(orBSON: true)
        return try source.startsBSON() ? .bson : .json
    }

    /// `realm-import --type`'s help, naming every case.
    public static let help = "json, bson or realm (default: detected by the first bytes; bson: a mongodump .bson file, "
        + "documents of --class; realm: a Realm app's .realm file, every class, its schema when the store is new), "
        + "or csv / tsv: one row an object of --class, typed by the schema (docs/csv.md)."
}

/// The formats `realm-export` writes (`--type`). Each has its writer in `Formats/<Name>/`;
/// this enum is what the tools list in `--type`, its help and completions.
///
/// For example:
///
///     OutputFormat(rawValue: "csv")?.table?.separator    // 0x2C
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Extended JSON, relaxed or canonical: a multi-class object, NDJSON or an array.
    case json
    /// BSON as `mongodump` writes it: a `<class>.bson` and `<class>.metadata.json` a class.
    case bson
    /// Comma-separated rows of one class (docs/csv.md).
    case csv
    /// Tab-separated rows of one class (docs/csv.md).
    case tsv
    /// A `.realm` file of file format 24 that the Realm SDKs open (`RealmFileExporter`).
    case realm

    /// The delimited-text format of CSV and TSV, nil for the others.
    public var table: TableFormat? { TableFormat(rawValue: rawValue) }

    /// `realm-export --type`'s help, naming every case.
    public static let help = "json (default); bson: mongodump's files for mongorestore (-o DIR: <class>.bson and "
        + "<class>.metadata.json each); csv / tsv: one row an object of one class (docs/csv.md); or realm: a .realm "
        + "file (format 24, Realm Swift 10.49+ and other realm-core 14 SDKs) at -o FILE."
}
