import RealmEngine
import RealmSchema

extension Object {
    /// The objects of the List property `propertyName` of this managed object (typed or
    /// dynamic) as `DynamicObject`s, as Realm Swift's `dynamicList(_:)`; a snapshot of the
    /// list when called (change it through the property). Traps for a name the class lacks or
    /// a property that is no List of objects.
    ///
    /// For example:
    ///
    ///     owner.dynamicList("pets").map { $0["name"] as! String }
    public func dynamicList(_ propertyName: String) -> List<DynamicObject> {
        List(elements: dynamicObjects(propertyName, .list))
    }

    /// The objects of the MutableSet property `propertyName` as `DynamicObject`s, as Realm
    /// Swift's `dynamicMutableSet(_:)`; a snapshot, as `dynamicList(_:)`.
    ///
    /// For example:
    ///
    ///     person.dynamicMutableSet("pack").count
    public func dynamicMutableSet(_ propertyName: String) -> MutableSet<DynamicObject> {
        MutableSet(elements: dynamicObjects(propertyName, .set))
    }

    /// The entries of the Map property `propertyName` with their objects as `DynamicObject`s
    /// (nil for a null entry), as Realm Swift's `dynamicMap(_:)`; a snapshot, as
    /// `dynamicList(_:)`.
    ///
    /// For example:
    ///
    ///     let pets: Map<String, DynamicObject?> = person.dynamicMap("pets")
    public func dynamicMap<Key: _MapKey>(_ propertyName: String) -> Map<Key, DynamicObject?> {
        guard case .dictionary(let entries) = dynamicValue(propertyName, .map) else { return Map() }
        var objects: [Key: DynamicObject?] = [:]
        for (key, value) in entries { objects[Key(_mapKeyString: key)] = dynamicObject(value) }
        return Map(entries: objects)
    }

    private func dynamicObjects(_ propertyName: String, _ kind: CollectionKind) -> [DynamicObject] {
        guard case .list(let values) = dynamicValue(propertyName, kind) else { return [] }
        return values.compactMap(dynamicObject)
    }

    /// The object a stored link names, in this object's Realm.
    private func dynamicObject(_ value: StoreValue) -> DynamicObject? {
        guard case .object(let key) = value, let realm else { return nil }
        return DynamicObject(realm: realm, key: key)
    }

    /// The stored value of the collection property `propertyName`, which must be of `kind`
    /// and hold objects; `.null` for an unmanaged object.
    private func dynamicValue(_ propertyName: String, _ kind: CollectionKind) -> StoreValue {
        guard let realm, let key = (self as? DynamicObject)?.objectKey ?? _state?.key else { return .null }
        let className = key.className
        guard let property = realm.store.schema.model(named: className)?.property(named: propertyName) else {
            RealmError.trap(RealmError.invalidPropertyName(propertyName, className))
        }
        guard property.type.collection == kind, property.type.base.isObject else {
            RealmError.trap(RealmError.notDynamicCollection(propertyName, className, kind))
        }
        do {
            return try realm.core.read { try $0.get(key, propertyName) }
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
    }
}
