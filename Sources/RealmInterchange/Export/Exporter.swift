import RealmEngine
import RealmSchema

/// What `Exporter` writes.
public struct ExportOptions: Sendable, Hashable {
    /// The overall shape of the output.
    public enum Shape: Sendable, Hashable {
        /// `{"Person": [...], "Dog": [...]}`: the multi-class object `realm-import` reads.
        case classes
        /// One object a line, of one class (`realm-import --class NAME`).
        case ndjson
        /// A plain array of one class's objects, one a line (mongoexport's `--jsonArray`).
        case array
    }

    /// The classes to export in schema order; empty means every top-level class.
    public var classes: [String]
    public var shape: Shape
    public var mode: ExtendedJSONMode
    /// Indented output (not with NDJSON).
    public var pretty: Bool
    /// Which objects of the (single) exported class to write; nil: all, in the stable order.
    public var selection: ExportSelection?
    /// Only these properties (dotted paths into embedded objects; the primary key always);
    /// nil: every persisted property. See `ExportPlan+Projection.swift`.
    public var fields: [String]?
    /// Leave out null properties and empty collections (`--omit-empty`); see `ExportPlan+OmitEmpty.swift`.
    public var omitEmpty = false

    public init(classes: [String] = [], shape: Shape = .classes, mode: ExtendedJSONMode = .relaxed, pretty: Bool = false,
                selection: ExportSelection? = nil) {
        self.classes = classes
        self.shape = shape
        self.mode = mode
        self.pretty = pretty
        self.selection = selection
    }

    /// These options with a projection (`--fields`).
    public func projecting(_ fields: [String]?) -> ExportOptions {
        var options = self
        options.fields = fields
        return options
    }
}

/// Writes a store's objects as Extended JSON that `realm-import` turns back into the same store:
/// the export's plan (`ExportPlan`) run by its driver (`ExportDriver`) against the Extended JSON
/// writer (`ExtendedJSONDocumentWriter`).
///
/// - Classes in schema order; objects by primary key, else in insertion order; properties in
///   schema order (`linkingObjects` omitted); map and dictionary keys decoded back to the
///   original (`MapKeyCoding.decode`), in byte order.
/// - Embedded objects inline; links to classes with a primary key as the key's value; objects
///   of classes without one as described in `ExportReference`.
/// - Streaming: one object is in memory at a time, and the output goes through a 64 KiB buffer.
///   Everything is read in one read transaction, so the output is a consistent snapshot. A
///   whole class is read through `Store.exportReader` (one statement for its rows and one per
///   collection and per List of embedded objects, merged by owner;
///   `ExtendedJSONDocumentWriter+Rows.swift`), not a query per object, embedded object or link.
///
/// For example:
///
///     let output = ExportOutput.fileDescriptor(1, name: "stdout")
///     try Exporter(store: store, options: ExportOptions(mode: .canonical), output: output).export()
public final class Exporter {
    /// What the export writes (classes, objects, fields, references).
    let plan: ExportPlan
    /// The Extended JSON writer over `plan` and the output.
    let documents: ExtendedJSONDocumentWriter
    /// The units and the two threads (tests set its settings and read its counts).
    let driver: ExportDriver

    public init(store: Store, options: ExportOptions, output: ExportOutput) {
        plan = ExportPlan(store: store, options: options)
        documents = ExtendedJSONDocumentWriter(plan: plan, output: output)
        driver = ExportDriver(plan: plan)
    }

    /// Writes the export and flushes the output.
    ///
    /// - Throws: `ExportError` for options that do not fit the store and values JSON cannot
    ///   carry; the store's errors and `ExportError` (I/O) for read and write failures.
    public func export() throws {
        try driver.export(try plan.prepare(), to: documents)
    }
}
