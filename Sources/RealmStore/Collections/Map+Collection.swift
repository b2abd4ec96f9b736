import RealmEngine
import RealmSchema

extension Map: _Persistable {
    public static func _rlmPropertyType(_ options: PersistedOptions) -> DeclaredType {
        DeclaredType(Value._rlmBase, collection: .map, isOptional: Value._rlmIsOptional)
    }
    public static var _rlmObjectType: ObjectBase.Type? { Value._rlmObjectType }
    public static func _rlmDefault() -> Map<Key, Value> { Map() }
    public static func _rlmGet(_ object: ObjectBase, _ index: Int) -> Map<Key, Value> {
        Map(managed: ManagedCollection(object._state!, at: index))
    }
    public static func _rlmSet(_ value: Map<Key, Value>, _ object: _ObjectState, _ index: Int) {
        let entries = value.entries
        object.set(index) { builder in try Map.input(entries, builder) }
    }
    public func _rlmInput(_ builder: InputBuilder) throws -> InputValue {
        try Map.input(entries, builder)
    }
    public static func _rlmFromAny(_ value: Any) -> Map<Key, Value>? {
        let items: [String: Any]
        if let dictionary = value as? [String: Any] { items = dictionary } else if let map = value as? _AnyEntries { items = map._anyEntries } else { return nil }
        var entries: [Key: Value] = [:]
        for (key, item) in items {
            guard let element = Value._rlmFromAny(AnyValues.unwrap(item) ?? (Optional<Any>.none as Any)) else { return nil }
            entries[Key(_mapKeyString: key)] = element
        }
        return Map(entries: entries)
    }

    static func input(_ entries: [(Key, Value)], _ builder: InputBuilder) throws -> InputValue {
        var inputs: [String: InputValue] = [:]
        for (key, value) in entries {
            builder.at(.key(key._mapKeyString))
            inputs[key._mapKeyString] = try value._rlmInput(builder)
        }
        return .map(inputs)
    }
}

extension Map {
    /// The values sorted by value (primitives).
    public func sorted(ascending: Bool = true) -> Results<Value> {
        sorted(by: [SortDescriptor(keyPath: "self", ascending: ascending)])
    }

    /// The values sorted by a property of theirs.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Value> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The values sorted by several properties.
    public func sorted<S: Sequence>(by descriptors: S) -> Results<Value> where S.Element == SortDescriptor {
        let descriptors = Array(descriptors)
        if let query = valuesQuery {
            return Results(query: query.sorted(descriptors), description: "Map")
        }
        let rebind = { (freeze: Bool) in (freeze ? self.freeze() : self.thaw())?.sorted(by: descriptors) }
        return Results(realm: realm, description: "Map", rebind: rebind) { KeyPaths.sort(self.values, descriptors) }
    }

    /// The smallest value of a property of the values, or nil when empty.
    public func min<T: MinMaxType>(ofProperty property: String) -> T? {
        Aggregates.extreme(values.map { KeyPaths.value(of: $0, path: property) }, smallest: true)
    }

    /// The largest value of a property of the values, or nil when empty.
    public func max<T: MinMaxType>(ofProperty property: String) -> T? {
        Aggregates.extreme(values.map { KeyPaths.value(of: $0, path: property) }, smallest: false)
    }

    /// The sum of a property of the values.
    public func sum<T: AddableType>(ofProperty property: String) -> T {
        Aggregates.sum(values.map { KeyPaths.value(of: $0, path: property) })
    }

    /// The average of a property of the values, or nil when empty.
    public func average<T: AddableType>(ofProperty property: String) -> T? {
        Aggregates.average(values.map { KeyPaths.value(of: $0, path: property) })
    }
}

extension Map where Value: MinMaxType {
    /// The smallest value, or nil when empty.
    public func min() -> Value? { Aggregates.extreme(values.map { $0 as Any? }, smallest: true) }
    /// The largest value, or nil when empty.
    public func max() -> Value? { Aggregates.extreme(values.map { $0 as Any? }, smallest: false) }
}

extension Map where Value: AddableType {
    /// The sum of the values.
    public func sum() -> Value { Aggregates.sum(values.map { $0 as Any? }) }
    /// The average of the values, or nil when empty.
    public func average<T: AddableType>() -> T? { Aggregates.average(values.map { $0 as Any? }) }
}
