import Foundation
import RealmEngine

/// `observe(on: actor)`, as Realm Swift has it for every observable: the value is passed to the
/// actor (a `ThreadSafeReference`), resolved there in the actor's Realm of the same file, and
/// observed there; the block runs isolated to the actor, with the value as that Realm sees it
/// (a collection first with `.initial`). The token, returned once the observation is
/// registered, ends it as any token does.
extension RealmCollection where Self: ThreadConfined & SendableMetatype {
    /// `observe(keyPaths:on:_:)` delivering to `actor`.
    ///
    /// For example:
    ///
    ///     let token = await realm.objects(Dog.self).observe(on: kennel) { kennel, change in
    ///         kennel.update(change)
    ///     }
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmCollectionChange<Self>) -> Void) async -> NotificationToken {
        await ActorObservation.observe(self, of: realm, on: actor, isolation: _isolation) { collection, actor in
            collection.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension RealmCollection where Self: ThreadConfined & SendableMetatype, Element: ObjectBase {
    /// `observe(keyPaths:on:_:)` delivering to `actor`, with Swift key paths of the element type.
    public func observe<A: Actor>(keyPaths: [PartialKeyPath<Element>], on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmCollectionChange<Self>) -> Void) async -> NotificationToken {
        await observe(keyPaths: Observation.names(of: keyPaths, in: Element.self, realm: realm), on: actor, block)
    }
}

extension Map where Key: SendableMetatype, Value: SendableMetatype {
    /// `observe(keyPaths:on:_:)` delivering to `actor`.
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, RealmMapChange<Map<Key, Value>>) -> Void) async -> NotificationToken {
        await ActorObservation.observe(self, of: realm, on: actor, isolation: _isolation) { collection, actor in
            collection.observe(keyPaths: keyPaths) { change in block(actor, change) }
        }
    }
}

extension ThreadConfined where Self: Object & SendableMetatype {
    /// `observe(keyPaths:on:_:)` delivering to `actor` (no initial notification, as for any
    /// object observation).
    ///
    /// For example:
    ///
    ///     let token = await dog.observe(on: kennel) { kennel, change in kennel.note(change) }
    public func observe<A: Actor>(keyPaths: [String]? = nil, on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, ObjectChange<Self>) -> Void) async -> NotificationToken {
        await ActorObservation.observe(self, of: realm, on: actor, isolation: _isolation) { object, actor in
            object.observe(keyPaths: keyPaths) { (change: ObjectChange<Self>) in block(actor, change) }
        }
    }

    /// `observe(keyPaths:on:_:)` delivering to `actor`, with Swift key paths of the model.
    public func observe<A: Actor>(keyPaths: [PartialKeyPath<Self>], on actor: A,
                                  _isolation: isolated (any Actor)? = #isolation,
                                  _ block: @Sendable @escaping (isolated A, ObjectChange<Self>) -> Void) async -> NotificationToken {
        await observe(keyPaths: Observation.names(of: keyPaths, in: Self.self, realm: realm), on: actor, block)
    }
}

enum ActorObservation {
    /// Passes `value` (of `realm`) to `actor` and observes it there with `register`; a value
    /// that no longer exists there, or a Realm that cannot open, gives a token that observes
    /// nothing.
    static func observe<A: Actor, Value: ThreadConfined & SendableMetatype>(
        _ value: Value, of realm: Realm?, on actor: A, isolation: isolated (any Actor)?,
        _ register: @Sendable @escaping (Value, isolated A) -> NotificationToken
    ) async -> NotificationToken {
        let reference = ThreadSafeReference(to: value)
        let configuration = Unchecked(Observation.core(of: realm).configuration)
        let token = try? await run(on: actor) { actor in
            let realm = try await Realm(configuration: configuration.value, actor: actor)
            return realm.resolve(reference).map { register($0, actor) }
        }
        return (token ?? nil) ?? NotificationToken(Observer())
    }

    private static func run<A: Actor>(on actor: isolated A,
                                      _ body: @Sendable (isolated A) async throws -> NotificationToken?) async throws -> NotificationToken? {
        try await body(actor)
    }

}
