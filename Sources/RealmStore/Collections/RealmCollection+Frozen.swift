import RealmEngine

/// Frozen collections, as in Realm Swift: `freeze()` pins a collection at the version its
/// Realm reads now (`Realm.freeze()`), readable from any thread and never updated; queries on
/// a frozen `Results` (`filter`, `sorted`) answer at that version. A frozen Realm has no write
/// transaction, so mutating a frozen List, MutableSet or Map traps as outside a write.
extension RealmCollection {
    /// Whether the collection belongs to a frozen Realm (false while unmanaged).
    ///
    /// For example:
    ///
    ///     realm.objects(Dog.self).freeze().isFrozen    // true
    public var isFrozen: Bool { realm?.isFrozen ?? false }
}

extension Results {
    /// The results at the Realm's current version, frozen: the same query read from the
    /// frozen snapshot (results of primitive values: the same sort of the frozen collection).
    ///
    /// For example:
    ///
    ///     let frozenDogs = realm.objects(Dog.self).freeze()
    public func freeze() -> Results<Element> {
        guard let realm else { RealmMessages.trap(RealmMessages.freezeUnmanagedCollection) }
        if realm.isFrozen { return self }
        if let rebind, let frozen = rebind(true) { return frozen }
        return moved(to: realm.freeze()) ?? self
    }

    /// The live results of frozen ones, in the calling thread's Realm: the same query at its
    /// newest version (nil when the owner of the collection they came from was deleted).
    ///
    /// For example:
    ///
    ///     let liveDogs = frozenDogs.thaw()
    public func thaw() -> Results<Element>? {
        guard let realm, realm.isFrozen else { return self }
        if let rebind { return rebind(false) }
        return moved(to: realm.thaw())
    }

    private func moved(to other: Realm) -> Results<Element>? {
        if let query = _rlmQuery {
            return query.moved(to: other).map { Results(query: $0, description: name) }
        }
        let elements = _rlmElements
        return Results(realm: other, description: name) { elements }
    }
}

extension AnyRealmCollection {
    /// The wrapped collection frozen (see `Results.freeze()`).
    public func freeze() -> AnyRealmCollection<Element> { freezer() }

    /// The wrapped collection thawed, or nil when its owner was deleted.
    public func thaw() -> AnyRealmCollection<Element>? { thawer() }
}

extension List {
    /// The list at its Realm's current version, frozen (traps while unmanaged).
    ///
    /// For example:
    ///
    ///     let frozenDogs = person.dogs.freeze()
    public func freeze() -> List<Element> { frozenCollection() }

    /// The live list of a frozen one, or nil when its owner was deleted since.
    public func thaw() -> List<Element>? { thawedCollection() }
}

extension MutableSet {
    /// The set at its Realm's current version, frozen (traps while unmanaged).
    ///
    /// For example:
    ///
    ///     let frozenTags = dog.tags.freeze()
    public func freeze() -> MutableSet<Element> { frozenCollection() }

    /// The live set of a frozen one, or nil when its owner was deleted since.
    public func thaw() -> MutableSet<Element>? { thawedCollection() }
}

extension LinkingObjects {
    /// The linking objects at the Realm's current version, frozen (traps while unmanaged).
    ///
    /// For example:
    ///
    ///     let frozenOwners = dog.owners.freeze()
    public func freeze() -> LinkingObjects<Element> { frozenCollection() }

    /// The live linking objects of frozen ones, or nil when their target was deleted since.
    public func thaw() -> LinkingObjects<Element>? { thawedCollection() }
}

extension Map {
    /// Whether the map belongs to a frozen Realm (false while unmanaged).
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// The map at its Realm's current version, frozen (traps while unmanaged).
    ///
    /// For example:
    ///
    ///     let frozenParks = dog.favoriteParksByCity.freeze()
    public func freeze() -> Map<Key, Value> { frozenCollection() }

    /// The live map of a frozen one, or nil when its owner was deleted since.
    public func thaw() -> Map<Key, Value>? { thawedCollection() }
}

extension PropertyCollection {
    /// `freeze()` of a List, MutableSet, LinkingObjects or Map: the same property of the
    /// owner in the frozen snapshot (traps while unmanaged).
    func frozenCollection() -> Self {
        guard let managed else { RealmMessages.trap(RealmMessages.freezeUnmanagedCollection) }
        return managed.realm.isFrozen ? self : Self(managed: managed.frozen())
    }

    /// `thaw()` of a List, MutableSet, LinkingObjects or Map: the same property of the owner
    /// in the calling thread's live Realm, nil when the owner was deleted since.
    func thawedCollection() -> Self? {
        guard let managed, managed.realm.isFrozen else { return self }
        return managed.thawed().map { Self(managed: $0) }
    }
}
