import RealmEngine
import RealmSchema

/// One piece of an export that two threads share (`ClassSpooler`): a whole class, or one half
/// of a large class read in export order (`Store.exportSplit`).
struct ExportUnit: Sendable {
    let model: ModelSchema
    let part: ExportPart

    /// Whether the unit starts its class (its array, its key, or its file).
    var opensClass: Bool {
        if case .second = part { return false }
        return true
    }

    /// Whether the unit ends its class.
    var closesClass: Bool {
        if case .first = part { return false }
        return true
    }
}

/// A unit a spooling thread wrote into `spool`: its bytes from `offset` to the file's end,
/// `objects` objects, and the writer's `tally` for them.
struct SpooledUnit {
    let spool: ExportSpool
    var offset = 0
    var objects = 0
    var tally = 0

    /// Appends the unit's bytes to `output`.
    func copy(to output: ExportOutput, className: String) throws(ExportError) {
        try spool.copy(from: offset, to: output, className: className)
    }
}
