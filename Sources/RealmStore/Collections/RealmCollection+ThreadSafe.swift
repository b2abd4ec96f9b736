import RealmEngine

/// What a `ThreadSafeReference` to a Results of objects carries: its query description.
struct ResultsHandover: Sendable {
    let query: ResultsQuery
    let name: String
}

/// What a `ThreadSafeReference` to a managed List, MutableSet, Map or LinkingObjects carries:
/// its owner and property.
struct CollectionHandover: Sendable {
    let owner: ObjectKey
    let primaryKey: StoreValue?
    let property: String

    init(_ managed: ManagedCollection?) {
        guard let managed else { RealmMessages.trap(RealmMessages.referenceToUnmanaged) }
        owner = managed.owner.key
        primaryKey = managed.owner.primaryKeyValue()
        property = managed.property
    }

    /// The collection in `realm`, nil when its owner was deleted.
    static func resolve(_ handover: any Sendable, in realm: Realm) -> ManagedCollection? {
        guard let handover = handover as? CollectionHandover,
              let owner = realm.core.existing(handover.owner, primaryKey: handover.primaryKey)?._state else { return nil }
        return ManagedCollection(owner: owner, property: handover.property)
    }
}

/// Results of objects pass to another thread through `ThreadSafeReference`, as in Realm Swift:
/// the other thread's Realm runs the same query.
///
/// For example:
///
///     let reference = ThreadSafeReference(to: realm.objects(Dog.self).filter("age > 2"))
extension Results: ThreadConfined {
    public func _rlmHandover() -> any Sendable {
        guard let query = _rlmQuery else { RealmMessages.trap(RealmMessages.referenceToValueResults) }
        return ResultsHandover(query: query.query, name: name)
    }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        guard let handover = handover as? ResultsHandover,
              let query = _ObjectQuery(realm: realm, query: handover.query).moved(to: realm) else { return nil }
        return Results(query: query, description: handover.name) as? Self
    }
}

/// What a `ThreadSafeReference` to an `AnyRealmCollection` carries: the wrapped collection's
/// hand-over and how to find that collection again (its type is known only here).
// @unchecked: `resolve` captures only metatypes (not Sendable to the compiler) and is called on the resolving thread.
struct AnyCollectionHandover<Element: RealmCollectionValue>: @unchecked Sendable {
    let inner: any Sendable
    let resolve: (any Sendable, Realm) -> AnyRealmCollection<Element>?

    init<C: RealmCollection>(_ base: C) where C.Element == Element {
        inner = base._rlmHandover()
        resolve = { inner, realm in
            guard let found = C._rlmResolve(inner, in: realm) else { return nil }
            return AnyRealmCollection(found)
        }
    }
}

/// A wrapped collection passes to another thread as the collection it wraps.
///
/// For example:
///
///     let reference = ThreadSafeReference(to: AnyRealmCollection(person.dogs))
extension AnyRealmCollection: ThreadConfined {
    public func _rlmHandover() -> any Sendable { handover() }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> AnyRealmCollection<Element>? {
        guard let handover = handover as? AnyCollectionHandover<Element> else { return nil }
        return handover.resolve(handover.inner, realm)
    }
}

/// List, MutableSet, LinkingObjects and Map pass to another thread as their owner and
/// property (`CollectionHandover`); the owner's deletion since makes the resolved reference nil.
///
/// For example:
///
///     let reference = ThreadSafeReference(to: person.dogs)
extension PropertyCollection {
    public func _rlmHandover() -> any Sendable { CollectionHandover(managed) }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        CollectionHandover.resolve(handover, in: realm).map { Self(managed: $0) }
    }
}

extension List: PropertyCollection, ThreadConfined {}
extension MutableSet: PropertyCollection, ThreadConfined {}
extension LinkingObjects: PropertyCollection, ThreadConfined {}
extension Map: PropertyCollection, ThreadConfined {}
