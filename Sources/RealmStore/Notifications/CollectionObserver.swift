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
    let ids: [StoreValue]
    let digests: [StoreValue: Int]
    let version: UInt64

    /// Reads `collection` now (in its Realm's current version), reusing `previous` digests
    /// the change log allows.
    init<C: RealmCollection>(_ collection: C, _ paths: WatchedPaths, previous: CollectionSnapshot? = nil) {
        guard let realm = collection.realm, !collection.isInvalidated else {
            (ids, digests, version) = ([], [:], 0)
            return
        }
        let store = realm.core.store
        version = store.version
        guard let query = collection._rlmQuery else {
            ids = collection._rlmElements.map(\._rlmStoreValue)
            digests = [:]
            return
        }
        let className = query.className
        let keys = query.keys
        let ids: [StoreValue] = keys.map { .object(ObjectKey(className: className, key: $0)) }
        self.ids = ids
        let stale = CollectionSnapshot.stale(previous, className, paths, realm, version)
        var digests: [StoreValue: Int] = [:]
        realm.core.read { store in
            for (key, id) in zip(keys, ids) where digests[id] == nil {
                if let old = previous?.digests[id], let stale, !stale.contains(key) {
                    digests[id] = old
                } else {
                    digests[id] = paths.digest(of: ObjectKey(className: className, key: key), in: store)
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

    /// What changed from `old` to this snapshot.
    func changes(since old: CollectionSnapshot) -> ChangeDiff<StoreValue> {
        ChangeDiff(old: old.ids, new: ids, oldValues: old.digests, newValues: digests)
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
        if diff.isEmpty { return }
        block(.update(collection, deletions: diff.deletions, insertions: diff.insertions, modifications: diff.modifications))
    }

    override func skip(_ core: RealmCore) {
        if last != nil { last = CollectionSnapshot(collection, paths, previous: last) }
    }
}
