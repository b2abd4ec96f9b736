import Foundation
import RealmEngine

/// A collection observed on its Realm's thread: the initial notification at the first
/// delivery, then an update whenever a delivery finds rows inserted, deleted, moved or with
/// watched values changed (nothing is delivered when nothing watched changed).
// @unchecked: as `Observer`; its own state (`last`) is used only on the Realm's thread.
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
