import RealmEngine
import RealmSchema

/// Runs an export plan (`ExportPlan`) against a format's `DocumentWriter`, every format alike:
/// the export in one read transaction (a consistent snapshot), as a sequence of units the
/// exporter's thread writes in order, while a second thread (`ClassSpooler`) exports the next
/// ones into spools that are copied in when their turn comes, so the output is byte for byte
/// the one thread's. Two threads are used where the store allows (a file on disk, read outside
/// a write transaction); a class of at least `splitMinimumObjects` objects, exported whole, is
/// cut into two halves.
///
/// For example:
///
///     let driver = ExportDriver(plan: plan)
///     try driver.export(try plan.prepare(), to: ExtendedJSONDocumentWriter(plan: plan, output: output))
final class ExportDriver {
    let plan: ExportPlan
    /// Whether later classes and halves of large classes may be exported on a second thread;
    /// tests turn it off to compare.
    var spoolsClasses = true
    /// The fewest objects of a class that is cut in two halves for two threads.
    var splitMinimumObjects: Int64 = 20_000
    /// Runs on that thread before its connection reads (tests commit here).
    var beforeSpoolerRead: (@Sendable () -> Void)?
    /// Where that thread's spools go (nil: `$TMPDIR`, else /tmp), for tests.
    var spoolDirectory: String?
    /// Whether this thread may write a later unit that thread has not started (off in tests).
    var claimsUnstartedClasses = true
    /// How many units the last export copied from spools (the second thread's or this one's).
    var spooledUnits = 0
    /// How many of them this thread spooled itself while the second thread was still writing
    /// the unit due before them.
    var spooledAhead = 0
    /// Runs on the second thread after it claims a unit, with the unit's index (tests delay it).
    var beforeSpoolerUnit: (@Sendable (Int) -> Void)?

    init(plan: ExportPlan) {
        self.plan = plan
    }

    /// Writes the classes of `models` (the plan's, prepared) through `writer`, whose plan is
    /// this driver's, in one read transaction, then flushes it.
    func export(_ models: [ModelSchema], to writer: some DocumentWriter) throws {
        defer { plan.forgetReads() }
        try plan.store.readTransaction {
            try writer.beginExport()
            try writeUnits(models, to: writer)
            try writer.endExport()
        }
        try writer.flush()
    }

    /// Writes the classes of `models` unit by unit, in a read transaction.
    func writeUnits<Writer: DocumentWriter>(_ models: [ModelSchema], to writer: Writer) throws {
        let store = plan.store
        let units = try exportUnits(models, splitting: writer.splitsLargeClasses)
        spooledUnits = 0
        spooledAhead = 0
        let spooler = units.count > 1 && spoolsClasses && !store.isInWriteTransaction
            ? ClassSpooler<Writer>(path: store.path, version: store.version, options: plan.options, units: units,
                                   pageCacheKibibytes: try? store.pageCacheKibibytes(), spoolDirectory: spoolDirectory,
                                   exporterClaims: claimsUnstartedClasses, beforeRead: beforeSpoolerRead,
                                   beforeUnit: beforeSpoolerUnit)
            : nil
        defer { spooler?.stop() }
        for (index, unit) in units.enumerated() {
            switch take(index, from: spooler, units: units, writer: writer) {
            case .spooled(let spooled)?:
                spooledUnits += 1
                try writer.copy(unit, spooled)
                if unit.closesClass { try writer.closeClass(of: unit) }
            case .failed(let spooled, let error)?:
                // What one thread would have written before the failure, then the failure.
                try writer.copy(unit, spooled)
                throw error
            case .notSpooled?, nil:
                try writer.writeUnit(unit)
                if unit.closesClass { try writer.closeClass(of: unit) }
            }
        }
    }

    /// Unit `index`'s outcome from the spooler (nil: write it directly). While the second thread
    /// still writes it, later units nobody has started are spooled on this thread's connection.
    private func take<Writer: DocumentWriter>(_ index: Int, from spooler: ClassSpooler<Writer>?, units: [ExportUnit],
                                              writer: Writer) -> ClassSpooler<Writer>.Outcome? {
        guard index > 0, let spooler else { return nil }
        return spooler.take(index) { ahead in
            self.spooledAhead += 1
            return spooler.export(units[ahead], from: self.plan.store, for: writer)
        }
    }

    /// The units of `models`: large classes exported whole are split in two when `splitting`.
    private func exportUnits(_ models: [ModelSchema], splitting: Bool) throws -> [ExportUnit] {
        let store = plan.store
        var units: [ExportUnit] = []
        for model in models {
            if splitting, spoolsClasses, !store.isInWriteTransaction,
               let split = try store.exportSplit(model.name, minimumObjects: splitMinimumObjects) {
                units.append(ExportUnit(model: model, part: .first(split)))
                units.append(ExportUnit(model: model, part: .second(split)))
            } else {
                units.append(ExportUnit(model: model, part: .whole))
            }
        }
        return units
    }
}
