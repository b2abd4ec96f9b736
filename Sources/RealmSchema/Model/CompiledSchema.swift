/// A validated schema: every model of every YAML file, in declaration order.
///
/// Built by `SchemaLoader` and checked by `SchemaValidator`; the code generators, the store,
/// the importer and the exporter all work from this one description.
public struct CompiledSchema: Hashable, Sendable {
    public var schemaVersion: UInt64
    public var models: [ModelSchema]

    public init(schemaVersion: UInt64 = 0, models: [ModelSchema] = []) {
        self.schemaVersion = schemaVersion
        self.models = models
    }

    /// The model with this (Swift) name, if any.
    public func model(named name: String) -> ModelSchema? {
        models.first { $0.name == name }
    }
}

/// The three kinds of Realm model classes.
public enum ModelKind: String, Hashable, Sendable {
    /// `Object`: a top-level object, queryable, may have a primary key.
    case object
    /// `EmbeddedObject`: owned by exactly one parent, no primary key.
    case embedded
    /// `AsymmetricObject`: write-only, goes to the outbox.
    case asymmetric
}

/// One model (class) of the schema.
public struct ModelSchema: Hashable, Sendable {
    public var name: String
    public var kind: ModelKind
    /// The name of the primary-key property, if the model has one.
    public var primaryKey: String?
    public var doc: String?
    /// Declared properties in YAML order, `linkingObjects` included.
    public var properties: [PropertySchema]
    /// Where the model is declared (its key in `models:`).
    public var location: SourceLocation?
    /// The schema file that declares the model, as the user named it; generated Swift goes to
    /// one file per schema file.
    public var sourceFile: String?

    public init(name: String, kind: ModelKind = .object, primaryKey: String? = nil, doc: String? = nil,
                properties: [PropertySchema] = [], location: SourceLocation? = nil, sourceFile: String? = nil) {
        self.sourceFile = sourceFile
        self.name = name
        self.kind = kind
        self.primaryKey = primaryKey
        self.doc = doc
        self.properties = properties
        self.location = location
    }

    /// The property with this (Swift) name, if any.
    public func property(named name: String) -> PropertySchema? {
        properties.first { $0.name == name }
    }

    /// The primary-key property, if the model has one.
    public var primaryKeyProperty: PropertySchema? {
        primaryKey.flatMap { property(named: $0) }
    }

    /// Properties that hold stored values (everything except `linkingObjects`), in order.
    public var persistedProperties: [PropertySchema] {
        properties.filter { !$0.type.isLinkingObjects }
    }
}

/// The element type of a property, before the collection kind and optionality.
public enum BaseType: Hashable, Sendable {
    case bool
    case int(IntWidth)
    case float
    case double
    case string
    case data
    case date
    case decimal128
    case objectId
    case uuid
    case mixed
    /// A link to another model (to-one, or the element of a list, set or map).
    case object(String)
    /// The inverse of a link: the objects of `objectType` whose `property` links here.
    case linkingObjects(objectType: String, property: String)

    /// The type word used in YAML (`int`, `int32`, `objectId`, a model name, …).
    public var yamlName: String {
        switch self {
        case .bool: "bool"
        case .int(let width): width.yamlName
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .decimal128: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .mixed: "mixed"
        case .object(let name): name
        case .linkingObjects: "linkingObjects"
        }
    }

    /// Realm core's short type word, used in Realm's own error messages
    /// (`int`, `object id`, `decimal`, …).
    public var realmKindName: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .decimal128: "decimal"
        case .objectId: "object id"
        case .uuid: "uuid"
        case .mixed: "mixed"
        case .object: "object"
        case .linkingObjects: "linking objects"
        }
    }

    /// The scalar types a YAML type name can name (models are looked up separately).
    public static let scalarNames: [String: BaseType] = [
        "bool": .bool, "int": .int(.int), "int8": .int(.int8), "int16": .int(.int16),
        "int32": .int(.int32), "int64": .int(.int64), "float": .float, "double": .double,
        "string": .string, "data": .data, "date": .date, "decimal128": .decimal128,
        "objectId": .objectId, "uuid": .uuid, "mixed": .mixed,
    ]

    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// The target model of a link or of linking objects.
    public var objectType: String? {
        switch self {
        case .object(let name): name
        case .linkingObjects(let name, _): name
        default: nil
        }
    }
}

/// Integer widths: all are stored as 64-bit, the width range-checks values and picks the Swift type.
public enum IntWidth: String, Hashable, Sendable, CaseIterable {
    case int, int8, int16, int32, int64

