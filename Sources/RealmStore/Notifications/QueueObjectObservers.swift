import Foundation
import RealmEngine

/// An object observed on a queue (`observe(on:)`, see `QueueObservation`): each delivery
/// opens the file's Realm on the queue's thread, moves it to the newest version, resolves the
/// object there (as a `ThreadSafeReference` does) and compares its watched properties with the
/// previous delivery's. The first comparison is with the snapshot read at `observe`, which
/// keeps only values holding no object (a link's or mixed value's old value is then nil);
/// `.deleted` is delivered once when the object is gone.
// @unchecked: as `QueueObserverBase`; `last` and `deleted` are used only by deliveries, which run one at a time on `queue`.
final class QueueObjectObserver<T: ObjectBase>: QueueObserverBase, @unchecked Sendable {
    private let configuration: Realm.Configuration
    private let handover: any Sendable
    private let paths: WatchedPaths
    private let block: (ObjectChange<T>) -> Void
    private var last: ObjectSnapshot
    private var deleted = false

    init(configuration: Realm.Configuration, handover: any Sendable, baseline: ObjectSnapshot, queue: DispatchQueue,
         paths: WatchedPaths, block: @escaping (ObjectChange<T>) -> Void) {
        self.configuration = configuration
        self.handover = handover
        self.paths = paths
        self.block = block
        self.last = baseline
        super.init(queue: queue)
    }

    override func run() {
        guard let realm = newestRealm(configuration, failed: { block(.error($0)) }) else { return }
        let object = T._rlmResolve(handover, in: realm)
        let now = object.map { ObjectSnapshot($0, paths) }
        state.lock()
        let previous = last, wasDeleted = deleted
        if let now { last = now }
        deleted = deleted || now?.isDeleted ?? true
        state.unlock()
        guard !wasDeleted, !isCancelled else { return }
        guard let object, let now, !now.isDeleted else { return block(.deleted) }
        let changes = now.changes(since: previous, of: object, oldValues: true)
        if !changes.isEmpty { block(.change(object, changes)) }
    }

    override func skip(_ core: RealmCore) {
        guard let object = T._rlmResolve(handover, in: Realm(core: core)) else { return }
        let now = ObjectSnapshot(object, paths, values: .plain)
        state.lock()
        last = now
        state.unlock()
    }
}

/// A map observed on a queue (see `QueueObservation`): the initial notification, then its
/// keys' digests compared with the previous delivery's, the map resolved on the queue's thread.
// @unchecked: as `QueueObserverBase`; `last` is used only by deliveries, which run one at a time on `queue`.
final class QueueMapObserver<Key: _MapKey, Value: RealmCollectionValue>: QueueObserverBase, @unchecked Sendable {
    private let configuration: Realm.Configuration
    private let handover: any Sendable
    private let paths: WatchedPaths
    private let block: (RealmMapChange<Map<Key, Value>>) -> Void
    private var last: [String: Int]?

    init(configuration: Realm.Configuration, handover: any Sendable, queue: DispatchQueue, paths: WatchedPaths,
         block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void) {
        self.configuration = configuration
        self.handover = handover
        self.paths = paths
        self.block = block
        super.init(queue: queue)
    }

    override func run() {
        guard let realm = newestRealm(configuration, failed: { block(.error($0)) }) else { return }
        guard let map = Map<Key, Value>._rlmResolve(handover, in: realm) else { return }
        let now = MapObserver<Key, Value>.digests(of: map, paths)
        state.lock()
        let previous = last
        last = now
        state.unlock()
        guard !isCancelled else { return }
        guard let previous else { return block(.initial(map)) }
        if let change = MapObserver<Key, Value>.change(of: map, from: previous, to: now) { block(change) }
    }

    override func skip(_ core: RealmCore) {
        guard let map = Map<Key, Value>._rlmResolve(handover, in: Realm(core: core)) else { return }
        let now = MapObserver<Key, Value>.digests(of: map, paths)
        state.lock()
        if last != nil { last = now }
        state.unlock()
    }
}
