import RealmEngine
import RealmFormats
import RealmSchema

/// Writes the objects of one class as CSV or TSV (docs/csv.md) that `realm-import --type`
/// reads back into the same objects: a header of the columns, then one row an object, in the
/// export's order (or the selection's).
///
/// A value the format cannot hold exactly is an error naming the object and the property,
/// never a silent change: in TSV a tab or line break in a string, or an empty string (an
/// empty cell is null); in both a link to an object without a primary key, or a date JSON
/// cannot write.
///
/// For example:
///
///     let output = ExportOutput.memory()
///     try TableExporter(store: store, className: "Zip", format: .csv, fields: ["zip", "loc.x"], output: output).export()
///     output.text    // "zip,loc.x\n01001,-72.622739\n"
public final class TableExporter {
    private let store: Store
    private let className: String?
    private let format: TableFormat
    private let fields: [String]?
    private let selection: ExportSelection?
    private let header: Bool
    private let output: ExportOutput
    /// The lists, sets and maps the columns left out (without `fields`: docs/csv.md, section 4),
    /// as `Class.property` paths dotted through embedded objects (`Zip.tags`, `Zip.loc.tags`),
    /// in schema order; set by `export()`.
    public private(set) var leftOut: [String] = []

    /// The note that says which properties the export left out, nil when it left out none.
    public var leftOutNote: String? {
        leftOut.isEmpty ? nil : CSVMessages.leftOutCollections(format.title, leftOut)
    }

    /// `header: false` leaves the header line out (mongoexport's `--noHeaderLine`): the rows alone,
    /// which `realm-import --fields` reads back.
    public init(store: Store, className: String?, format: TableFormat, fields: [String]?,
                selection: ExportSelection? = nil, header: Bool = true, output: ExportOutput) {
        self.store = store
        self.className = className
        self.format = format
        self.fields = fields
        self.selection = selection
        self.header = header
        self.output = output
    }

    /// Writes the header and every row, then flushes: the export's plan (`ExportPlan`) of the
    /// one class run by its driver (`ExportDriver`) against the CSV/TSV writer (`TableDocumentWriter`).
    ///
    /// - Throws: `ExportError` for a class or field that does not fit and for a value the
    ///   format cannot hold; the store's errors for read failures.
    public func export() throws {
        let models = store.schema.models.filter { $0.kind == .object }
        let model: ModelSchema
        if let className {
            guard let found = store.schema.model(named: className), found.kind == .object else {
                throw ExportError(ExportMessages.unknownClass(className, known: models.map(\.name)))
            }
            model = found
        } else {
            guard models.count == 1 else { throw ExportError(ExportMessages.ndjsonNeedsOneClass(models.map(\.name))) }
            model = models[0]
        }
        var leftOut: [String] = []
        let columns = try TableColumn.columns(fields, of: model, in: store.schema, leftOut: &leftOut)
        self.leftOut = leftOut.map { model.name + "." + $0 }
        // Cells of collections and mixed values are compact relaxed JSON, whose `$ref`s may name any top-level class.
        let plan = ExportPlan(store: store, options: ExportOptions(classes: [model.name], shape: .ndjson, selection: selection))
        plan.exported = Set(models.map(\.name))
        let writer = TableDocumentWriter(plan: plan, format: format, columns: columns, header: header, output: output)
        try ExportDriver(plan: plan).export([model], to: writer)
    }
}
