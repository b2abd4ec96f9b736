/// Identifies one stored object: its class and its integer key (the table's `_key`).
///
/// A key stays valid until its object is deleted (SQLite may give a later object the key of
/// the most recently deleted one).
public struct ObjectKey: Hashable, Sendable, CustomStringConvertible {
    /// The class (model) name.
    public let className: String
    /// The object's `_key` in the class table.
    public let key: Int64

    public init(className: String, key: Int64) {
        self.className = className
        self.key = key
    }

    public var description: String { "\(className)[\(key)]" }
}

/// Realm's update policies for `create`.
public enum UpdatePolicy: Sendable, Hashable {
    /// Create only; an existing primary key is an error.
    case error
    /// Upsert: write every supplied property; lists, sets and maps are replaced; nested objects
    /// without a primary key and embedded objects are created anew.
    case all
    /// Upsert, writing only values that differ; sets and maps are merged, lists and nested
    /// objects are updated element-wise in place.
    case modified
}

/// The input of `Store.create`: a tree of values by property name, as the importer and the
/// typed API build it.
///
/// - `.value`: a scalar, a link to an existing object (`.value(.object(key))`), `null`, or a
///   complete mixed value.
/// - `.object`: a nested object for a link or an embedded property, by property name (for a
///   mixed property: a dictionary).
/// - `.collection`: the elements of a List or MutableSet (for a mixed property: a list).
/// - `.map`: the entries of a Map (for a mixed property: a dictionary).
///
/// For example:
///
///     try store.create("Order", value: ["id": 1, "item": ["sku": "A", "qty": 1], "tags": .map(["a": 1])])
///
/// Not `indirect`: the nested cases already hold their inputs in an array or a dictionary, and
/// a scalar then needs no box of its own (one allocation less per imported value).
public enum InputValue: Sendable, Hashable {
    case value(StoreValue)
    case object([String: InputValue])
    case collection([InputValue])
    case map([String: InputValue])

    /// The input as a plain mixed value (nested objects and maps become dictionaries).
    var mixedValue: StoreValue {
        switch self {
        case .value(let value): value
        case .object(let fields), .map(let fields): .dictionary(fields.mapValues(\.mixedValue))
        case .collection(let elements): .list(elements.map(\.mixedValue))
        }
    }

    var isNull: Bool {
        if case .value(.null) = self { return true }
        return false
    }
}

extension InputValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .value(.null) }
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
    public init(integerLiteral value: Int64) { self = .value(.int(value)) }
    public init(floatLiteral value: Double) { self = .value(.double(value)) }
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    public init(arrayLiteral elements: InputValue...) { self = .collection(elements) }
    public init(dictionaryLiteral elements: (String, InputValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
