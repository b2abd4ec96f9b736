import RealmSchema

/// The type of a value a query compares: a property's element type, a literal's or an
/// argument's.
public enum QueryValueType: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool
    case int
    case float
    case double
    case decimal
    /// A numeric literal, which converts to whatever numeric type it is compared with.
    case number
    case string
    case data
    case date
    case objectId
    case uuid
    case mixed
    /// A link to an object of the class.
    case object(String)

    /// The element type of a schema base type.
    public init(_ base: BaseType) {
        switch base {
        case .bool: self = .bool
        case .int: self = .int
        case .float: self = .float
        case .double: self = .double
        case .decimal128: self = .decimal
        case .string: self = .string
        case .data: self = .data
        case .date: self = .date
        case .objectId: self = .objectId
        case .uuid: self = .uuid
        case .mixed: self = .mixed
        case .object(let name), .linkingObjects(let name, _): self = .object(name)
        }
    }

    public var isNumeric: Bool {
        [.int, .float, .double, .decimal, .number].contains(self)
    }

    /// Whether `<`, `<=`, `>`, `>=` apply.
    public var isOrdered: Bool {
        isNumeric || [.string, .date, .objectId, .uuid, .mixed].contains(self)
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .double: "double"
        case .decimal: "decimal128"
        case .number: "number"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .mixed: "mixed"
        case .object(let name): "link to '\(name)'"
        }
    }

    /// Whether values of the two types can be compared for equality or order.
    public func isComparable(with other: QueryValueType) -> Bool {
        if self == .mixed || other == .mixed || self == .null || other == .null { return true }
        if isNumeric && other.isNumeric { return true }
        return self == other
    }
}

/// What the type checker knows about one query argument (`$0`, `%@`, `%K`).
public indirect enum QueryArgumentKind: Hashable, Sendable {
    /// A single value; `text` is the string for string arguments (used by `%K`).
    case value(QueryValueType, text: String?)
    /// A list of values (for `IN`, `BETWEEN`, quantified comparisons).
    case list([QueryArgumentKind])
}

/// The mixed type names `@type` accepts, as Realm spells them.
public enum QueryMixedTypeName {
    /// Every accepted name, lowercased.
    public static let names: Set<String> = [
        "null", "bool", "int", "float", "double", "decimal", "decimal128", "string", "binary", "data",
        "date", "timestamp", "objectid", "uuid", "object", "link", "array", "list", "dictionary", "numeric",
    ]
}
