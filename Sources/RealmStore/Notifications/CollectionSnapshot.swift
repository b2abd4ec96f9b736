import Foundation
import RealmEngine

/// The rows of a collection at one delivery: their identities in order (an object's key, or a
/// primitive element's value), for objects a digest of each row's watched values, and the
/// store version they were read at.
///
/// Digests are carried over from the previous snapshot where the store's change log
/// (`changes(from:to:)`) shows that nothing they depend on changed: only rows that are new to
/// the collection, or modified objects of its class, are digested again, unless objects of a
/// class the watched paths reach through links changed, or the log no longer covers the range
/// (then every row is digested again: a full re-diff, so no change goes unnoticed). Keys are
/// matched through a `KeyIndex` (arrays indexed by key), so a delivery hashes only the keys
/// the log names.
///
/// For example:
///
///     let now = CollectionSnapshot(results, paths, previous: last)
///     let (deletions, insertions, modifications) = now.changes(since: last)
struct CollectionSnapshot {
    /// Object keys (collections of objects) …
    let keys: [Int64]
    /// … with the digest of each row's watched values, in `keys` order …
    let digests: [Int]
    /// … or element values (collections of primitive values).
    let values: [StoreValue]
    let version: UInt64

    /// Reads `collection` now (in its Realm's current version), reusing `previous` digests
    /// the change log allows.
    init<C: RealmCollection>(_ collection: C, _ paths: WatchedPaths, previous: CollectionSnapshot? = nil) {
        guard let realm = collection.realm, !collection.isInvalidated else {
            (keys, digests, values, version) = ([], [], [], 0)
            return
        }
        let version = realm.core.store.version
        self.version = version
        guard let query = collection._rlmQuery else {
            (keys, digests) = ([], [])
            values = collection._rlmElements.map(\._rlmStoreValue)
            return
        }
        let className = query.className
        let keys = query.keys
        self.keys = keys
        values = []
        let reused = previous.flatMap { previous in
            CollectionSnapshot.stale(previous, className, paths, realm, version).map { previous.reusable(for: keys, stale: $0) }
        }
        digests = realm.core.read { store in
            keys.indices.map { row in
                if let reused, reused[row] >= 0, let previous { return previous.digests[reused[row]] }
                return paths.digest(of: ObjectKey(className: className, key: keys[row]), in: store)
            }
        }
    }

    /// The keys of `className` whose digests may have changed since `previous` (inserted,
    /// deleted or modified), or nil when every digest must be computed again.
    private static func stale(_ previous: CollectionSnapshot, _ className: String, _ paths: WatchedPaths,
                              _ realm: Realm, _ version: UInt64) -> Set<Int64>? {
        guard previous.version != 0,
              let changes = realm.core.read({ try? $0.changes(from: previous.version, to: version) }) ?? nil,
              let linked = paths.linkedClasses(from: className, schema: realm.core.store.schema) else { return nil }
        if changes.classes.keys.contains(where: linked.contains) { return nil }
        let own = changes[className]
        return own.inserted.union(own.deleted).union(own.modified.keys)
    }

    /// For each of `keys`, the row of this snapshot whose digest it may reuse (the same key,
    /// not `stale`), or -1.
    private func reusable(for keys: [Int64], stale: Set<Int64>) -> [Int] {
        let index = KeyIndex(self.keys)
        var fresh = [Bool](repeating: true, count: self.keys.count)
        for key in stale {
            let row = index.index(of: key)
            if row >= 0 { fresh[row] = false }
        }
        return keys.map { key in
            let row = index.index(of: key)
            return row >= 0 && fresh[row] ? row : -1
        }
    }

    /// What changed from `old` to this snapshot: `(deletions, insertions, modifications)`.
    func changes(since old: CollectionSnapshot) -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
        guard values.isEmpty && old.values.isEmpty else {
            let diff = ChangeDiff(old: old.values, new: values, oldValues: [:], newValues: [:])
            return (diff.deletions, diff.insertions, diff.modifications)
        }
        let index = KeyIndex(old.keys)
        guard index.isDistinct else {
            let diff = ChangeDiff(old: old.keys, new: keys, oldValues: old.digestsByKey, newValues: digestsByKey)
            return (diff.deletions, diff.insertions, diff.modifications)
        }
        let diff = ChangeDiff<Int64>(oldIndex: index.positions(of: keys, count: old.keys.count), oldCount: old.keys.count) {
            old.digests[$0] != digests[$1]
        }
        return (diff.deletions, diff.insertions, diff.modifications)
    }

    /// The digests by key (for collections whose keys repeat: a List holding an object twice).
    private var digestsByKey: [Int64: Int] {
        Dictionary(zip(keys, digests), uniquingKeysWith: { first, _ in first })
    }
}
