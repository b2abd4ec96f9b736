import RealmSchema

/// The type of a property as Realm Swift names it (`RLMPropertyType`, with its raw values):
/// the element type for Lists, MutableSets and Maps, `.any` for `AnyRealmValue`, `.object`
/// for links.
///
/// For example:
///
///     dog.objectSchema["name"]?.type == .string
public enum PropertyType: Int32, Sendable, CustomStringConvertible {
    case int = 0
    case bool = 1
    case string = 2
    case data = 3
    case date = 4
    case float = 5
    case double = 6
    case object = 7
    case linkingObjects = 8
    case any = 9
    case objectId = 10
    case decimal128 = 11
    case UUID = 12

    /// The Realm type of a schema base type (every integer width is `.int`).
    init(_ base: BaseType) {
        switch base {
        case .bool: self = .bool
        case .int: self = .int
        case .float: self = .float
        case .double: self = .double
        case .string: self = .string
        case .data: self = .data
        case .date: self = .date
        case .decimal128: self = .decimal128
        case .objectId: self = .objectId
        case .uuid: self = .UUID
        case .mixed: self = .any
        case .object: self = .object
        case .linkingObjects: self = .linkingObjects
        }
    }

    /// Realm's name of the type (`int`, `object`, `mixed` …), as its descriptions print it.
    public var description: String {
        switch self {
        case .int: "int"
        case .bool: "bool"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .float: "float"
        case .double: "double"
        case .object: "object"
        case .linkingObjects: "linking objects"
        case .any: "mixed"
        case .objectId: "object id"
        case .decimal128: "decimal128"
        case .UUID: "uuid"
        }
    }
}
