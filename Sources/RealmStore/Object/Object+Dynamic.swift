import RealmEngine
import RealmSchema

extension Object {
    /// The List property `propertyName` of this managed object (typed or dynamic) with its
    /// objects as `DynamicObject`s, as Realm Swift's `dynamicList(_:)`: the live, managed list
    /// itself, so it follows writes made through the typed property, can be filtered, sorted
    /// and observed, and is changed in a write transaction (`append`, `insert`, `remove`, ...).
    /// Traps for a name the class lacks or a property that is no List of objects; empty and
    /// unmanaged for an unmanaged object.
    ///
    /// For example:
    ///
    ///     try realm.write { owner.dynamicList("pets").append(realm.dynamicObjects("Pet").first!) }
    public func dynamicList(_ propertyName: String) -> List<DynamicObject> {
        dynamicCollection(propertyName, .list).map { List(managed: $0) } ?? List()
    }

    /// The MutableSet property `propertyName` with its objects as `DynamicObject`s, as Realm
    /// Swift's `dynamicMutableSet(_:)`: live and managed, as `dynamicList(_:)`.
    ///
    /// For example:
    ///
    ///     person.dynamicMutableSet("pack").count
    public func dynamicMutableSet(_ propertyName: String) -> MutableSet<DynamicObject> {
        dynamicCollection(propertyName, .set).map { MutableSet(managed: $0) } ?? MutableSet()
    }

    /// The Map property `propertyName` with its objects as `DynamicObject`s (nil for a null
    /// entry), as Realm Swift's `dynamicMap(_:)`: live and managed, as `dynamicList(_:)`.
    ///
    /// For example:
    ///
    ///     let pets: Map<String, DynamicObject?> = person.dynamicMap("pets")
    ///     try realm.write { pets["c"] = realm.dynamicObjects("Dog").first }
    public func dynamicMap<Key: _MapKey>(_ propertyName: String) -> Map<Key, DynamicObject?> {
        dynamicCollection(propertyName, .map).map { Map(managed: $0) } ?? Map()
    }

    /// The collection property `propertyName` of this managed object, which must be of `kind`
    /// and hold objects; nil for an unmanaged object.
    private func dynamicCollection(_ propertyName: String, _ kind: CollectionKind) -> ManagedCollection? {
        guard let state = _state else { return nil }
        let className = state.key.className
        guard let property = state.realm.store.schema.model(named: className)?.property(named: propertyName) else {
            RealmMessages.trap(RealmMessages.invalidPropertyName(propertyName, className))
        }
        guard property.type.collection == kind, property.type.base.isObject else {
            RealmMessages.trap(RealmMessages.notDynamicCollection(propertyName, className, kind))
        }
        return ManagedCollection(owner: state, property: propertyName)
    }
}
