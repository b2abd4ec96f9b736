import Foundation
import RealmEngine

extension Map: RealmKeyedCollection {
    /// Calls `block` with the map once it is read (`.initial`) and after every change
    /// (`.update` with the keys removed, added and whose value changed), as in Realm Swift;
    /// keep the token for as long as you want updates. A map of objects also reports a key
    /// whose object changed (with no `keyPaths`: any property of it or of the objects it links
    /// to; with key paths, only those). Delivery is on this thread's run loop (or at
    /// `refresh()`); with `queue`, on that serial queue, the map given to the block then
    /// belonging to it.
    ///
    /// For example:
    ///
    ///     let token = owner.scores.observe { change in
    ///         if case .update(_, let deletions, let insertions, let modifications) = change {
    ///             print(deletions, insertions, modifications)
    ///         }
    ///     }
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
                        _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void) -> NotificationToken {
        guard let managed else { RealmMessages.trap(RealmMessages.observeUnmanaged) }
        let core = Observation.core(of: managed.realm)
        var paths = WatchedPaths.all
        if case .object(let className) = Value._rlmBase {
            paths = WatchedPaths(keyPaths, className: className, schema: core.store.schema)
        }
        if let queue {
            let observer = QueueMapObserver<Key, Value>(configuration: core.configuration, handover: _rlmHandover(),
                                                        queue: queue, paths: paths, block: block)
            return QueueObservation.register(observer, path: core.configuration.path)
        }
        FileWatcher.watch(path: core.configuration.path)
        return core.notifier.register(MapObserver(self, paths, block))
    }
}

/// A map observed on its Realm's thread: a digest per key (its value, and the watched values
/// of the object it holds) compared with the previous delivery's.
// @unchecked: as `Observer`; its own state (`last`) is used only on the Realm's thread.
final class MapObserver<Key: _MapKey, Value: RealmCollectionValue>: Observer, @unchecked Sendable {
    private let map: Map<Key, Value>
    private let paths: WatchedPaths
    private let block: (RealmMapChange<Map<Key, Value>>) -> Void
    private var last: [String: Int]?

    init(_ map: Map<Key, Value>, _ paths: WatchedPaths, _ block: @escaping (RealmMapChange<Map<Key, Value>>) -> Void) {
        self.map = map
        self.paths = paths
        self.block = block
    }

    override var hasDeliveredInitial: Bool { last != nil }

    /// A digest per key of `map`: its value, and the watched values of the object it holds.
    static func digests(of map: Map<Key, Value>, _ paths: WatchedPaths) -> [String: Int] {
        guard let managed = map.managed, !managed.isInvalidated, case .dictionary(let entries) = managed.read() else { return [:] }
        return managed.realm.core.read { store in
            entries.mapValues { value in
                var hasher = Hasher()
                hasher.combine(value)
                if case .object(let key) = value { hasher.combine(paths.digest(of: key, in: store)) }
                return hasher.finalize()
            }
        }
    }

    /// The update from the digests `last` to `now` (nil when no key changed).
    static func change(of map: Map<Key, Value>, from last: [String: Int], to now: [String: Int]) -> RealmMapChange<Map<Key, Value>>? {
        let deletions = last.keys.filter { now[$0] == nil }.sorted()
        let insertions = now.keys.filter { last[$0] == nil }.sorted()
        let modifications = now.keys.filter { key in last[key].map { $0 != now[key] } ?? false }.sorted()
        if deletions.isEmpty && insertions.isEmpty && modifications.isEmpty { return nil }
        return .update(map, deletions: deletions.map(Key.init(_mapKeyString:)), insertions: insertions.map(Key.init(_mapKeyString:)),
                       modifications: modifications.map(Key.init(_mapKeyString:)))
    }

    private func read() -> [String: Int] {
        MapObserver.digests(of: map, paths)
    }

    override func deliver() {
        let now = read()
        guard let last else {
            self.last = now
            return block(.initial(map))
        }
        self.last = now
        if let change = MapObserver.change(of: map, from: last, to: now) { block(change) }
    }

    override func skip(_ core: RealmCore) {
        if last != nil { last = read() }
    }
}
