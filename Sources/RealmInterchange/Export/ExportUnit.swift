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

/// An exporter whose export is a sequence of `ExportUnit`s that two threads can share
/// (`Exporter+TwoThreads.swift`, `ClassSpooler`): the Extended JSON `Exporter`, whose classes
/// go into one output, and `BSONExporter`, which writes one output per class. Each says how it
/// writes a unit directly, into a spool, and how a spool takes a unit's place in its output;
/// the order of the units, who writes which, and the checks that make two threads give the one
/// thread's bytes are shared.
///
/// For example:
///
///     extension BSONExporter: ExportUnitWriter { … }
///     try exporter.store.readTransaction { try exporter.writeUnits(models) }
protocol ExportUnitWriter: AnyObject, SendableMetatype {
    /// A writer of `options` over `store` (another connection, or the exporter's own) that
    /// writes units into a spool through `output`.
    init(spoolFrom store: Store, options: ExportOptions, into output: ExportOutput)
    /// The Extended JSON exporter this is or builds on: the store, the options, the insertion
    /// ordinals, and the settings of the two threads.
    var exporter: Exporter { get }
    /// Whether whole classes are read through their export readers, so that a large one may be
    /// cut in two halves.
    var splitsLargeClasses: Bool { get }
    /// A count the export reports at its end (BSON's dates cut to the millisecond; 0 for JSON).
    var tally: Int { get }
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
