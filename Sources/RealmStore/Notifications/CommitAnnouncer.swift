import Foundation
import Synchronization

/// Moves a live core to the newest version at the next turn of its thread's run loop, when
/// another thread's instance of the same file committed (Realm's autorefresh): a block run by
/// the thread's `RunLoopWaker` (scheduled from any thread; it wakes the loop). At most one is
/// pending; where the run loop never turns, only `refresh()` or a write moves the core. An
/// actor's core is refreshed by a job enqueued on its actor instead, a queue's core by a block
/// added to its queue.
// @unchecked: `pending` and `announced` are atomics; `core` is set once by the core's init, before the announcer is shared.
final class CommitAnnouncer: @unchecked Sendable {
    /// Runs blocks on the core's thread's run loop (called from any thread); nil for an
    /// actor's core.
    private let waker: RunLoopWaker?
    /// The actor of an actor's core.
    private weak var actor: (any Actor)?
    private let pending = Atomic<Bool>(false)
    /// The newest version of the file announced so far.
    private let announced = Atomic<UInt64>(0)
    /// Read only on the core's thread (or actor), in the scheduled block.
    weak var core: RealmCore?

    /// The serial queue of a queue's core.
    private let queue: DispatchQueue?

    init(actor: (any Actor)?, queue: DispatchQueue? = nil) {
        self.actor = actor
        self.queue = queue
        self.waker = actor == nil && queue == nil ? RunLoopWaker.current : nil
    }

    /// Schedules a refresh of the core on its thread or actor (once until it has run), after
    /// a commit made the file's version `version`.
    func post(version: UInt64) {
        announced.max(version, ordering: .sequentiallyConsistent)
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        schedule { [self] in fire() }
    }

    /// Runs `body` at the next turn of the core's run loop, or as a job of its actor.
    func schedule(_ body: @escaping @Sendable () -> Void) {
        if let queue {
            queue.async(execute: body)
            return
        }
        guard let waker else {
            guard let actor else { return }
            Task { await RealmCore.perform(on: actor, body) }
            return
        }
        waker.schedule(body)
    }

    private func fire() {
        pending.store(false, ordering: .releasing)
        core?.refreshAutomatically(newest: announced.load(ordering: .sequentiallyConsistent))
    }
}
