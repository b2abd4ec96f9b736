import RealmEngine
import RealmSchema

/// The Extended JSON format of an export (`DocumentWriter`): what its plan (`ExportPlan`)
/// selects, as `realm-import` reads it back into the same store.
///
/// - Properties in schema order (`linkingObjects` omitted); map and dictionary keys decoded
///   back to the original (`MapKeyCoding.decode`), in byte order.
/// - Embedded objects inline; links to classes with a primary key as the key's value; objects
///   of classes without one as described in `ExportReference`.
/// - A whole class is read through `Store.exportReader` (one statement for its rows and one per
///   collection and per List of embedded objects, merged by owner;
///   `ExtendedJSONDocumentWriter+Rows.swift`), not a query per object, embedded object or link;
///   a selection object by object (`ExtendedJSONDocumentWriter+Objects.swift`).
///
/// It also writes single values on their own, as the CSV/TSV export's cells of collections and
/// mixed values (`writeValue`).
///
/// For example:
///
///     let writer = ExtendedJSONDocumentWriter(plan: plan, output: output)
///     try writer.writeValue(.list([.int(1), .int(2)]), person.property(named: "scores")!.type)    // [1,2]
final class ExtendedJSONDocumentWriter {
    let plan: ExportPlan
    let writer: ExtendedJSONWriter
    /// The entries of the map being written (`ExtendedJSONDocumentWriter+Maps.swift`), reused.
    let mapScratch = ExportMapScratch()

    /// A writer of `plan`'s mode to `output`, laid out for its shape: one object a line (in the
    /// multi-class object, the array, or as NDJSON), or indented with `pretty`.
    init(plan: ExportPlan, output: ExportOutput) {
        let options = plan.options
        let layout: JSONLayout = options.pretty ? .pretty : options.shape == .ndjson ? .compact
            : .lines(depth: options.shape == .array ? 1 : 2)
        self.plan = plan
        self.writer = ExtendedJSONWriter(output: output, mode: options.mode, layout: layout)
    }

    /// Streams the objects of one class, in primary-key or insertion order; `after` runs after
    /// each object (the NDJSON line break). A whole class is read by its export reader, except
    /// under `--omit-empty`, which decides per value (`leavesOut`) on the object-by-object path.
    func writeObjects(of model: ModelSchema, after: () throws(ExportError) -> Void) throws {
        if plan.options.selection?.isEverything ?? true, !plan.options.omitEmpty { return try writeWholeClass(model, after: after) }
        try plan.forEachObjectToExport(model) { object, values, position in
            try writeObject(object, model: model, position: position, values: values)
            try after()
        }
    }
}
