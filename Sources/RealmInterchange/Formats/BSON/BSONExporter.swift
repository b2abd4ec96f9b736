import RealmEngine
import RealmFormats
import RealmSchema

/// Writes a store's objects as BSON, as `mongodump` writes a collection: each object one BSON
/// document, one after another, with nothing between them, one output per class
/// (`realm-export --type bson`, which `mongorestore` and `realm-import --type bson` read).
///
/// The documents have exactly the Extended JSON export's shape (`Exporter`): the same classes
/// in the same order, the same objects (`--query`, `--sort`, `--skip`, `--limit`), the same
/// fields (`--fields`, `--omit-empty`), links to classes with a primary key as the key value,
/// the `$id`/`$ref` references of `ExportReference` otherwise, embedded objects nested, lists
/// and sets as arrays, maps as documents with their keys decoded. Values by their BSON type
/// (`BSONDocumentWriter+Values.swift`): an int fitting 32 bits is an int32, else an int64; floats
/// are doubles; data is binary subtype 0 and UUIDs subtype 4; dates are milliseconds, a date
/// with a finer part is cut to the millisecond toward 1970 as Realm's sync does (counted in
/// `truncatedDates`). A document over MongoDB's 16 MiB is an error naming its object.
///
/// The export's plan (`ExportPlan`) run by its driver (`ExportDriver`) against the BSON writer
/// (`BSONDocumentWriter`). A whole class is read through `Store.exportReader`
/// (`BSONDocumentWriter+Rows.swift`), as the JSON export reads one; a selection (`--query`,
/// `--sort`, `--skip`, `--limit`) object by object.
///
/// For example:
///
///     let exporter = BSONExporter(store: store, options: ExportOptions(classes: ["Person"]))
///     try exporter.export { model in output }    // output: an ExportOutput for Person.bson
public final class BSONExporter {
    /// What the export writes (classes, objects, fields, references).
    let plan: ExportPlan
    /// The BSON writer over `plan`, which opens each class's output as its first unit starts.
    let documents: BSONDocumentWriter
    /// The units and the two threads (tests set its settings and read its counts).
    let driver: ExportDriver
    /// Whether the export goes to one file (or stdout), so must be of one class.
    let singleOutput: Bool

    /// How many dates had a part finer than a millisecond, which BSON cannot carry.
    public var truncatedDates: Int { documents.truncatedDates }

    /// Whether a whole class is read through its export reader (`BSONDocumentWriter+Rows.swift`);
    /// false writes it object by object, as a selection is (for tests comparing the two).
    var readsWholeClasses: Bool {
        get { documents.readsWholeClasses }
        set { documents.readsWholeClasses = newValue }
    }

    /// `options.classes`, `selection`, `fields` and `omitEmpty` apply; the JSON shape, mode
    /// and layout do not. `singleOutput`: the export is one file, so of one class.
    public init(store: Store, options: ExportOptions, singleOutput: Bool = false) {
        var options = options
        options.shape = .classes
        plan = ExportPlan(store: store, options: options)
        documents = BSONDocumentWriter(plan: plan)
        driver = ExportDriver(plan: plan)
        self.singleOutput = singleOutput
    }

    /// The classes the export writes, in schema order (to name files before exporting).
    ///
    /// - Throws: `ExportError` for unknown, embedded or asymmetric classes, and for several
    ///   classes into one output.
    public func classes() throws(ExportError) -> [ModelSchema] {
        let models = try plan.selectedModels()
        if singleOutput && models.count != 1 {
            throw ExportError(ExportMessages.bsonFileNeedsOneClass(models.map(\.name)))
        }
        return models
    }

    /// Writes every exported class to the output `output` returns for it, in one read
    /// transaction (a consistent snapshot), and flushes each output. Later classes, and the
    /// second half of a large class, are exported on a second thread where the store allows
    /// (`ExportDriver`), with the same bytes.
    ///
    /// - Throws: `ExportError` for options that do not fit the store and values BSON cannot
    ///   carry; the store's errors and `ExportError` (I/O) for read and write failures.
    public func export(to output: (ModelSchema) throws -> ExportOutput) throws {
        _ = try classes()
        let models = try plan.prepare()
        try withoutActuallyEscaping(output) { output in
            documents.openOutput = output
            defer { documents.openOutput = nil }
            try driver.export(models, to: documents)
        }
    }
}

extension ExportMessages {
    static func bsonFileNeedsOneClass(_ names: [String]) -> String {
        "one BSON file holds the objects of one class; name it with --class (one of \(names.joined(separator: ", "))), "
            + "or give -o a directory"
    }

    static func bsonKeyWithNul(_ key: String) -> String {
        "the map key '\(key.replacingOccurrences(of: "\u{0}", with: "\\u0000"))' holds a NUL character, "
            + "which a BSON field name cannot"
    }

    static func bsonObject(_ className: String, primaryKey: String) -> String {
        "the \(className) object with primary key \(primaryKey)"
    }

    static func bsonObject(_ className: String, number: Int64) -> String {
        "the \(className) object number \(number) in insertion order ($id \(number))"
    }

    static func bsonDocumentOverLimit(_ object: String, size: Int) -> String {
        "\(object) is \(size) bytes as BSON, over MongoDB's limit of \(BSONMessages.maxDocumentBytes) bytes (16 MiB) for a document"
    }

    static func bsonDocumentTooLarge(_ size: Int) -> String {
        "the object is \(size) bytes as BSON, more than a BSON document can hold (2 GiB)"
    }

    /// The warning after an export that cut dates to the millisecond.
    package static func bsonDatesTruncated(_ count: Int) -> String {
        "\(Plural.counted(count, "date")) had a part finer than a millisecond, which BSON cannot carry; "
            + "cut to the millisecond (the JSON export keeps it)"
    }

    static func bsonDateOutOfRange(_ text: String) -> String {
        "the date \(text) s since 1970 is outside the range of a BSON date (64-bit milliseconds)"
    }
}
