import Foundation
import RealmEngine
import Synchronization

extension RealmCore {
    /// Moves a live core to the newest version and delivers notifications; returns whether the
    /// version changed. With `initial` false, observers waiting for their initial notification
    /// keep waiting for the run loop (the start of a write).
    func refresh(initial: Bool = true) -> Bool {
        if isFrozen { return false }
        verifyThread()
        if store.isInWriteTransaction { return false }
        let changed: Bool
        do {
            changed = try store.refresh()
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
        if changed {
            didChange()
            notifier.didRefresh(initial: initial)
        }
        return changed
    }

    /// Refreshes when `autorefresh` is on (run by `CommitAnnouncer` on the core's thread);
    /// with it off, Realm observers hear `.refreshRequired` once for each `newest` version
    /// announced that is newer than the core's (never for its own commits, nor twice when a
    /// commit is announced both by its committer and by the file watcher).
    func refreshAutomatically(newest: UInt64 = .max) {
        guard !isFrozen, !store.isInWriteTransaction else { return }
        guard autorefresh else {
            guard newest > store.version, newest > refreshRequiredVersion else { return }
            refreshRequiredVersion = newest
            return notifier.refreshRequired()
        }
        _ = refresh()
    }

    /// The frozen core of this live core's current version (one per version while in use).
    func frozen() -> RealmCore {
        if isFrozen { return self }
        verifyThread()
        if store.isInWriteTransaction { RealmError.trap(RealmError.freezeInWrite) }
        let version = store.version
        if let cached = frozenCores[version]?.core { return cached }
        do {
            let snapshot = try store.frozenSnapshot()
            let core = RealmCore(configuration: configuration, store: snapshot, types: Array(types.values), frozen: true)
            frozenCores = frozenCores.filter { $0.value.core != nil }
            frozenCores[version] = Weak(core)
            return core
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
    }
}

/// Moves a live core to the newest version at the next turn of its thread's run loop, when
/// another thread's instance of the same file committed (Realm's autorefresh): a block run by
/// the thread's `RunLoopWaker` (scheduled from any thread; it wakes the loop). At most one is
/// pending; where the run loop never turns, only `refresh()` or a write moves the core. An
/// actor's core is refreshed by a job enqueued on its actor instead.
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

    init(actor: (any Actor)?) {
        self.actor = actor
        self.waker = actor == nil ? RunLoopWaker.current : nil
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
