import RealmEngine
import RealmSchema

/// Objects as property values: a to-one link (`Dog?`), a List or MutableSet element, a Map
/// value (`Dog?`) or the `.object` of an `AnyRealmValue`.
extension ObjectBase: RealmCollectionValue {
    public static var _rlmBase: BaseType { .object(className()) }
    public static var _rlmObjectType: ObjectBase.Type? { self }

    public static func _rlmDefault() -> Self { Self() }

    public static func _rlmFromStore(_ value: StoreValue, _ realm: Realm?) -> Self {
        guard case .object(let key) = value, let realm else {
            RealmMessages.trap(RealmMessages.invalidStoredLink(value, to: className()))
        }
        // The elements of a dynamic collection (`dynamicList(_:)`) are read by name.
        if ObjectIdentifier(self) == ObjectIdentifier(DynamicObject.self) { return DynamicObject(realm: realm, key: key) as! Self }
        return realm.core.object(key) as! Self
    }

    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        try builder.reference(self)
    }

    public var _rlmStoreValue: StoreValue {
        _state.map { .object($0.key) } ?? .null
    }

    public static func _rlmFromAny(_ value: Any) -> Self? {
        if let object = value as? Self { return object }
        guard value is [String: Any] || value is [Any] else { return nil }
        let object = Self()
        ObjectValues.assign(value, to: object)
        return object
    }
}
