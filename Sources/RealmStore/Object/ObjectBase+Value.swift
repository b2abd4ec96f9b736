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
            RealmError.trap(RealmError.invalidStoredLink(value, to: className()))
        }
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

/// The schema of a model as Realm Swift shows it (`object.objectSchema`).
///
/// For example:
///
///     dog.objectSchema.properties.map(\.name)    // ["_id", "name", "owners"]
public struct ObjectSchema: CustomStringConvertible, Equatable {
    /// The model's name.
    public let className: String
    /// Its properties in declaration order.
    public let properties: [Property]
    /// Whether the model is an `EmbeddedObject`.
    public let isEmbedded: Bool
    /// Whether the model is an `AsymmetricObject`.
    public let isAsymmetric: Bool

    init(_ info: TypeInfo) {
        className = info.className
        properties = info.properties.map(Property.init)
        isEmbedded = info.kind == .embedded
        isAsymmetric = info.kind == .asymmetric
    }

    /// The primary-key property, if any.
    public var primaryKeyProperty: Property? { properties.first { $0.isPrimary } }

    /// The property with this name.
    public subscript(propertyName: String) -> Property? { properties.first { $0.name == propertyName } }

    public var description: String {
        "\(className) {\n" + properties.map { "\t\($0.name) \($0.typeName)\n" }.joined() + "}"
    }
}

/// One property of an `ObjectSchema`.
public struct Property: Equatable {
    /// The Swift name.
    public let name: String
    /// Realm's type of the property (of its elements, for collections).
    public let type: PropertyType
    /// The schema type (`int?`, `Dog[]`, `string{}` …).
    public let typeName: String
    public let isOptional: Bool
    public let isArray: Bool
    public let isSet: Bool
    public let isMap: Bool
    public let isIndexed: Bool
    public let isPrimary: Bool
    /// The linked class, for links and linking objects.
    public let objectClassName: String?

    init(_ property: TypeInfo.Property) {
        name = property.name
        type = PropertyType(property.type.base)
        typeName = property.type.description
        isOptional = property.type.isOptional
        isArray = property.type.collection == .list
        isSet = property.type.collection == .set
        isMap = property.type.collection == .map
        isIndexed = property.options.indexed
        isPrimary = property.options.primaryKey
        objectClassName = property.type.base.objectType
    }
}
