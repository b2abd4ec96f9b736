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
    let property: String

    init(_ managed: ManagedCollection?) {
        guard let managed else { RealmError.trap(RealmError.referenceToUnmanaged) }
        owner = managed.owner.key
        property = managed.property
    }

    /// The collection in `realm`, nil when its owner was deleted.
    static func resolve(_ handover: any Sendable, in realm: Realm) -> ManagedCollection? {
        guard let handover = handover as? CollectionHandover, realm.core.read({ $0.isValid(handover.owner) }),
              let owner = realm.core.object(handover.owner)._state else { return nil }
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
        guard let query = _rlmQuery else { RealmError.trap(RealmError.referenceToValueResults) }
        return ResultsHandover(query: query.query, name: name)
    }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        guard let handover = handover as? ResultsHandover,
              let query = _ObjectQuery(realm: realm, query: handover.query).moved(to: realm) else { return nil }
        return Results(query: query, description: handover.name) as? Self
    }
}

extension List: ThreadConfined {
    public func _rlmHandover() -> any Sendable { CollectionHandover(managed) }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        CollectionHandover.resolve(handover, in: realm).map { List(managed: $0) } as? Self
    }
}

extension MutableSet: ThreadConfined {
    public func _rlmHandover() -> any Sendable { CollectionHandover(managed) }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        CollectionHandover.resolve(handover, in: realm).map { MutableSet(managed: $0) } as? Self
    }
}

extension LinkingObjects: ThreadConfined {
    public func _rlmHandover() -> any Sendable { CollectionHandover(managed) }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        CollectionHandover.resolve(handover, in: realm).map { LinkingObjects(managed: $0) } as? Self
    }
}

extension Map: ThreadConfined {
    public func _rlmHandover() -> any Sendable { CollectionHandover(managed) }

    public static func _rlmResolve(_ handover: any Sendable, in realm: Realm) -> Self? {
        CollectionHandover.resolve(handover, in: realm).map { Map(managed: $0) } as? Self
    }
}
