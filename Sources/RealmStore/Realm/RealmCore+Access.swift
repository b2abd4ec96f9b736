import Foundation
import RealmEngine

extension RealmCore {
    /// Runs a read of the store for this Realm: every read of RealmStore comes through here.
    ///
    /// A live Realm traps with Realm's message when used from another thread than its own; a
    /// frozen one may be read from any thread, one at a time (its connection's lock, which a
    /// live store also takes while frozen snapshots share its connection). The lock is
    /// recursive, so reads may nest.
    ///
    /// For example:
    ///
    ///     let count = try core.read { try $0.count("Dog") }
    @inline(__always)
    func read<T>(_ body: (Store) throws -> T) rethrows -> T {
        if !isFrozen { verifyThread() }
        return try store.serialized { try body(store) }
    }

    /// Traps with Realm's message unless called on the thread of this live Realm; an actor's
    /// Realm traps unless called on its actor (Swift's `preconditionIsolated`, as Realm does).
    /// (Threads compare as numbers, which a Linux `pthread_t` is: `pthread_equal` without a call.)
    @inline(__always)
    func verifyThread() {
        if isActorConfined {
            verifyActor()
        } else if let queueID {
            if DispatchQueue.getSpecific(key: RealmCore.queueKey) != queueID { RealmMessages.trap(RealmMessages.wrongThread) }
        } else if thread != pthread_self() {
            RealmMessages.trap(RealmMessages.wrongThread)
        }
    }
}
