import RealmEngine
import RealmSchema

/// An object read by class and property names rather than through a Swift model, as Realm
/// Swift's `DynamicObject`: `realm.dynamicObjects("Dog")` gives them for any class of the
/// file, whether or not the program has a model type for it.
///
/// Properties read by name (`dog["name"]`, or `dog.name` through dynamic member lookup):
/// scalars as their Swift values, links as `DynamicObject`s, Lists and MutableSets as arrays,
/// Maps as dictionaries (`dynamicList(_:)`, `dynamicMutableSet(_:)` and `dynamicMap(_:)` give
/// a collection of objects as `DynamicObject`s, a snapshot). Setting one (in a write
/// transaction) writes the store.
///
/// For example:
///
///     for dog in realm.dynamicObjects("Dog") { print(dog["name"] as? String ?? "") }
///     try realm.write { realm.dynamicObjects("Dog").first?["age"] = 4 }
@dynamicMemberLookup
public final class DynamicObject: Object {
    /// The Realm and stored object read (nil for an unmanaged one, which holds nothing).
    private var stored: (realm: Realm, key: ObjectKey)?

    public required init() {}

    init(realm: Realm, key: ObjectKey) {
        stored = (realm, key)
    }

    /// A dynamic object has no declared properties; its class's stored model says what it has.
    override public class func persistedProperties() -> [PersistedProperty] { [] }

    override public var realm: Realm? { stored?.realm }

    override public var isInvalidated: Bool {
        guard let stored else { return false }
        return !stored.realm.core.read { $0.isValid(stored.key) }
    }

    /// The class of the stored object.
    public var className: String { stored?.key.className ?? "DynamicObject" }

    /// The stored value of the property named `key` (traps for a name the class lacks, with
    /// Realm's message).
    override public func value(forKey key: String) -> Any? {
        guard let (realm, objectKey) = stored else { return nil }
        let property = schema(of: key)
        let value: StoreValue = realm.core.read { store in
            do {
                return try store.get(objectKey, key)
            } catch {
                RealmError.trap(RealmError.message(of: error))
            }
        }
        return convert(value, target: property.type.base.objectType)
    }

    /// Sets the property named `key` (in a write transaction; traps otherwise or on a value of
    /// the wrong type, as Realm does).
    override public func setValue(_ value: Any?, forKey key: String) {
        guard let (realm, objectKey) = stored else { RealmError.trap(RealmError.modifyOutsideWrite) }
        _ = schema(of: key)
        realm.performSetter {
            let input: InputValue
            if let object = value as? DynamicObject, let link = object.stored {
                input = .value(.object(link.key))
            } else if let object = value as? ObjectBase, let state = object._state {
                input = .value(.object(state.key))
            } else if let value, let storeValue = AnyValues.storeValue(value) {
                input = .value(storeValue)
            } else if value == nil {
                input = .value(.null)
            } else {
                throw RealmError.invalidValue(value, for: "\(schema(of: key).type)", className, key)
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
    override public var description: String {
        guard let stored else { return "DynamicObject {\n}" }
        let model = stored.realm.store.schema.model(named: stored.key.className)
        let lines = (model?.properties ?? []).filter { !$0.type.isLinkingObjects }.map { property in
            "\t\(property.name) = \(value(forKey: property.name).map { "\($0)" } ?? "null");\n"
        }
        return "\(stored.key.className) {\n" + lines.joined() + "}"
    }

    private func schema(of key: String) -> PropertySchema {
        guard let (realm, objectKey) = stored,
              let property = realm.store.schema.model(named: objectKey.className)?.property(named: key) else {
            RealmError.trap(RealmError.invalidPropertyName(key, className))
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
    /// `dynamicObjects(_:)`); traps for a class the file lacks. `filter` and
    /// `sorted(byKeyPath:)` work on them as on other Results.
    ///
    /// For example:
    ///
    ///     let names = realm.dynamicObjects("Dog").sorted(byKeyPath: "name").map { $0["name"] as! String }
    public func dynamicObjects(_ typeName: String) -> Results<DynamicObject> {
        guard store.schema.model(named: typeName) != nil else { RealmError.trap(RealmError.unknownClass(typeName)) }
        let query = ResultsQuery(className: typeName)
        return Results(realm: self, description: typeName) {
            try self.core.read { try $0.resultKeys(query) }.map { DynamicObject(realm: self, key: ObjectKey(className: typeName, key: $0)) }
        }
    }
}

extension Results where Element == DynamicObject {
    /// The objects matching `predicateFormat` (Realm Query Language, as `filter` elsewhere).
    ///
    /// For example:
    ///
    ///     realm.dynamicObjects("Dog").filter("age > %@", 2)
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<DynamicObject> {
        let arguments = QueryArguments.storeValues(args)
        let base = self
        return Results(realm: realm, description: _rlmTypeName) {
            let elements = base._rlmElements
            guard let realm = base.realm, let className = elements.first?.className else { return [] }
            let keys = elements.compactMap { $0.realm == nil ? nil : $0.objectKey?.key }
            let (matched, _) = try realm.core.read { try $0.matches(className, predicateFormat, arguments: arguments, within: keys) }
            return matched.map { DynamicObject(realm: realm, key: ObjectKey(className: className, key: $0)) }
        }
    }
}

extension DynamicObject {
    var objectKey: ObjectKey? { stored?.key }
}
