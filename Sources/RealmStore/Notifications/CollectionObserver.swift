import Foundation
import RealmEngine

/// The rows of a collection at one delivery: their identities in order (an object's key, or a
/// primitive element's value), for objects a digest of their watched values, and the store
/// version they were read at.
///
/// Digests are carried over from the previous snapshot where the store's change log
/// (`changes(from:to:)`) shows that nothing they depend on changed: only rows that are new to
/// the collection, or modified objects of its class, are digested again, unless objects of a
/// class the watched paths reach through links changed, or the log no longer covers the range
/// (then every row is digested again: a full re-diff, so no change goes unnoticed).
struct CollectionSnapshot {
    /// Object keys (collections of objects) …
    let keys: [Int64]
    let digests: [Int64: Int]
    /// … or element values (collections of primitive values).
    let values: [StoreValue]
    let version: UInt64

    /// Reads `collection` now (in its Realm's current version), reusing `previous` digests
    /// the change log allows.
    init<C: RealmCollection>(_ collection: C, _ paths: WatchedPaths, previous: CollectionSnapshot? = nil) {
        guard let realm = collection.realm, !collection.isInvalidated else {
            (keys, digests, values, version) = ([], [:], [], 0)
            return
        }
        let store = realm.core.store
        version = store.version
        guard let query = collection._rlmQuery else {
            (keys, digests) = ([], [:])
            values = collection._rlmElements.map(\._rlmStoreValue)
            return
        }
        let className = query.className
        let keys = query.keys
        self.keys = keys
        values = []
        let stale = CollectionSnapshot.stale(previous, className, paths, realm, version)
        var digests: [Int64: Int] = [:]
        digests.reserveCapacity(keys.count)
        realm.core.read { store in
            for key in keys where digests[key] == nil {
                if let stale, let old = previous?.digests[key], !stale.contains(key) {
                    digests[key] = old
                } else {
                    digests[key] = paths.digest(of: ObjectKey(className: className, key: key), in: store)
                }
            }
        }
        self.digests = digests
    }

    /// The keys of `className` whose digests may have changed since `previous` (inserted,
    /// deleted or modified), or nil when every digest must be computed again.
    private static func stale(_ previous: CollectionSnapshot?, _ className: String, _ paths: WatchedPaths,
                              _ realm: Realm, _ version: UInt64) -> Set<Int64>? {
        guard let previous, previous.version != 0,
              let changes = realm.core.read({ try? $0.changes(from: previous.version, to: version) }) ?? nil,
              let linked = paths.linkedClasses(from: className, schema: realm.core.store.schema) else { return nil }
        if changes.classes.keys.contains(where: linked.contains) { return nil }
        let own = changes[className]
        return own.inserted.union(own.deleted).union(own.modified.keys)
    }

    /// What changed from `old` to this snapshot: `(deletions, insertions, modifications)`.
    func changes(since old: CollectionSnapshot) -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
        if values.isEmpty && old.values.isEmpty {
            let diff = ChangeDiff(old: old.keys, new: keys, oldValues: old.digests, newValues: digests)
            return (diff.deletions, diff.insertions, diff.modifications)
        }
        let diff = ChangeDiff(old: old.values, new: values, oldValues: [:], newValues: [:])
        return (diff.deletions, diff.insertions, diff.modifications)
    }
}

/// A collection observed on its Realm's thread: the initial notification at the first
/// delivery, then an update whenever a delivery finds rows inserted, deleted, moved or with
/// watched values changed (nothing is delivered when nothing watched changed).
final class CollectionObserver<C: RealmCollection>: Observer, @unchecked Sendable {
    private let collection: C
    private let paths: WatchedPaths
    private let block: (RealmCollectionChange<C>) -> Void
    private var last: CollectionSnapshot?

    init(_ collection: C, _ paths: WatchedPaths, _ block: @escaping (RealmCollectionChange<C>) -> Void) {
        self.collection = collection
        self.paths = paths
        self.block = block
    }

    override var hasDeliveredInitial: Bool { last != nil }

    override func deliver() {
        let now = CollectionSnapshot(collection, paths, previous: last)
        guard let last else {
            self.last = now
            return block(.initial(collection))
        }
        self.last = now
        let diff = now.changes(since: last)
        if diff.deletions.isEmpty && diff.insertions.isEmpty && diff.modifications.isEmpty { return }
        block(.update(collection, deletions: diff.deletions, insertions: diff.insertions, modifications: diff.modifications))
    }

    override func skip(_ core: RealmCore) {
        if last != nil { last = CollectionSnapshot(collection, paths, previous: last) }
    }
}
