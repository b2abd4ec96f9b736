import RealmEngine
import RealmSchema

/// An object read by class and property names rather than through a Swift model, as Realm
/// Swift's `DynamicObject`: `realm.dynamicObjects("Dog")` gives them for any class of the
/// file, whether or not the program has a model type for it.
///
/// Properties read by name (`dog["name"]`, or `dog.name` through dynamic member lookup):
/// scalars as their Swift values, links as `DynamicObject`s, Lists and MutableSets as arrays,
/// Maps as dictionaries (`dynamicList(_:)`, `dynamicMutableSet(_:)` and `dynamicMap(_:)` give
/// a collection of objects as a live collection of `DynamicObject`s). Setting one (in a write
/// transaction) writes the store. A managed dynamic object is a managed object as others are:
/// it links, compares and invalidates as the typed object of the same stored object would.
///
/// For example:
///
///     for dog in realm.dynamicObjects("Dog") { print(dog["name"] as? String ?? "") }
///     try realm.write { realm.dynamicObjects("Dog").first?["age"] = 4 }
@dynamicMemberLookup
public final class DynamicObject: Object {
    /// The Realm and stored object read (nil for an unmanaged one, which holds nothing).
    private var stored: (realm: Realm, key: ObjectKey)? {
        _state.map { ($0.realm, $0.key) }
    }

    public required init() {}

    /// The managed object of `key` read through `realm`; its state carries the class's
    /// dynamic model (`DynamicTypeInfo`).
    init(realm: Realm, key: ObjectKey, info: TypeInfo? = nil) {
        super.init()
        _state = _ObjectState(realm: realm, key: key, info: info ?? DynamicTypeInfo.of(key, in: realm))
    }

    /// A dynamic object has no declared properties; its class's stored model says what it has.
    override public class func persistedProperties() -> [PersistedProperty] { [] }

    /// The class of the stored object.
    public var className: String { stored?.key.className ?? "DynamicObject" }

    /// The schema of the object's class in its Realm (an unmanaged one has none, and traps).
    override public var objectSchema: ObjectSchema {
        guard let stored, let model = stored.realm.store.schema.model(named: stored.key.className) else {
            RealmMessages.trap(RealmMessages.noPersistedProperties(className))
        }
        return ObjectSchema(model)
    }

    /// The stored value of the property named `key` (traps for a name the class lacks, with
    /// Realm's message).
    override public func value(forKey key: String) -> Any? {
        guard let (realm, objectKey) = stored else { return nil }
        let property = schema(of: key)
        let value: StoreValue = realm.core.read { store in
            do {
                return try store.get(objectKey, key)
            } catch {
                RealmMessages.trap(RealmMessages.message(of: error))
            }
        }
        return convert(value, target: property.type.base.objectType)
    }

    /// Sets the property named `key` (in a write transaction; traps otherwise or on a value of
    /// the wrong type, as Realm does).
    override public func setValue(_ value: Any?, forKey key: String) {
        guard let (realm, objectKey) = stored else { RealmMessages.trap(RealmMessages.modifyOutsideWrite) }
        _ = schema(of: key)
        realm.performSetter {
            let input: InputValue
            if let object = value as? ObjectBase, let state = object._state {
                input = .value(.object(state.key))
            } else if let value, let storeValue = AnyValues.storeValue(value) {
                input = .value(storeValue)
            } else if value == nil {
                input = .value(.null)
            } else {
                throw RealmMessages.invalidValue(value, for: "\(schema(of: key).type)", className, key)
            }
            try realm.store.set(objectKey, key, input)
        }
    }

    /// The property named `member`, as `self[member]`.
    public subscript(dynamicMember member: String) -> Any? {
        get { value(forKey: member) }
        set { setValue(newValue, forKey: member) }
    }

    /// `Dog {\n\tname = Rex;\n}`, as Realm prints objects.
    override func _rlmDescription(depth: Int) -> String {
        guard let stored else { return "DynamicObject {\n}" }
        let model = stored.realm.store.schema.model(named: stored.key.className)
        let values = (model?.properties ?? []).filter { !$0.type.isLinkingObjects }.map { property in
            (property.name, value(forKey: property.name))
        }
        return RealmDescription.object(stored.key.className, values, depth: depth)
    }

    private func schema(of key: String) -> PropertySchema {
        guard let (realm, objectKey) = stored,
              let property = realm.store.schema.model(named: objectKey.className)?.property(named: key) else {
            RealmMessages.trap(RealmMessages.invalidPropertyName(key, className))
        }
        return property
    }

    /// A stored value as Realm's dynamic API gives it.
    private func convert(_ value: StoreValue, target: String?) -> Any? {
        switch value {
        case .null: return nil
        case .object(let key): return stored.map { DynamicObject(realm: $0.realm, key: key) }
        case .list(let values): return values.map { convert($0, target: target) }
        case .dictionary(let entries): return entries.mapValues { convert($0, target: target) }
        default: return AnyValues.anyValue(value)
        }
    }
}

extension Realm {
    /// Every object of the class named `typeName`, as `DynamicObject`s (Realm Swift's
    /// `dynamicObjects(_:)`): lazy, live Results over the class as `objects(_:)` gives, so
    /// `count` is one SQL count, `filter` and `sorted(byKeyPath:)` add to its SQL and
    /// `observe` reports its changes. Traps for a class the file lacks.
    ///
    /// For example:
    ///
    ///     let names = realm.dynamicObjects("Dog").sorted(byKeyPath: "name").map { $0["name"] as! String }
    public func dynamicObjects(_ typeName: String) -> Results<DynamicObject> {
        guard store.schema.model(named: typeName) != nil else { RealmMessages.trap(RealmMessages.unknownClass(typeName)) }
        return Results(query: _ObjectQuery(realm: self, className: typeName, dynamic: true), description: typeName)
    }
}

extension DynamicObject {
    var objectKey: ObjectKey? { stored?.key }
}
