import Foundation

extension RealmCollection {
    /// Where a sequence's notifications are computed and frozen: a serial queue of its own, or
    /// (nil) the jobs of an actor-isolated Realm's actor, which need no other connection.
    fileprivate var notificationQueue: DispatchQueue? {
        realm?.core.isActorConfined == true ? nil : DispatchQueue(label: "realm-tools.notification-sequence")
    }
}

extension RealmCollectionChange where CollectionType: RealmCollection {
    /// The same change with its collection frozen.
    func frozen() -> RealmCollectionChange<CollectionType> {
        switch self {
        case .initial(let collection): .initial(collection.freeze())
        case .update(let collection, let deletions, let insertions, let modifications):
            .update(collection.freeze(), deletions: deletions, insertions: insertions, modifications: modifications)
        case .error(let error): .error(error)
        }
    }
}

extension RealmCollection {
    /// The notifications of `observe(keyPaths:)` as an `AsyncSequence`, each collection frozen:
    /// `.initial` first, then an `.update` (deletions and modifications as indices in the
    /// previous version, insertions in the new one) for every change, commits of other threads
    /// and processes included, until the iteration ends. The AsyncSequence counterpart of Realm
    /// Swift's `changesetPublisher` (Realm Swift has Combine publishers, not sequences).
    /// Notifications are computed on a queue of the sequence's own, so the Realm's thread
    /// needs no run loop (for an actor-isolated Realm, in jobs of its actor); make the sequence
    /// where the collection may be used (traps in a write transaction, as `observe` does).
    ///
    /// For example:
    ///
    ///     for await change in dogs.changesetSequence(keyPaths: ["name"]) {
    ///         if case .update(_, let deletions, let insertions, let modifications) = change {
    ///             print(deletions, insertions, modifications)
    ///         }
    ///     }
    public func changesetSequence(keyPaths: [String]? = nil) -> RealmNotificationSequence<RealmCollectionChange<Self>> {
        RealmNotificationSequence { send in
            observe(keyPaths: keyPaths, on: notificationQueue) { send($0.frozen()) }
        }
    }

    /// The successive states of the collection as an `AsyncSequence` of frozen collections:
    /// once as it is now, then again after every change (as seed-style `asObservable()`
    /// does), until the iteration ends; an error ends the sequence. The AsyncSequence
    /// counterpart of Realm Swift's `collectionPublisher`.
    ///
    /// For example:
    ///
    ///     for await dogs in realm.objects(Dog.self).collectionSequence() { print(dogs.count) }
    public func collectionSequence(keyPaths: [String]? = nil) -> RealmNotificationSequence<Self> {
        RealmNotificationSequence { send in
            observe(keyPaths: keyPaths, on: notificationQueue) { change in
                switch change {
                case .initial(let collection), .update(let collection, _, _, _): send(collection.freeze())
                case .error: send(nil)
                }
            }
        }
    }
}

extension RealmCollection where Element: ObjectBase {
    /// `changesetSequence(keyPaths:)` with Swift key paths of the element type (`[\Dog.name]`).
    ///
    /// For example:
    ///
    ///     for await change in dogs.changesetSequence(keyPaths: [\Dog.name]) { print(change) }
    public func changesetSequence(keyPaths: [PartialKeyPath<Element>]) -> RealmNotificationSequence<RealmCollectionChange<Self>> {
        changesetSequence(keyPaths: Observation.names(of: keyPaths, in: Element.self, realm: realm))
    }

    /// `collectionSequence(keyPaths:)` with Swift key paths of the element type.
    ///
    /// For example:
    ///
    ///     for await dogs in dogs.collectionSequence(keyPaths: [\Dog.name]) { print(dogs.count) }
    public func collectionSequence(keyPaths: [PartialKeyPath<Element>]) -> RealmNotificationSequence<Self> {
        collectionSequence(keyPaths: Observation.names(of: keyPaths, in: Element.self, realm: realm))
    }
}
