import RealmEngine

/// Key-value access to objects through their property tables: `init(value:)`,
/// `value(forKey:)`, `setValue(_:forKey:)` and Realm's `description`.
enum ObjectValues {
    /// Sets an unmanaged object's properties from a dictionary, an array in property order, or
    /// another object of the same class; traps with Realm's message on a bad value.
    static func assign(_ value: Any, to object: ObjectBase) {
        let info = TypeInfo.of(type(of: object))
        let persisted = info.properties.filter { !$0.type.isLinkingObjects }
        switch AnyValues.unwrap(value) {
        case let dictionary as [String: Any]:
            for property in persisted {
                if let element = dictionary[property.name] { set(element, property, of: object, info) }
            }
        case let array as [Any]:
            guard array.count <= persisted.count else {
                RealmMessages.trap(RealmMessages.tooManyValues(array.count, persisted.count).message)
            }
            for (element, property) in zip(array, persisted) {
                set(element, property, of: object, info)
            }
        case let source as ObjectBase where TypeInfo.of(type(of: source)).className == info.className:
            for property in persisted {
                set(property.accessor.get(source), property, of: object, info)
            }
        case let other:
            RealmMessages.trap(RealmMessages.missingKey(other, info.className, persisted.first?.name ?? "").message)
        }
    }

    /// `setValue(_:forKey:)`.
    static func set(_ value: Any?, forKey key: String, of object: ObjectBase) {
        let info = TypeInfo.of(type(of: object))
        guard let property = info.property(named: key) else {
            RealmMessages.trap(StoreError.unknownProperty(info.className, key).message)
        }
        set(value ?? Optional<Any>.none as Any, property, of: object, info)
    }

    private static func set(_ value: Any, _ property: TypeInfo.Property, of object: ObjectBase, _ info: TypeInfo) {
        if !property.accessor.set(object, AnyValues.unwrap(value) ?? (Optional<Any>.none as Any)) {
            RealmMessages.trap(RealmMessages.invalidValue(AnyValues.unwrap(value), for: property.type.description, info.className, property.name).message)
        }
    }

    /// A property value as `Any?` (optionals flattened).
    static func unwrap(_ value: Any) -> Any? {
        AnyValues.unwrap(value)
    }

    /// Realm's object description: `Dog {\n\tname = Rex;\n}`, linked objects and collections
    /// nested to Realm's depth (RealmDescription).
    static func describe(_ object: ObjectBase, depth: Int) -> String {
        let info = TypeInfo.of(type(of: object))
        if object.isInvalidated { return "[invalid object]" }
        let values = info.properties.filter { !$0.type.isLinkingObjects }.map { property in
            (property.name, AnyValues.unwrap(property.accessor.get(object)))
        }
        return RealmDescription.object(info.className, values, depth: depth)
    }
}
