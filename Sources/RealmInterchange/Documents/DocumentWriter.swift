import RealmEngine
import RealmSchema

/// What a format implements to be exported (`ExportDriver`): how it starts and ends an export,
/// writes a unit of it (`ExportUnit`: a class, or a half of a large one) directly or into a spool,
/// puts a spooled unit in its place, and ends a class. Which classes and objects, in which
/// order, with which fields, `$id`s and references is its `plan`'s (`ExportPlan`), shared by
/// every format; the order of the units, which thread writes which, and the checks that make
/// two threads give the one thread's bytes are the driver's.
///
/// The Extended JSON writer (`ExtendedJSONDocumentWriter`) puts every class in one output, as
/// the keys of one object or as one class's array or lines; the BSON writer
/// (`BSONDocumentWriter`) writes one output per class; the CSV/TSV writer
/// (`TableDocumentWriter`) one class's rows.
///
/// For example:
///
///     let plan = ExportPlan(store: store, options: options)
///     let writer = ExtendedJSONDocumentWriter(plan: plan, output: output)
///     try ExportDriver(plan: plan).export(try plan.prepare(), to: writer)
protocol DocumentWriter: AnyObject, SendableMetatype {
    /// A writer of the same format over `plan` (of another connection, or of the exporter's own)
    /// that writes units into a spool through `output`; nil when the format writes no spools
    /// (then the exporter's thread writes every unit itself).
    init?(spoolFrom plan: ExportPlan, into output: ExportOutput)
    /// What the export writes: the store, the options, the selection, the references.
    var plan: ExportPlan { get }
    /// Whether whole classes are read through their export readers, so that a large one may be
    /// cut in two halves.
    var splitsLargeClasses: Bool { get }
    /// A count the export reports at its end (BSON's dates cut to the millisecond; 0 for JSON).
    var tally: Int { get }
    /// Starts the export, in its read transaction, before the first unit (JSON's outer object).
    func beginExport() throws
    /// Ends the export, in its read transaction, after the last unit.
    func endExport() throws
    /// Flushes what the export wrote, after its read transaction.
    func flush() throws
    /// Writes `unit` to the output, starting its class when it opens it.
    func writeUnit(_ unit: ExportUnit) throws
    /// Puts a spooled unit where writing it would, leaving the output as writing it would.
    func copy(_ unit: ExportUnit, _ spooled: SpooledUnit) throws
    /// Ends the class `unit` closes.
    func closeClass(of unit: ExportUnit) throws
    /// In a spool: what the exporter's output has open when `unit` starts (not kept).
    func resumeContext(of unit: ExportUnit) throws
    /// In a spool, after `resumeContext`: what `writeUnit` writes; `check` runs after each object.
    func writeSpooled(_ unit: ExportUnit, check: () throws(ExportError) -> Void) throws
}
