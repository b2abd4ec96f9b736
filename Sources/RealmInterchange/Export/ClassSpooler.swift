import Foundation
import RealmEngine
import RealmSchema
import Synchronization

/// Exports the later units of an export (`ExportUnit`: classes, halves of large classes) on a
/// second thread, each into an `ExportSpool` through a `Writer` of its own (a `DocumentWriter`
/// of the export's format over an `ExportPlan` of its own), while the exporter's thread writes
/// the earlier ones to the output; the exporter (`ExportDriver`) copies each spool into place in
/// turn, so the output is byte for byte the one thread's.
///
/// The second thread reads through a connection of its own (`Store(path:readOnly:)`), and only
/// when that connection reads the same version as the exporter's read transaction: every commit
/// bumps the file's version counter (`Store.version`), and the exporter's version is taken in
/// its transaction before the thread starts. Otherwise (another commit came between, the file
/// cannot be opened again) the thread exports nothing and the exporter writes every unit
/// itself. Units are claimed in order by whichever thread is free first: the exporter writes a
/// unit no one has claimed directly; while the second thread still writes a unit the exporter
/// needs next, the exporter spools the next unclaimed unit itself (through its own connection,
/// at the same version) instead of waiting, so neither thread idles while units remain.
///
/// For example:
///
///     let spooler = ClassSpooler<ExtendedJSONDocumentWriter>(path: store.path, version: store.version, options: options,
///                                                            units: units, pageCacheKibibytes: nil)
///     defer { spooler.stop() }
///     if let outcome = spooler.take(1) { … } else { /* write unit 1 directly */ }
///
/// `@unchecked Sendable`: the two threads share its state only under `condition` (`stopped` is atomic).
final class ClassSpooler<Writer: DocumentWriter>: @unchecked Sendable {
    /// What the second thread made of a unit it claimed.
    enum Outcome {
        /// The unit's bytes (in JSON from its array's bracket when it starts its class, without
        /// the closing one).
        case spooled(SpooledUnit)
        /// The unit's export failed with the error after writing what the spool holds.
        case failed(SpooledUnit, any Error)
        /// Not exported (the spool could not be written): the exporter writes the unit itself.
        case notSpooled
    }

    private let path: String
    private let version: UInt64
    private let options: ExportOptions
    private let units: [ExportUnit]
    private let pageCacheKibibytes: Int?
    private let condition = NSCondition()
    /// The next unit no thread has claimed (unit 0 is the exporter's).
    private var nextUnclaimed = 1
    private var outcomes: [Int: Outcome] = [:]
    /// Whether the exporter may claim a unit the second thread has not claimed yet (tests
    /// turn it off, so that every later unit is the thread's unless it exports nothing).
    private let exporterClaims: Bool
    /// The second thread claims no more units.
    private var isThreadDone = false
    private let stopped = Atomic<Bool>(false)
    private let exited = DispatchSemaphore(value: 0)
    /// Runs on the second thread before its connection reads (tests commit here).
    private let beforeRead: (@Sendable () -> Void)?
    /// Where spools are made (nil: `ExportSpool`'s default).
    private let spoolDirectory: String?
    /// Runs on the second thread after it claims a unit, with the unit's index (tests delay it).
    private let beforeUnit: (@Sendable (Int) -> Void)?

    /// Starts the second thread; `version` is the one the caller's read transaction reads.
    init(path: String, version: UInt64, options: ExportOptions, units: [ExportUnit], pageCacheKibibytes: Int?,
         spoolDirectory: String? = nil, exporterClaims: Bool = true, beforeRead: (@Sendable () -> Void)? = nil,
         beforeUnit: (@Sendable (Int) -> Void)? = nil) {
        self.path = path
        self.version = version
        self.options = options
        self.units = units
        self.pageCacheKibibytes = pageCacheKibibytes
        self.spoolDirectory = spoolDirectory
        self.exporterClaims = exporterClaims
        self.beforeRead = beforeRead
        self.beforeUnit = beforeUnit
        let thread = Thread { [self] in
            run()
            condition.lock()
            isThreadDone = true
            condition.broadcast()
            condition.unlock()
            exited.signal()
        }
        thread.name = "realm-export spooler"
        thread.start()
    }

