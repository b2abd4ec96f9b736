import RealmEngine
import RealmSchema

/// The Extended JSON export as units (`ExportDriver`): its classes go into one output, as the
/// keys of one object (the multi-class form), or one class as an array or NDJSON; a spool holds
/// a unit's objects from its array's bracket on, and takes up the writer's layout where the
/// exporter's writer is when the unit starts.
///
/// For example:
///
///     try ExportDriver(plan: plan).export(models, to: ExtendedJSONDocumentWriter(plan: plan, output: output))
extension ExtendedJSONDocumentWriter: DocumentWriter {
    convenience init(spoolFrom plan: ExportPlan, into output: ExportOutput) {
        self.init(plan: plan, output: output)
    }

    /// Not under `--omit-empty`, which decides per value on the object-by-object path.
    var splitsLargeClasses: Bool { (plan.options.selection?.isEverything ?? true) && !plan.options.omitEmpty }

    var tally: Int { 0 }

    /// The multi-class form's outer object.
    func beginExport() throws {
        if plan.options.shape == .classes { try writer.beginObject() }
    }

    /// The multi-class form's closing brace, and a line break after the last line but NDJSON's.
    func endExport() throws {
        if plan.options.shape == .classes { try writer.endObject() }
        if plan.options.shape != .ndjson { try writer.output.write(UInt8(ascii: "\n")) }
    }

    func flush() throws {
        try writer.output.flush()
    }

    /// A unit written directly: its class's key and array opened when it starts the class, then its objects.
    func writeUnit(_ unit: ExportUnit) throws {
        if unit.opensClass {
            if plan.options.shape == .classes { try writer.key(unit.model.name) }
            if plan.options.shape != .ndjson { try writer.beginArray() }
        }
        try writeObjects(of: unit) {}
    }

    /// The objects of `unit` (the NDJSON line break after each); `check` runs after each one.
    func writeObjects(of unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        let ndjson = plan.options.shape == .ndjson
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
        if plan.options.shape == .classes {
            try writer.beginObject()
            try writer.key(unit.model.name)
        }
        if !unit.opensClass && plan.options.shape != .ndjson { try writer.resumeArray(elements: 1) }
    }

    func writeSpooled(_ unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        if unit.opensClass && plan.options.shape != .ndjson { try writer.beginArray() }
        try writeObjects(of: unit, check: check)
    }

    /// A spooled unit's bytes in place of writing it, leaving the writer as writing it would.
    func copy(_ unit: ExportUnit, _ spooled: SpooledUnit) throws {
        if unit.opensClass {
            if plan.options.shape == .classes { try writer.key(unit.model.name) }
            if plan.options.shape != .ndjson { try writer.prepareForValue() }
        }
        try spooled.copy(to: writer.output, className: unit.model.name)
        if unit.opensClass && plan.options.shape != .ndjson { try writer.resumeArray(elements: spooled.objects, opening: false) }
    }

    func closeClass(of unit: ExportUnit) throws {
        if plan.options.shape != .ndjson { try writer.endArray() }
    }
}
