import RealmEngine
import RealmSchema

/// The BSON format of an export (`DocumentWriter`): each object its plan (`ExportPlan`) selects
/// one document, written into `writer` and then to the output of its class (`sink`), with the
/// Extended JSON export's shape (`BSONExporter` says how values map to BSON types).
///
/// For example:
///
///     let writer = BSONDocumentWriter(plan: plan)
///     writer.openOutput = { model in outputs[model.name]! }
///     try ExportDriver(plan: plan).export(try plan.prepare(), to: writer)
final class BSONDocumentWriter {
    let plan: ExportPlan
    /// The document being written (one at a time, reused).
    let writer = BSONWriter()
    /// How many dates had a part finer than a millisecond, which BSON cannot carry.
    var truncatedDates = 0
    /// The subtype data values are written with (`keepBinarySubtype`).
    var binarySubtype: UInt8 = 0
    /// Whether a whole class is read through its export reader (`BSONDocumentWriter+Rows.swift`);
    /// false writes it object by object, as a selection is (for tests comparing the two).
    var readsWholeClasses = true
    /// Opens the output of a class, during an export.
    var openOutput: ((ModelSchema) throws -> ExportOutput)?
    /// Where documents go: the output of the class being written, or a spool.
    var sink = ExportOutput.memory(capacity: 0)

    init(plan: ExportPlan) {
        self.plan = plan
    }

    /// MongoDB's limit on the document in `writer.bytes`, the object `object` (`position`: its
    /// number in insertion order, its `$id`, for a class without a primary key).
    ///
    /// - Throws: `ExportError` naming the object by class and primary key, or number.
    func checkDocumentSize(_ object: ObjectKey, position: Int64?) throws {
        let size = writer.bytes.count
        guard size > BSONMessages.maxDocumentBytes else { return }
        let name = if plan.store.schema.model(named: object.className)?.primaryKey != nil {
            ExportMessages.bsonObject(object.className, primaryKey: try plan.store.primaryKeyValue(of: object).description)
        } else {
            ExportMessages.bsonObject(object.className, number: try position ?? plan.position(of: object))
        }
        throw ExportError(ExportMessages.bsonDocumentOverLimit(name, size: size))
    }
}
