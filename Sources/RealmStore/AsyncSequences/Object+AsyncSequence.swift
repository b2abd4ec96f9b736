import Foundation

extension ObjectChange where T: ObjectBase {
    /// The same change with its object frozen.
    func frozen() -> ObjectChange<T> {
        switch self {
        case .change(let object, let properties): .change(object.freeze(), properties)
        case .deleted: .deleted
        case .error(let error): .error(error)
        }
    }
}

extension ThreadConfined where Self: ObjectBase {
    /// The notifications of `observe(keyPaths:)` as an `AsyncSequence`, each object frozen:
    /// `.change` with the changed properties' old and new values after every change, then
    /// `.deleted` when the object is deleted (after which the sequence ends). The AsyncSequence
    /// counterpart of Realm Swift's `changesetPublisher` on objects. Delivered as `observe`
    /// delivers on the object's Realm: as jobs of its actor (`Realm(configuration:actor:)`)
    /// or when its thread's run loop turns.
    ///
    /// For example:
    ///
    ///     for await change in dog.changesetSequence(keyPaths: ["name"]) { print(change) }
    public func changesetSequence(keyPaths: [String]? = nil) -> RealmNotificationSequence<ObjectChange<Self>> {
        RealmNotificationSequence { send in
            let token = observe(keyPaths: keyPaths) { (change: ObjectChange<Self>) in
                send(change.frozen())
                if case .deleted = change { send(nil) }
            }
            return token
        }
    }
}

extension ThreadConfined where Self: Object {
    /// The successive states of the object as an `AsyncSequence` of frozen objects: once as it
    /// is now, then after every change, ending when it is deleted. The AsyncSequence
    /// counterpart of Realm Swift's `valuePublisher`; delivered as `changesetSequence`.
    ///
    /// For example:
    ///
    ///     for await dog in dog.valueSequence() { print(dog.name) }
    public func valueSequence(keyPaths: [String]? = nil) -> RealmNotificationSequence<Self> {
        let first = freeze()
        return RealmNotificationSequence { send in
            send(first)
            return observe(keyPaths: keyPaths) { (change: ObjectChange<Self>) in
                switch change {
                case .change(let object, _): send(object.freeze())
                case .deleted, .error: send(nil)
                }
            }
        }
    }
}