    public var yamlName: String { rawValue }

    public var range: ClosedRange<Int64> {
        switch self {
        case .int, .int64: Int64.min...Int64.max
        case .int8: Int64(Int8.min)...Int64(Int8.max)
        case .int16: Int64(Int16.min)...Int64(Int16.max)
        case .int32: Int64(Int32.min)...Int64(Int32.max)
        }
    }
}

/// How a property holds its values.
public enum CollectionKind: String, Hashable, Sendable {
    /// One value (or one link).
    case single
    /// `List<T>`: ordered, duplicates allowed (`T[]`).
    case list
    /// `MutableSet<T>`: unique values (`T<>`).
    case set
    /// `Map<String, T>` (`T{}`).
    case map
}

/// A property's full type: base type, collection kind and whether values may be null.
///
/// For collections `isOptional` applies to the elements (`int?[]` is a list of optional ints);
/// collections themselves are never optional.
public struct DeclaredType: Hashable, Sendable, CustomStringConvertible {
    public var base: BaseType
    public var collection: CollectionKind
    public var isOptional: Bool

    public init(_ base: BaseType, collection: CollectionKind = .single, isOptional: Bool = false) {
        self.base = base
        self.collection = collection
        self.isOptional = isOptional
    }

    public var isLinkingObjects: Bool {
        if case .linkingObjects = base { return true }
        return false
    }

    /// The YAML shorthand for this type (`int?`, `Dog[]`, `string<>`, `Dog?{}`).
    public var description: String {
        if isLinkingObjects { return "linkingObjects" }
        let element = base.yamlName + (isOptional ? "?" : "")
        switch collection {
        case .single: return element
        case .list: return element + "[]"
        case .set: return element + "<>"
        case .map: return element + "{}"
        }
    }
}

/// The index a property asks for.
public enum IndexKind: String, Hashable, Sendable {
    case none
    /// `indexed: true`
    case regular
    /// `indexed: fulltext` (strings only)
    case fulltext
}

/// A literal value from the schema (a `default` or an `enum` member), already checked against
/// the property's type.
public enum SchemaValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// Bytes of a `data` default, given in YAML as base64.
    case data([UInt8])
    /// A date as seconds and nanoseconds since 1970 (same sign), from ISO-8601 text.
    case date(seconds: Int64, nanoseconds: Int32)
    /// A decimal128 in its canonical string form.
    case decimal128(String)
    /// 24 lowercase hex digits.
    case objectId(String)
    /// A UUID in lowercase 8-4-4-4-12 form.
    case uuid(String)
}

/// One property of a model.
public struct PropertySchema: Hashable, Sendable {
    /// The Swift (public) name.
    public var name: String
    public var type: DeclaredType
    public var indexed: IndexKind
    /// Set by the loader when the model names this property as its primary key.
    public var isPrimaryKey: Bool
    /// The value a new object gets when the input omits the property.
    public var defaultValue: SchemaValue?
    /// Allowed values (string and int properties only), in declaration order.
    public var enumValues: [SchemaValue]?
    /// The stored name when it differs from `name`.
    public var mapTo: String?
    public var doc: String?
    /// Where the property is declared (its key under `properties:`).
    public var location: SourceLocation?
    /// The BSON binary subtype a `data` property keeps (`subtype: 9`, a vector): import takes
    /// binaries of this subtype, and export writes it back. Nil for generic binary (subtype 0,
    /// the default); docs/schema-rules.md, section 1.7.
    public var binarySubtype: UInt8?

    public init(name: String, type: DeclaredType, indexed: IndexKind = .none, isPrimaryKey: Bool = false,
                defaultValue: SchemaValue? = nil, enumValues: [SchemaValue]? = nil, mapTo: String? = nil,
                doc: String? = nil, location: SourceLocation? = nil, binarySubtype: UInt8? = nil) {
        self.binarySubtype = binarySubtype
        self.name = name
        self.type = type
        self.indexed = indexed
        self.isPrimaryKey = isPrimaryKey
        self.defaultValue = defaultValue
        self.enumValues = enumValues
        self.mapTo = mapTo
        self.doc = doc
        self.location = location
    }

    /// The name the store uses for this property (`mapTo`, else `name`).
    public var storedName: String { mapTo ?? name }
}

/// A source file of the schema, named as the user gave it (used for diagnostics and for the
/// `Generated by realm-schema from <path>` header).
public struct SchemaSource: Hashable, Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
