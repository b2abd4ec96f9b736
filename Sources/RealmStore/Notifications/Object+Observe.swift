import Foundation
import RealmEngine

extension ObjectBase {
    /// Calls `block` after every change of the object's properties (`.change` with the
    /// changed properties' names, previous and new values), once with `.deleted` when it is
    /// deleted, as in Realm Swift; keep the token for as long as you want updates. There is
    /// no initial notification. With no `keyPaths`, every property counts, and a change to an
    /// object it links to counts as a change of the linking property; with key paths only
    /// those (`["toys.brand"]`: the toys list and each toy's brand). Delivery is on this
    /// thread's run loop (or at `refresh()`); `queue` is not supported for objects yet and
    /// traps (see docs/differences-from-realm.md).
    ///
    /// For example:
    ///
    ///     let token = dog.observe(keyPaths: ["name"]) { (change: ObjectChange<Dog>) in
    ///         if case .change(_, let properties) = change { print(properties[0].newValue ?? "") }
    ///     }
    public func observe<T: ObjectBase>(keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
                                       _ block: @escaping (ObjectChange<T>) -> Void) -> NotificationToken {
        guard let state = _state, let object = self as? T else { RealmError.trap(RealmError.observeUnmanaged) }
        let core = Observation.core(of: state.realm)
        if state.isInvalidated { RealmError.trap(RealmError.invalidatedObject) }
        if queue != nil { RealmError.trap(RealmError.observeObjectOnQueue) }
        let paths = WatchedPaths(keyPaths, className: state.key.className, schema: core.store.schema)
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
/// (and their values) with those of the previous delivery.
final class ObjectObserver<T: ObjectBase>: Observer, @unchecked Sendable {
    private let object: T
    private let paths: WatchedPaths
    private let block: (ObjectChange<T>) -> Void
    private var last: [(name: String, digest: Int, value: Any?)]
    private var deleted = false

    init(_ object: T, _ paths: WatchedPaths, _ block: @escaping (ObjectChange<T>) -> Void) {
        self.object = object
        self.paths = paths
        self.block = block
        self.last = []
        super.init()
        self.last = read()
    }

    private func read() -> [(name: String, digest: Int, value: Any?)] {
        guard let state = object._state else { return [] }
        let digests = state.realm.core.read { paths.propertyDigests(of: state.key, in: $0) }
        return digests.map { entry in
            let isCollection = state.info.property(named: entry.name)?.isCollection ?? true
            return (entry.name, entry.digest, isCollection ? nil : object.value(forKey: entry.name))
        }
    }

    override func deliver() {
        guard !deleted else { return }
        let now = read()
        if now.isEmpty {
            deleted = true
            return block(.deleted)
        }
        let before = Dictionary(last.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let changes = now.compactMap { entry -> PropertyChange? in
            guard let old = before[entry.name], old.digest != entry.digest else { return nil }
            let isCollection = object._state?.info.property(named: entry.name)?.isCollection ?? false
            return PropertyChange(name: entry.name, oldValue: old.value,
                                  newValue: isCollection ? object.value(forKey: entry.name) : entry.value)
        }
        last = now
        if !changes.isEmpty { block(.change(object, changes)) }
    }

    override func skip(_ core: RealmCore) {
        last = read()
    }
}
