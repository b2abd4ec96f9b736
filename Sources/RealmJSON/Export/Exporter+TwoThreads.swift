import RealmEngine
import RealmSchema

/// One piece of an export that two threads share (`ClassSpooler`): a whole class, or one half
/// of a large class read in export order (`Store.exportSplit`).
struct ExportUnit: Sendable {
    let model: ModelSchema
    let part: ExportPart

    /// Whether the unit starts its class's array (and, in the multi-class form, its key).
    var opensClass: Bool {
        if case .second = part { return false }
        return true
    }

    /// Whether the unit ends its class's array.
    var closesClass: Bool {
        if case .first = part { return false }
        return true
    }
}

/// Every shape of export as a sequence of units: the exporter's thread writes them in order,
/// while a second thread (`ClassSpooler`) exports the next ones into spools that are copied in
/// when their turn comes, so the output is byte for byte the one thread's. Two threads are
/// used where the store allows (a file on disk, read outside a write transaction); a class of
/// at least `splitMinimumObjects` objects, exported whole, is cut into two halves.
extension Exporter {
    /// Writes the classes of `models` in the shape of the options (not the outer object of the
    /// multi-class form, nor the final line break).
    func writeUnits(_ models: [ModelSchema]) throws {
        let units = try exportUnits(models)
        spooledUnits = 0
        let spooler = units.count > 1 && spoolsClasses && !store.isInWriteTransaction
            ? ClassSpooler(path: store.path, version: store.version, options: options, units: units,
                           pageCacheKibibytes: try? store.pageCacheKibibytes(), spoolDirectory: spoolDirectory,
                           exporterClaims: claimsUnstartedClasses, beforeRead: beforeSpoolerRead,
                           beforeUnit: beforeSpoolerUnit)
            : nil
        defer { spooler?.stop() }
        spooledAhead = 0
        for (index, unit) in units.enumerated() {
            switch take(index, from: spooler, units: units) {
            case .spooled(let spool, let offset, let objects)?:
                spooledUnits += 1
                try copy(unit, spool, from: offset, objects: objects)
                if unit.closesClass { try closeClass() }
            case .failed(let spool, let offset, let objects, let error)?:
                // What one thread would have written before the failure, then the failure.
                try copy(unit, spool, from: offset, objects: objects)
                throw error
            case .notSpooled?, nil:
                try writeUnit(unit)
                if unit.closesClass { try closeClass() }
            }
        }
    }

    /// Unit `index`'s outcome from the spooler (nil: write it directly). While the second thread
    /// still writes it, later units nobody has started are spooled on this thread's connection.
    private func take(_ index: Int, from spooler: ClassSpooler?, units: [ExportUnit]) -> ClassSpooler.Outcome? {
        guard index > 0, let spooler else { return nil }
        return spooler.take(index) { ahead in
            self.spooledAhead += 1
            return spooler.export(units[ahead], from: self.store, for: self)
        }
    }

    /// The units of `models`: large classes exported whole are split in two.
    private func exportUnits(_ models: [ModelSchema]) throws -> [ExportUnit] {
        var units: [ExportUnit] = []
        let whole = options.selection?.isEverything ?? true
        for model in models {
            if whole, !options.omitEmpty, spoolsClasses, !store.isInWriteTransaction,
               let split = try store.exportSplit(model.name, minimumObjects: splitMinimumObjects) {
                units.append(ExportUnit(model: model, part: .first(split)))
                units.append(ExportUnit(model: model, part: .second(split)))
            } else {
                units.append(ExportUnit(model: model, part: .whole))
            }
        }
        return units
    }

    /// A unit written directly: its class's key and array opened when it starts the class, then its objects.
    private func writeUnit(_ unit: ExportUnit) throws {
        if unit.opensClass {
            if options.shape == .classes { try writer.key(unit.model.name) }
            if options.shape != .ndjson { try writer.beginArray() }
        }
        try writeObjects(of: unit) {}
    }

    /// The objects of `unit` (the NDJSON line break after each); `check` runs after each one.
    func writeObjects(of unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        let ndjson = options.shape == .ndjson
        let after = { [writer] () throws(ExportError) -> Void in
            if ndjson { try writer.output.write(UInt8(ascii: "\n")) }
            try check()
        }
        if case .whole = unit.part {
            try writeObjects(of: unit.model, after: after)
        } else {
            try writeWholeClass(unit.model, part: unit.part, after: after)
        }
    }

    /// Writes, on a spooling thread's writer, what the exporter's writer has open when `unit`
    /// starts, and the unit's key; the spool keeps what is written after (from the array's bracket on).
    func resumeContext(of unit: ExportUnit) throws {
        if options.shape == .classes {
            try writer.beginObject()
            try writer.key(unit.model.name)
        }
        if !unit.opensClass && options.shape != .ndjson { try writer.resumeArray(elements: 1) }
    }

    /// A spooled unit's bytes in place of writing it, leaving the writer as writing it would.
    private func copy(_ unit: ExportUnit, _ spool: ExportSpool, from offset: Int, objects: Int) throws {
        if unit.opensClass {
            if options.shape == .classes { try writer.key(unit.model.name) }
            if options.shape != .ndjson { try writer.prepareForValue() }
        }
        try spool.copy(from: offset, to: writer.output, className: unit.model.name)
        if unit.opensClass && options.shape != .ndjson { try writer.resumeArray(elements: objects, opening: false) }
    }

    private func closeClass() throws {
        if options.shape != .ndjson { try writer.endArray() }
    }
}
