import Foundation
import RealmEngine

/// The rows of a collection at one delivery: their identities in order (an object's key, or a
/// primitive element's value) and, for objects, a digest of their watched values.
struct CollectionSnapshot {
    let ids: [StoreValue]
    let digests: [StoreValue: Int]

    /// Reads `collection` now (in its Realm's current version).
    init<C: RealmCollection>(_ collection: C, _ paths: WatchedPaths) {
        guard let realm = collection.realm, !collection.isInvalidated else {
            ids = []
            digests = [:]
            return
        }
        guard let query = collection._rlmQuery else {
            ids = collection._rlmElements.map(\._rlmStoreValue)
            digests = [:]
            return
        }
        let className = query.className
        let keys = query.keys
        var digests: [StoreValue: Int] = [:]
        realm.core.read { store in
            for key in keys {
                let objectKey = ObjectKey(className: className, key: key)
                let id = StoreValue.object(objectKey)
                if digests[id] == nil { digests[id] = paths.digest(of: objectKey, in: store) }
            }
        }
        self.ids = keys.map { .object(ObjectKey(className: className, key: $0)) }
        self.digests = digests
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
        let now = CollectionSnapshot(collection, paths)
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
        if last != nil { last = CollectionSnapshot(collection, paths) }
    }
}