    /// The outcome of unit `index` when it was spooled (waiting until the second thread is done
    /// with it), else nil: the unit is now the caller's to write, and the thread skips it.
    /// While the thread still writes unit `index`, each unit after it that nobody has claimed is
    /// claimed for the caller and given to `spoolAhead` (on the caller's thread, outside the
    /// lock), whose outcome a later `take` returns.
    func take(_ index: Int, spoolAhead: ((Int) -> Outcome)? = nil) -> Outcome? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outcome = outcomes.removeValue(forKey: index) { return outcome }
            if index >= nextUnclaimed && (exporterClaims || isThreadDone) {
                nextUnclaimed = index + 1
                return nil
            }
            // Unit `index` is the thread's and not done: spool the next free one meanwhile.
            if let spoolAhead, index < nextUnclaimed, nextUnclaimed < units.count, !stopped.load(ordering: .relaxed) {
                let ahead = nextUnclaimed
                nextUnclaimed += 1
                condition.unlock()
                let outcome = spoolAhead(ahead)
                condition.lock()
                outcomes[ahead] = outcome
                continue
            }
            condition.wait()
        }
    }

    /// Stops the second thread (after the object it is writing) and waits for it. Call once.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        condition.lock()
        nextUnclaimed = units.count
        condition.unlock()
        exited.wait()
        outcomes = [:]
    }

    /// The second thread: the same version or nothing, then units as long as some are unclaimed.
    private func run() {
        guard let store = try? Store(path: path, readOnly: true) else { return }
        if let pageCacheKibibytes { try? store.setPageCache(kibibytes: pageCacheKibibytes) }
        beforeRead?()
        try? store.readTransaction {
            guard store.version == version else { return }
            while let index = claim() {
                beforeUnit?(index)
                let outcome = export(units[index], from: store)
                condition.lock()
                outcomes[index] = outcome
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard nextUnclaimed < units.count, !stopped.load(ordering: .relaxed) else { return nil }
        nextUnclaimed += 1
        condition.broadcast()   // an exporter waiting for this unit may spool the next one
        return nextUnclaimed - 1
    }

    /// One unit as the exporter would write it, after what the exporter's output has open then
    /// (`resumeContext`): the same depth, so the same layout. `store` is the second thread's
    /// connection, or, when the exporter spools ahead, its own: then `parent` is given, and its
    /// plan's insertion ordinals (temporary tables of that connection) are shared, not made anew
    /// under the statements that read them.
    func export(_ unit: ExportUnit, from store: Store, for parent: Writer? = nil) -> Outcome {
        guard let spool = ExportSpool(directory: spoolDirectory) else { return .notSpooled }
        let output = ExportOutput.fileDescriptor(spool.descriptor, name: ExportSpool.name)
        let plan = ExportPlan(store: store, options: options)
        guard let writer = Writer(spoolFrom: plan, into: output) else { return .notSpooled }
        if let parent { plan.ordinals = parent.plan.ordinals }
        defer { if let parent { parent.plan.ordinals.merge(plan.ordinals) { kept, _ in kept } } }
        var spooled = SpooledUnit(spool: spool)
        do {
            _ = try plan.prepare()
            try writer.resumeContext(of: unit)
            try output.flush()
            spooled.offset = output.totalBytes
            try writer.writeSpooled(unit) { () throws(ExportError) in
                spooled.objects += 1
                if stopped.load(ordering: .relaxed) { throw ExportError(ExportSpool.name, isIOFailure: true) }
            }
            try output.flush()
            spooled.tally = writer.tally
            return .spooled(spooled)
        } catch let error as ExportError where error.isIOFailure {
            return .notSpooled
        } catch {
            return .failed(spooled, error)
        }
    }
}
