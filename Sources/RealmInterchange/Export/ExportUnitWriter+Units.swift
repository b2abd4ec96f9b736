import RealmEngine
import RealmSchema

/// Every export as a sequence of units, JSON's and BSON's alike: the exporter's thread writes
/// them in order, while a second thread (`ClassSpooler`) exports the next ones into spools that
/// are copied in when their turn comes, so the output is byte for byte the one thread's. Two
/// threads are used where the store allows (a file on disk, read outside a write transaction);
/// a class of at least `splitMinimumObjects` objects, exported whole, is cut into two halves.
///
/// For example:
///
///     try store.readTransaction { try exporter.writeUnits(try exporter.exporter.prepare()) }
extension ExportUnitWriter {
    /// Writes the classes of `models` unit by unit, in a read transaction.
    func writeUnits(_ models: [ModelSchema]) throws {
        let exporter = self.exporter, store = exporter.store
        let units = try exportUnits(models)
        exporter.spooledUnits = 0
        exporter.spooledAhead = 0
        let spooler = units.count > 1 && exporter.spoolsClasses && !store.isInWriteTransaction
            ? ClassSpooler<Self>(path: store.path, version: store.version, options: exporter.options, units: units,
                                 pageCacheKibibytes: try? store.pageCacheKibibytes(), spoolDirectory: exporter.spoolDirectory,
                                 exporterClaims: exporter.claimsUnstartedClasses, beforeRead: exporter.beforeSpoolerRead,
                                 beforeUnit: exporter.beforeSpoolerUnit)
            : nil
        defer { spooler?.stop() }
        for (index, unit) in units.enumerated() {
            switch take(index, from: spooler, units: units) {
            case .spooled(let spooled)?:
                exporter.spooledUnits += 1
                try copy(unit, spooled)
                if unit.closesClass { try closeClass(of: unit) }
            case .failed(let spooled, let error)?:
                // What one thread would have written before the failure, then the failure.
                try copy(unit, spooled)
                throw error
            case .notSpooled?, nil:
                try writeUnit(unit)
                if unit.closesClass { try closeClass(of: unit) }
            }
        }
    }

    /// Unit `index`'s outcome from the spooler (nil: write it directly). While the second thread
    /// still writes it, later units nobody has started are spooled on this thread's connection.
    private func take(_ index: Int, from spooler: ClassSpooler<Self>?, units: [ExportUnit]) -> ClassSpooler<Self>.Outcome? {
        guard index > 0, let spooler else { return nil }
        return spooler.take(index) { ahead in
            self.exporter.spooledAhead += 1
            return spooler.export(units[ahead], from: self.exporter.store, for: self)
        }
    }

    /// The units of `models`: large classes exported whole are split in two.
    private func exportUnits(_ models: [ModelSchema]) throws -> [ExportUnit] {
        let exporter = self.exporter, store = exporter.store
        var units: [ExportUnit] = []
        for model in models {
            if splitsLargeClasses, exporter.spoolsClasses, !store.isInWriteTransaction,
               let split = try store.exportSplit(model.name, minimumObjects: exporter.splitMinimumObjects) {
                units.append(ExportUnit(model: model, part: .first(split)))
                units.append(ExportUnit(model: model, part: .second(split)))
            } else {
                units.append(ExportUnit(model: model, part: .whole))
            }
        }
        return units
    }
}
