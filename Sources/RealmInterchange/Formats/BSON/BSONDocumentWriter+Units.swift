import RealmEngine
import RealmSchema

/// The BSON export as units (`ExportDriver`), on two threads as the JSON export:
/// a class's documents go to its own output, opened when its first unit starts and flushed
/// after its last; a spool holds a unit's documents and nothing else (BSON has no context to
/// resume), so the halves of a class go one after the other into the class's one output.
///
/// For example:
///
///     try ExportDriver(plan: plan).export(models, to: BSONDocumentWriter(plan: plan))
extension BSONDocumentWriter: DocumentWriter {
    convenience init(spoolFrom plan: ExportPlan, into output: ExportOutput) {
        self.init(plan: plan)
        sink = output
    }

    /// `--omit-empty` too: the reader takes back what it leaves out.
    var splitsLargeClasses: Bool { readsWholeClasses && (plan.options.selection?.isEverything ?? true) }

    var tally: Int { truncatedDates }

    /// Nothing: each class's output is opened with its first unit.
    func beginExport() throws {}

    func endExport() throws {}

    /// Nothing: each class's output is flushed after its last unit.
    func flush() throws {}

    func writeUnit(_ unit: ExportUnit) throws {
        if unit.opensClass, let openOutput { sink = try openOutput(unit.model) }
        let sink = self.sink
        try writeObjects(of: unit) { try sink.write(writer.bytes) }
    }

    func copy(_ unit: ExportUnit, _ spooled: SpooledUnit) throws {
        if unit.opensClass, let openOutput { sink = try openOutput(unit.model) }
        try spooled.copy(to: sink, className: unit.model.name)
        truncatedDates += spooled.tally
    }

    func closeClass(of unit: ExportUnit) throws {
        try sink.flush()
    }

    func resumeContext(of unit: ExportUnit) throws {}

    func writeSpooled(_ unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        let sink = self.sink
        try writeObjects(of: unit) {
            try sink.write(writer.bytes)
            try check()
        }
    }

    /// The documents of `unit`, each in `writer.bytes` when `emit` runs: a whole class or a
    /// half through its export reader, a selection (or a class with `readsWholeClasses` off)
    /// object by object.
    private func writeObjects(of unit: ExportUnit, emit: () throws -> Void) throws {
        if readsWholeClasses, plan.options.selection?.isEverything ?? true {
            return try writeWholeClass(unit.model, part: unit.part, emit: emit)
        }
        try plan.forEachObjectToExport(unit.model) { object, values, position in
            writer.reset()
            try writeObject(object, model: unit.model, position: position, values: values)
            try checkDocumentSize(object, position: position)
            try emit()
        }
    }
}
