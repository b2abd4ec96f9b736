import Foundation
import RealmEngine

/// One observation registered with a live Realm (`Notifier`): a collection, object or Realm
/// observer. Subclasses compute and deliver their change on the Realm's thread.
// @unchecked: a non-final class cannot be checked; `cancelled` is read and written under `lock`, subclasses' state on their thread or queue.
class Observer: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// Whether `NotificationToken.invalidate()` (or its release) ended the observation.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Whether the first (initial) notification was delivered.
    var hasDeliveredInitial: Bool { true }

    /// Delivers what changed since the previous delivery (the first: the initial state).
    func deliver() {}

    /// Takes the state `core` just committed as seen, without notifying
    /// (`write(withoutNotifying:)`).
    func skip(_ core: RealmCore) {}

    /// Tells the observer that its Realm (this thread) committed: the change was made here.
    func didCommitHere() {}

    /// Tells a Realm observer that the Realm changed (Realm observers only).
    func realmDidChange() {}

    /// Tells a Realm observer that another instance committed and autorefresh is off.
    func realmRefreshRequired() {}
}
