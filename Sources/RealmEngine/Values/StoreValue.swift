import Foundation
import RealmSchema

/// Any value the store holds: a property value, a collection element, a Map value or a mixed
/// (`AnyRealmValue`) value, including links and nested mixed collections.
///
/// Equality is exact: floats and doubles compare by bit pattern (`NaN == NaN`,
/// `-0.0 != 0.0`) and decimals by encoding (`1.5 != 1.50`), so "unchanged" means bit for bit.
///
/// For example:
///
///     let v: StoreValue = .list([1, "two", .dictionary(["k": true])])
public enum StoreValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Timestamp)
    case decimal128(Decimal128)
    case objectId(ObjectId)
    case uuid(UUID)
    /// A link to an object (typed link when inside a mixed value).
    case object(ObjectKey)
    /// A list: a List or MutableSet property's elements, or a nested mixed list.
    case list([StoreValue])
    /// A dictionary: a Map property's entries, or a nested mixed dictionary.
    case dictionary([String: StoreValue])

    public static func == (lhs: StoreValue, rhs: StoreValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.float(a), .float(b)): a.bitPattern == b.bitPattern
        case let (.double(a), .double(b)): a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): a.utf8.elementsEqual(b.utf8)
        case let (.data(a), .data(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.decimal128(a), .decimal128(b)): a.bitPatternEquals(b)
        case let (.objectId(a), .objectId(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.object(a), .object(b)): a == b
        case let (.list(a), .list(b)): a == b
        case let (.dictionary(a), .dictionary(b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(v)
        case .int(let v): hasher.combine(v)
        case .float(let v): hasher.combine(v.bitPattern)
        case .double(let v): hasher.combine(v.bitPattern)
        case .string(let v): hasher.combine(v.utf8.count); hasher.combine(v)
        case .data(let v): hasher.combine(v)
        case .date(let v): hasher.combine(v)
        case .decimal128(let v): hasher.combine(v.high); hasher.combine(v.low)
        case .objectId(let v): hasher.combine(v)
        case .uuid(let v): hasher.combine(v)
        case .object(let v): hasher.combine(v)
        case .list(let v): hasher.combine(v)
        case .dictionary(let v): hasher.combine(v)
        }
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short rendering for messages and debugging (`'A'` values print unquoted).
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let v): String(v)
        case .int(let v): String(v)
        case .float(let v): String(v)
        case .double(let v): String(v)
        case .string(let v): v
        case .data(let v): "<\(v.count) bytes>"
        case .date(let v): v.description
        case .decimal128(let v): v.stringValue
        case .objectId(let v): v.stringValue
        case .uuid(let v): v.uuidString.lowercased()
        case .object(let v): v.description
        case .list(let v): "[" + v.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let v): "{" + v.keys.sorted().map { "\($0): \(v[$0]!)" }.joined(separator: ", ") + "}"
        }
    }

    /// The name of the value's type, for error messages: a scalar's schema type word
    /// (`BaseType.yamlName`, 64-bit `int`), the class of a link, `null`, `list`, `dictionary`.
    var typeName: String {
        switch self {
        case .null: "null"
        case .object(let key): key.className
        case .list: "list"
        case .dictionary: "dictionary"
        default: MixedTag.scalar(self)!.base.yamlName
        }
    }
}

extension StoreValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: StoreValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, StoreValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
