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
            RealmMessages.trap(RealmMessages.message(of: error))
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
        if store.isInWriteTransaction { RealmMessages.trap(RealmMessages.freezeInWrite) }
        let version = store.version
        if let cached = frozenCores[version]?.core { return cached }
        do {
            let snapshot = try store.frozenSnapshot()
            let core = RealmCore(configuration: configuration, store: snapshot, types: Array(types.values), frozen: true)
            frozenCores = frozenCores.filter { $0.value.core != nil }
            frozenCores[version] = Weak(core)
            return core
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}
