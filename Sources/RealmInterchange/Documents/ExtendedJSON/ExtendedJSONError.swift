import RealmSchema

/// Why a JSON value is not acceptable for a property type; `message(for:in:)` renders it in
/// Realm's words for a given property.
public struct ExtendedJSONError: Error, Sendable, Hashable {
    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// The value does not fit: its text (`1.1`), its type (`real`, `string`, `date`, …) and,
        /// when the type alone does not say it, why (`out of range for 'int8' (-128 to 127)`).
        case invalidValue(value: String, type: String, reason: String?)
        /// A dictionary key Realm forbids (map-key reject mode), with Realm's message.
        case invalidKey(String)
        /// Mixed collections nested deeper than Realm allows.
        case maxNestingLevel
        /// A value that is no array (for a list or set) or no plain object (for a map): its text.
        case notEnumerable(value: String)
    }

    public var problem: Problem
    /// A way to fix it (`wrap it: {"$date": "2024-01-01T00:00:00Z"}`), printed as a note.
    public var hint: String?
    /// Where the problem is, relative to the value given to the decoder (`/$date`, `/2/k`).
    public var path: JSONPath

    public init(_ problem: Problem, hint: String? = nil, path: JSONPath = []) {
        self.problem = problem
        self.hint = hint
        self.path = path
    }

    /// An invalid-value error for `value` (text and type taken from it).
    static func invalid(_ value: JSONValue, reason: String? = nil, hint: String? = nil,
                        at path: JSONPath = []) -> ExtendedJSONError {
        ExtendedJSONError(.invalidValue(value: JSONMessages.valueText(value), type: JSONMessages.typeName(value),
                                        reason: reason), hint: hint, path: path)
    }

    /// This error, found inside the value at `component` of the value being decoded.
    func inside(_ component: JSONPath.Component) -> ExtendedJSONError {
        var copy = self
        copy.path = JSONPath([component] + path.components)
        return copy
    }

    /// The message for property `property` of class `className`, e.g.
    /// `Invalid value '1.1' of type 'real' for 'int' property 'T.i'.`
    public func message(for property: PropertySchema, in className: String) -> String {
        message(forType: property.type, property: "\(className).\(property.name)")
    }

    /// The message for a property of type `type` named `qualifiedName` (`Class.property`).
    public func message(forType type: DeclaredType, property qualifiedName: String) -> String {
        switch problem {
        case let .invalidValue(value, found, reason):
            return JSONMessages.invalidValue(value, type: found, expected: type, property: qualifiedName, reason: reason)
        case .invalidKey(let message):
            return message
        case .maxNestingLevel:
            return JSONMessages.maxNestingLevel
        case .notEnumerable(let value):
            return ImportMessages.notEnumerable(value, type: type, property: qualifiedName)
        }
    }
}
