import RealmEngine
import RealmSchema

/// Where a managed collection lives: its owner object and property. It reads the property's
/// stored value and runs mutations, for `List`, `MutableSet`, `Map` and `LinkingObjects`.
struct ManagedCollection {
    let owner: _ObjectState
    let property: String

    /// The collection property at `index` of `object`'s model.
    init(_ object: _ObjectState, at index: Int) {
        owner = object
        property = object.info.properties[index].name
    }

    init(owner: _ObjectState, property: String) {
        self.owner = owner
        self.property = property
    }

    var realm: Realm { owner.realm }

    /// The same collection in the frozen snapshot of its Realm's current version (traps
    /// inside a write or when the owner is invalidated).
    func frozen() -> ManagedCollection {
        if realm.isFrozen { return self }
        if owner.isInvalidated { RealmMessages.trap(RealmMessages.invalidatedObject) }
        return ManagedCollection(owner: realm.core.frozen().object(owner.key)._state!, property: property)
    }

    /// The live collection of a frozen one in the calling thread's Realm, nil when its owner
    /// was deleted since (a new object given its key is not it, see `RealmCore.existing`).
    func thawed() -> ManagedCollection? {
        guard realm.isFrozen else { return self }
        guard let state = realm.thaw().core.existing(owner.key, primaryKey: owner.primaryKeyValue())?._state else { return nil }
        return ManagedCollection(owner: state, property: property)
    }
    var isInvalidated: Bool { owner.isInvalidated }

    /// The stored value of the property (`.list` or `.dictionary`); traps when invalidated.
    func read() -> StoreValue {
        if owner.isInvalidated { RealmMessages.trap(RealmMessages.invalidatedObject) }
        do {
            return try realm.core.read { try $0.get(owner.key, property) }
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// The elements of a List, MutableSet or LinkingObjects property, from `cache` until the
    /// Realm changes.
    func elements<Element: RealmCollectionValue>(_ cache: inout ElementCache<[Element]>) -> [Element] {
        realm.core.read { _ in
            cache.get(realm) {
                guard case .list(let values) = read() else { return [] }
                return values.map { Element._rlmFromStore($0, realm) }
            }
        }
    }

    /// The SQL query reading the collection when its elements are objects (`base` from the
    /// owner's key and the property), kept in `cache`; nil for primitive values. Traps when
    /// the owner is invalidated.
    func query<Element: RealmCollectionValue>(_ cache: inout _ObjectQuery?, for element: Element.Type,
                                              _ base: (ObjectKey, String) -> ResultsQuery.Base) -> _ObjectQuery? {
        guard case .object(var className) = Element._rlmBase, !isCustomPersistable(Element.self) else { return nil }
        if owner.isInvalidated { RealmMessages.trap(RealmMessages.invalidatedObject) }
        if let cache { return cache }
        // A dynamic collection's objects are of the class the property links to.
        let dynamic = Element._rlmObjectType == DynamicObject.self
        if dynamic, case .object(let target)? = realm.store.schema.model(named: owner.key.className)?
            .property(named: property)?.type.base { className = target }
        let query = _ObjectQuery(realm: realm, className: className, base: base(owner.key, property), dynamic: dynamic)
        cache = query
        return query
    }

    /// Empties the collection (`empty` is the property's empty input); traps with `outside`
    /// outside a write transaction.
    func removeAll(_ outside: @autoclosure () -> String, empty: InputValue) {
        mutate(outside()) { _ in
            try realm.store.set(owner.key, property, empty)
        }
    }

    /// Runs a mutation with a builder whose embedded objects attach at `slot` (see
    /// `Realm.perform`); traps with `outside` (only then evaluated) outside a write transaction.
    func mutate(_ outside: @autoclosure () -> String, slot: InputBuilder.Slot = .single, _ body: (InputBuilder) throws -> Void) {
        guard realm.isInWriteTransaction else { RealmMessages.trap(outside()) }
        realm.perform(()) { try build(slot, body) }
    }

    /// Runs a mutation from a setter: traps on error, as Realm does.
    func mutateInSetter(_ outside: @autoclosure () -> String, slot: InputBuilder.Slot = .single,
                        _ body: (InputBuilder) throws -> Void) {
        guard realm.isInWriteTransaction else { RealmMessages.trap(outside()) }
        realm.performSetter { try build(slot, body) }
    }

    /// Runs `body` with a builder adopting objects for this collection, embedded ones at `slot`.
    private func build(_ slot: InputBuilder.Slot, _ body: (InputBuilder) throws -> Void) throws {
        let builder = InputBuilder(realm: realm, mode: .adopt, policy: .error)
        builder.parent = (.key(owner.key), property, slot)
        try body(builder)
        try builder.finish()
    }
}

/// Caches a managed collection's elements until the Realm changes.
struct ElementCache<Value> {
    private var value: Value?
    private var generation = -1

    /// Whether the cached value is from the Realm's current version.
    func isCurrent(_ realm: Realm) -> Bool {
        value != nil && generation == realm.core.generation
    }

    mutating func get(_ realm: Realm, _ load: () throws -> Value) rethrows -> Value {
        if let value, generation == realm.core.generation { return value }
        let loaded = try load()
        value = loaded
        generation = realm.core.generation
        return loaded
    }
}
