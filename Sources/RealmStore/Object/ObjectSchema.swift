import Foundation
import RealmSchema

/// The schema of a model as Realm Swift shows it: `object.objectSchema`, or one entry of
/// `realm.schema`.
///
/// For example:
///
///     dog.objectSchema.properties.map(\.name)    // ["_id", "name", "owners"]
///     realm.schema["Dog"]?.primaryKeyProperty?.name   // "_id"
public struct ObjectSchema: CustomStringConvertible, Equatable {
    /// The model's name.
    public let className: String
    /// Its properties in declaration order.
    public let properties: [Property]
    /// Whether the model is an `EmbeddedObject`.
    public let isEmbedded: Bool
    /// Whether the model is an `AsymmetricObject`.
    public let isAsymmetric: Bool

    /// The Realm view of a model of the project's schema.
    init(_ model: ModelSchema) {
        className = model.name
        properties = model.properties.map(Property.init)
        isEmbedded = model.kind == .embedded
        isAsymmetric = model.kind == .asymmetric
    }

    /// The primary-key property, if any.
    public var primaryKeyProperty: Property? { properties.first { $0.isPrimary } }

    /// The property with this name.
    public subscript(propertyName: String) -> Property? { properties.first { $0.name == propertyName } }

    /// Realm's text: `Dog {` (`Dog (embedded) {`), each property's description indented by
    /// a tab, then `}`.
    public var description: String {
        let lines = properties.map { "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n" }
        return "\(className) \(isEmbedded ? "(embedded) " : ""){\n" + lines.joined() + "}"
    }
}

/// One property of an `ObjectSchema`, as Realm Swift's `Property`.
///
/// For example:
///
///     let name = dog.objectSchema["name"]!
///     (name.type, name.isOptional, name.columnName)   // (.string, false, "name")
public struct Property: CustomStringConvertible, Equatable {
    /// The Swift name.
    public let name: String
    /// The stored name: the name `propertiesMapping()` maps the property to, else `name`.
    public let columnName: String
    /// Realm's type of the property (of its elements, for collections).
    public let type: PropertyType
    /// The schema type (`int?`, `Dog[]`, `string{}` …); not in Realm.
    public let typeName: String
    /// Whether the property (its elements, for collections) may be nil; `AnyRealmValue` may.
    public let isOptional: Bool
    /// Whether it is a List (or LinkingObjects, as in Realm).
    public let isArray: Bool
    /// Whether it is a MutableSet.
    public let isSet: Bool
    /// Whether it is a Map.
    public let isMap: Bool
    /// Whether it is indexed (a primary key always is, as in Realm).
    public let isIndexed: Bool
    /// Whether it is the primary key (Realm Swift reads this from `primaryKeyProperty`).
    public let isPrimary: Bool
    /// The linked class, for links and linking objects.
    public let objectClassName: String?
    /// The property of `objectClassName` that links here, for linking objects.
    let linkOriginPropertyName: String?

    init(_ property: PropertySchema) {
        name = property.name
        columnName = property.storedName
        type = PropertyType(property.type.base)
        typeName = property.type.description
        isOptional = property.type.isOptional || property.type.base == .mixed
        isArray = property.type.collection == .list || property.type.isLinkingObjects
        isSet = property.type.collection == .set
        isMap = property.type.collection == .map
        isIndexed = property.indexed != .none || property.isPrimaryKey
        isPrimary = property.isPrimaryKey
        objectClassName = property.type.base.objectType
        if case .linkingObjects(_, let origin) = property.type.base { linkOriginPropertyName = origin } else { linkOriginPropertyName = nil }
    }

    /// Realm's text: the name, then `type`, the linked class and origin for links, `columnName`
    /// and the flags (`YES`/`NO`) between braces, a line each.
    public var description: String {
        func flag(_ value: Bool) -> String { value ? "YES" : "NO" }
        let link = type == .object || type == .linkingObjects
            ? "\tobjectClassName = \(objectClassName ?? "(null)");\n\tlinkOriginPropertyName = \(linkOriginPropertyName ?? "(null)");\n"
            : ""
        return "\(name) {\n\ttype = \(type);\n" + link + "\tcolumnName = \(columnName);\n"
            + "\tindexed = \(flag(isIndexed));\n\tisPrimary = \(flag(isPrimary));\n\tarray = \(flag(isArray));\n"
            + "\tset = \(flag(isSet));\n\tdictionary = \(flag(isMap));\n\toptional = \(flag(isOptional));\n}"
    }
}
