/// The kind of a JSON value as jansson decoded it.
///
/// Numbers keep jansson's split: a literal without `.` or an exponent is an `integer`
/// (always within Int64, jansson rejects larger ones), anything else is a `real`.
public enum JSONKind: Sendable, Hashable, CaseIterable {
    case object
    case array
    case string
    case integer
    case real
    case bool
    case null

    /// The word used in messages (`Invalid value '1.1' of type 'real' …`).
    public var name: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool: "bool"
        case .null: "null"
        }
    }

    /// The name with an article, for sentences ("found a string").
    public var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// Whether the value is a number (integer or real).
    public var isNumber: Bool { self == .integer || self == .real }
}
