import Foundation
import RealmEngine

extension RealmCollection {
    /// Calls `block` with the collection once it is read (`.initial`) and after every change
    /// (`.update` with deletions and modifications as indices in the previous version,
    /// insertions in the new one), as in Realm Swift; keep the token for as long as you want
    /// updates. Delivery is on this thread's run loop when it turns (or at `refresh()`),
    /// commits landing before a delivery coalesced; with `queue`, on that serial queue, the
    /// collection given to the block then belonging to it.
    ///
    /// With no `keyPaths`, a change to any property of an element, or of the objects it links
    /// to, is a modification; with key paths only those: `["toys"]` the toys list itself,
    /// `["toys.brand"]` also the brand of each toy. Registering inside a write transaction
    /// traps with Realm's message.
    ///
    /// For example:
    ///
    ///     let token = realm.objects(Dog.self).observe(keyPaths: ["name"]) { change in
    ///         if case .update(_, let deletions, let insertions, let modifications) = change {
    ///             print(deletions, insertions, modifications)
    ///         }
    ///     }
    public func observe(keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
                        _ block: @escaping (RealmCollectionChange<Self>) -> Void) -> NotificationToken {
        let core = Observation.core(of: realm)
        let paths = _rlmQuery.map { WatchedPaths(keyPaths, className: $0.className, schema: core.store.schema) } ?? .all
        if let queue {
            return QueueObservation.start(self, core: core, queue: queue, paths: paths, block)
        }
        FileWatcher.watch(path: core.configuration.path)
        return core.notifier.register(CollectionObserver(self, paths, block))
    }
}

extension RealmCollection where Element: ObjectBase {
    /// `observe(keyPaths:on:_:)` with Swift key paths of the element type (`[\Dog.name]`).
    ///
    /// For example:
    ///
    ///     let token = realm.objects(Dog.self).observe(keyPaths: [\Dog.name]) { print($0) }
    public func observe(keyPaths: [PartialKeyPath<Element>], on queue: DispatchQueue? = nil,
                        _ block: @escaping (RealmCollectionChange<Self>) -> Void) -> NotificationToken {
        observe(keyPaths: Observation.names(of: keyPaths, in: Element.self, realm: realm), on: queue, block)
    }
}

/// What every `observe` checks and shares.
enum Observation {
    /// The live core of an observed value's Realm; traps for unmanaged values, frozen Realms
    /// and inside a write transaction, with Realm's messages.
    static func core(of realm: Realm?) -> RealmCore {
        guard let realm else { RealmMessages.trap(RealmMessages.observeUnmanaged) }
        if realm.isFrozen { RealmMessages.trap(RealmMessages.observeFrozen) }
        realm.core.verifyThread()
        if realm.isInWriteTransaction { RealmMessages.trap(RealmMessages.observeInWriteTransaction) }
        return realm.core
    }

    /// The property names of Swift key paths of a model type.
    static func names<T: ObjectBase>(of keyPaths: [PartialKeyPath<T>], in type: T.Type, realm: Realm?) -> [String] {
        keyPaths.map(KeyPathNames.name(of:))
    }
}

extension Notifier {
    /// Adds `observer` and returns its token.
    func register(_ observer: Observer) -> NotificationToken {
        add(observer)
        return NotificationToken(observer)
    }
}
