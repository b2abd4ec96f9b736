import RealmEngine
import RealmSchema

/// Creating and finding objects by class name, as Realm Swift's dynamic API does.
extension Realm {
    /// Creates an object of the class named `typeName` from a dictionary of its values by
    /// property name, or an array of them in property order (nested dictionaries for linked and embedded objects, arrays for Lists and
    /// MutableSets; `DynamicObject`s and managed objects link), in a write transaction; errors
    /// are recorded for the transaction as `create` records them.
    ///
    /// For example:
    ///
    ///     try realm.write { realm.dynamicCreate("Dog", value: ["name": "Rex", "age": 3]) }
    @discardableResult
    public func dynamicCreate(_ typeName: String, value: Any = [String: Any](), update: UpdatePolicy = .error) -> DynamicObject {
        if store.schema.model(named: typeName)?.kind == .embedded { RealmMessages.trap(RealmMessages.createEmbedded) }
        return perform(DynamicObject()) {
            let fields = try DynamicInput(schema: store.schema).fields(value, of: typeName)
            return DynamicObject(realm: self, key: try store.create(typeName, value: fields, update: update))
        }
    }

    /// The object of the class named `typeName` with this primary key, or nil (traps for a
    /// class the file lacks or one without a primary key, with Realm's messages).
    ///
    /// For example:
    ///
    ///     let dog = realm.dynamicObject(ofType: "Dog", forPrimaryKey: 7)
    public func dynamicObject(ofType typeName: String, forPrimaryKey key: Any) -> DynamicObject? {
        guard let model = store.schema.model(named: typeName) else { RealmMessages.trap(RealmMessages.unknownClass(typeName)) }
        guard model.primaryKey != nil else { RealmMessages.trap(RealmMessages.noPrimaryKey(typeName)) }
        let primaryKey = AnyValues.unwrap(key).flatMap(AnyValues.storeValue) ?? .null
        let found: ObjectKey? = core.read { store in
            do {
                return try store.object(typeName, primaryKey: primaryKey)
            } catch {
                RealmMessages.trap(RealmMessages.message(of: error))
            }
        }
        return found.map { DynamicObject(realm: self, key: $0) }
    }
}

/// Store input from untyped values, guided by the stored schema.
struct DynamicInput {
    let schema: CompiledSchema

    func fields(_ value: Any, of className: String) throws -> [String: InputValue] {
        guard let model = schema.model(named: className) else { throw StoreError.unknownClass(className) }
        let stored = model.properties.filter { !$0.type.isLinkingObjects }
        let dictionary: [String: Any]
        if let given = value as? [String: Any] {
            dictionary = given
        } else if let array = value as? [Any] {
            guard array.count <= stored.count else { throw RealmMessages.tooManyValues(array.count, stored.count) }
            dictionary = Dictionary(uniqueKeysWithValues: zip(stored.map(\.name), array))
        } else {
            throw RealmMessages.invalidValue(value, for: className, className, "")
        }
        var result: [String: InputValue] = [:]
        for (name, item) in dictionary {
            guard let property = model.property(named: name) else { throw StoreError.unknownProperty(className, name) }
            result[name] = try input(item, property, className)
        }
        return result
    }

    private func input(_ value: Any, _ property: PropertySchema, _ className: String) throws -> InputValue {
        guard let value = AnyValues.unwrap(value) else { return .value(.null) }
        switch property.type.collection {
        case .single: return try element(value, property, className)
        case .list, .set:
            guard let array = value as? [Any] ?? (value as? _AnyElements)?._anyElements else {
                throw RealmMessages.invalidValue(value, for: property.type.description, className, property.name)
            }
            return .collection(try array.map { try element($0, property, className) })
        case .map:
            guard let entries = value as? [String: Any] else {
                throw RealmMessages.invalidValue(value, for: property.type.description, className, property.name)
            }
            return .map(try entries.mapValues { try element($0, property, className) })
        }
    }

    private func element(_ value: Any, _ property: PropertySchema, _ className: String) throws -> InputValue {
        guard let value = AnyValues.unwrap(value) else { return .value(.null) }
        if let object = value as? DynamicObject, let key = object.objectKey { return .value(.object(key)) }
        if let object = value as? MigrationObject, let key = object.key { return .value(.object(key)) }
        if let object = value as? ObjectBase, let state = object._state { return .value(.object(state.key)) }
        if case .object(let target) = property.type.base, let nested = value as? [String: Any] {
            return .object(try fields(nested, of: target))
        }
        guard let stored = AnyValues.storeValue(value) else {
            throw RealmMessages.invalidValue(value, for: property.type.description, className, property.name)
        }
        return .value(stored)
    }
}
