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
    /// with it off, Realm observers hear `.refreshRequired`.
    func refreshAutomatically() {
        guard !isFrozen, !store.isInWriteTransaction else { return }
        guard autorefresh else { return notifier.refreshRequired() }
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
/// another thread's instance of the same file committed (Realm's autorefresh): a timer added
/// to that run loop (adding one is safe from any thread and wakes the loop). At most one is
/// pending; where the run loop never turns, only `refresh()` or a write moves the core.
final class CommitAnnouncer: @unchecked Sendable {
    /// The core's thread's run loop (`RunLoop.add` may be called from any thread).
    private let runLoop = RunLoop.current
    private let pending = Atomic<Bool>(false)
    /// Read only on the core's thread, in the timer's block.
    weak var core: RealmCore?

    /// Schedules a refresh of the core on its thread (once until it has run).
    func post() {
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let timer = Timer(timeInterval: 0, repeats: false) { [self] _ in
            pending.store(false, ordering: .releasing)
            core?.refreshAutomatically()
        }
        runLoop.add(timer, forMode: .default)
    }
}
