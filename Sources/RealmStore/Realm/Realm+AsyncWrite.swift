import Foundation
import RealmEngine

/// The id of an asynchronous write transaction or of its commit's callback, for
/// `cancelAsyncWrite` (Realm Swift's `AsyncTransactionId`).
public typealias AsyncTransactionId = UInt32

extension Realm {
    /// Queues `block` to run in a write transaction at the next turn of the Realm's thread's run
    /// loop (or as a job of its actor) and returns at once; the transaction is then committed
    /// as by `commitAsyncWrite(_:)`, and `onComplete` is called on the Realm's thread (or
    /// actor) with the commit's error or nil. Blocks queued run in order; the block may call
    /// `commitWrite()` or `cancelWrite()` itself.
    ///
    /// For example:
    ///
    ///     realm.writeAsync({ realm.add(dog) }, onComplete: { error in print(error ?? "saved") })
    @discardableResult
    public func writeAsync(_ block: @escaping () -> Void, onComplete: ((Swift.Error?) -> Void)? = nil) -> AsyncTransactionId {
        beginAsyncWrite {
            block()
            if isInWriteTransaction { commitAsyncWrite(onComplete) }
        }
    }

    /// Queues `asyncWriteBlock` to run inside a write transaction at the next turn of the
    /// Realm's thread's run loop (or as a job of its actor), after the blocks queued before it,
    /// and returns its id at once (also inside a write transaction, unlike `beginWrite`). The
    /// block should end with `commitAsyncWrite` or `commitWrite`; returning with the
    /// transaction open cancels it, as in Realm.
    ///
    /// For example:
    ///
    ///     realm.beginAsyncWrite { realm.add(dog); realm.commitAsyncWrite() }
    @discardableResult
    public func beginAsyncWrite(_ asyncWriteBlock: @escaping () -> Void) -> AsyncTransactionId {
        if core.isFrozen { RealmMessages.trap(RealmMessages.frozenTransaction) }
        core.verifyThread()
        let writes = core.asyncWrites
        let id = writes.makeID()
        writes.enqueue(id, asyncWriteBlock)
        scheduleAsyncWrites()
        return id
    }

    /// Commits the open write transaction (begun by `beginWrite` or `beginAsyncWrite`) and
    /// calls `onComplete` at the next turn of the Realm's thread's run loop (or actor job) with
    /// its error, or nil. The commit itself runs now, on the Realm's thread; `allowGrouping`
    /// is accepted for Realm's signature (each commit is durable on return here).
    ///
    /// For example:
    ///
    ///     realm.beginWrite(); realm.add(dog)
    ///     realm.commitAsyncWrite { error in print(error == nil) }
    @discardableResult
    public func commitAsyncWrite(allowGrouping: Bool = false, _ onComplete: ((Swift.Error?) -> Void)? = nil) -> AsyncTransactionId {
        core.verifyThread()
        guard isInWriteTransaction else { RealmMessages.trap(RealmMessages.notInWriteTransaction) }
        var failure: (any Swift.Error)?
        do { try commitWrite() } catch { failure = error }
        let writes = core.asyncWrites
        let id = writes.makeID()
        writes.awaitCompletion(id)
        let callback = Unchecked((onComplete, failure))
        core.announcer?.schedule {
            guard writes.complete(id) else { return }
            callback.value.0?(callback.value.1)
        }
        return id
    }

    /// Cancels a queued block of `beginAsyncWrite`/`writeAsync` (its transaction never begins)
    /// or the callback of `commitAsyncWrite` (the commit has happened); nothing once it ran.
    ///
    /// For example:
    ///
    ///     let id = realm.writeAsync { realm.add(dog) }
    ///     try realm.cancelAsyncWrite(id)
    public func cancelAsyncWrite(_ asyncTransactionId: AsyncTransactionId) throws {
        core.verifyThread()
        core.asyncWrites.cancel(asyncTransactionId)
    }

    /// Whether blocks of asynchronous write transactions or commit callbacks are still waiting.
    ///
    /// For example:
    ///
    ///     while realm.isPerformingAsynchronousWriteOperations { RunLoop.current.run(until: .now) }
    public var isPerformingAsynchronousWriteOperations: Bool {
        core.verifyThread()
        return core.asyncWrites.isBusy
    }

    /// Runs the next queued block at the next turn of the run loop (or actor job), once.
    private func scheduleAsyncWrites() {
        let writes = core.asyncWrites
        guard !writes.drainScheduled, writes.hasBegins, let announcer = core.announcer else { return }
        writes.drainScheduled = true
        let realm = Unchecked(self)
        announcer.schedule {
            writes.drainScheduled = false
            realm.value.runNextAsyncWrite()
        }
    }

    /// Begins a transaction for the next queued block and runs it (a block that leaves the
    /// transaction open is rolled back); a transaction left open by the caller waits.
    private func runNextAsyncWrite() {
        if isInWriteTransaction { return scheduleAsyncWrites() }
        guard let block = core.asyncWrites.next() else { return }
        do {
            try begin()
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
        block()
        if isInWriteTransaction { cancelWrite() }
        scheduleAsyncWrites()
    }
}
