import Foundation
import RealmEngine

extension ObjectBase {
    /// Calls `block` after every change of the object's properties (`.change` with the
    /// changed properties' names, previous and new values), once with `.deleted` when it is
    /// deleted, as in Realm Swift; keep the token for as long as you want updates. There is
    /// no initial notification. With no `keyPaths`, every property counts, and a change to an
    /// object it links to counts as a change of the linking property; with key paths only
    /// those (`["toys.brand"]`: the toys list and each toy's brand). Delivery is on this
    /// thread's run loop (or at `refresh()`); with `queue`, on that serial queue, the object
    /// given to the block then belonging to it. As in Realm, `oldValue` is nil when the change
    /// was committed on the observing thread (and for List, MutableSet and Map properties).
    ///
    /// For example:
    ///
    ///     let token = dog.observe(keyPaths: ["name"]) { (change: ObjectChange<Dog>) in
    ///         if case .change(_, let properties) = change { print(properties[0].newValue ?? "") }
    ///     }
    public func observe<T: ObjectBase>(keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
                                       _ block: @escaping (ObjectChange<T>) -> Void) -> NotificationToken {
        guard let state = _state, let object = self as? T else { RealmMessages.trap(RealmMessages.observeUnmanaged) }
        let core = Observation.core(of: state.realm)
        if state.isInvalidated { RealmMessages.trap(RealmMessages.invalidatedObject) }
        let paths = WatchedPaths(keyPaths, className: state.key.className, schema: core.store.schema)
        if let queue {
            let observer = QueueObjectObserver<T>(configuration: core.configuration, handover: object._rlmHandover(),
                                                  baseline: ObjectSnapshot(object, paths, values: .plain),
                                                  queue: queue, paths: paths, block: block)
            return QueueObservation.register(observer, path: core.configuration.path)
        }
        FileWatcher.watch(path: core.configuration.path)
        return core.notifier.register(ObjectObserver(object, paths, block))
    }
}

extension Object {
    /// `observe(keyPaths:on:_:)` with Swift key paths of the model (`[\Dog.name]`).
    ///
    /// For example:
    ///
    ///     let token = dog.observe(keyPaths: [\Dog.name]) { change in print(change) }
    public func observe<T: Object>(keyPaths: [PartialKeyPath<T>], on queue: DispatchQueue? = nil,
                                   _ block: @escaping (ObjectChange<T>) -> Void) -> NotificationToken {
        observe(keyPaths: Observation.names(of: keyPaths, in: T.self, realm: realm), on: queue, block)
    }
}

/// An object observed on its Realm's thread: compares the digests of its watched properties
/// (and their values) with those of the previous delivery. A commit of this thread since then
/// makes the old values nil, as in Realm (they are only known for changes of other threads).
// @unchecked: as `Observer`; its object and own state are used only on the Realm's thread.
final class ObjectObserver<T: ObjectBase>: Observer, @unchecked Sendable {
    private let object: T
    private let paths: WatchedPaths
    private let block: (ObjectChange<T>) -> Void
    private var last: ObjectSnapshot
    private var deleted = false
    private var committedHere = false

    init(_ object: T, _ paths: WatchedPaths, _ block: @escaping (ObjectChange<T>) -> Void) {
        self.object = object
        self.paths = paths
        self.block = block
        self.last = ObjectSnapshot(object, paths)
    }

    override func didCommitHere() {
        committedHere = true
    }

    override func deliver() {
        guard !deleted else { return }
        let now = ObjectSnapshot(object, paths)
        if now.isDeleted {
            deleted = true
            return block(.deleted)
        }
        let changes = now.changes(since: last, of: object, oldValues: !committedHere)
        last = now
        committedHere = false
        if !changes.isEmpty { block(.change(object, changes)) }
    }

    override func skip(_ core: RealmCore) {
        last = ObjectSnapshot(object, paths)
        committedHere = false
    }
}
