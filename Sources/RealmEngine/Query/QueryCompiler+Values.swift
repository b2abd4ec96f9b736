import Foundation
import RealmQuery
import RealmSchema

/// Literals and arguments converted to the type they are compared with, then encoded.
extension QueryCompiler {
    /// The values of a typed value: one for scalars, the elements for lists.
    func storeValues(_ value: TypedValue, for base: BaseType) throws -> [StoreValue] {
        switch value {
        case .list(let elements, _):
            return try elements.flatMap { try storeValues($0, for: base) }
        case .argument(let index, _):
            if case .list(let elements) = arguments[index] { return elements.map { convert($0, to: base) } }
            return [convert(arguments[index], to: base)]
        case .literal:
            return [try storeValue(value, for: base)]
        }
    }

    /// One literal or argument as a value of (or comparable with) `base`.
    func storeValue(_ value: TypedValue, for base: BaseType) throws -> StoreValue {
        switch value {
        case .argument(let index, _): return convert(arguments[index], to: base)
        case .list(let elements, _): return .list(try elements.map { try storeValue($0, for: base) })
        case .literal(let literal, let column): return try literalValue(literal, for: base, column: column)
        }
    }

    func literalValue(_ literal: QueryLiteral, for base: BaseType, column: Int) throws -> StoreValue {
        switch literal {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .string(let text): return .string(text)
        case .data(let bytes): return .data(Data(bytes))
        case .timestamp(let seconds, let nanoseconds): return .date(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
        case .objectId(let text): return .objectId(try ObjectId(string: text))
        case .uuid(let text):
            guard let uuid = UUID(uuidString: text) else { throw QueryMessages.invalidLiteral(text, column: column) }
            return .uuid(uuid)
        case .number(let text):
            return try number(text, for: base, column: column)
        }
    }

    /// A numeric literal as the compared type: `int` stays exact, `float` rounds to Float,
    /// `decimal128` keeps every digit.
    func number(_ text: String, for base: BaseType, column: Int) throws -> StoreValue {
        let lower = text.lowercased()
        var integer: Int64?
        if lower.hasPrefix("0x") {
            integer = Int64(lower.dropFirst(2), radix: 16)
        } else if lower.hasPrefix("-0x") {
            integer = Int64(lower.dropFirst(3), radix: 16).map { -$0 }
        } else {
            integer = Int64(lower)
        }
        let double: Double? = switch lower.trimmingCharacters(in: CharacterSet(charactersIn: "+-")) {
        case "inf", "infinity": lower.hasPrefix("-") ? -.infinity : .infinity
        case "nan": .nan
        default: integer.map(Double.init) ?? Double(lower)
        }
        guard let double else { throw QueryMessages.invalidLiteral(text, column: column) }
        switch base {
        case .decimal128:
            if let integer { return .decimal128(Decimal128(integer)) }
            return .decimal128((try? Decimal128(string: text)) ?? Decimal128(double))
        case .float: return .float(Float(double))
        case .double: return .double(double)
        default:
            if let integer { return .int(integer) }
            return .double(double)
        }
    }

    /// A numeric argument converted to a numeric column's type; others unchanged.
    func convert(_ value: StoreValue, to base: BaseType) -> StoreValue {
        switch (base, value) {
        case (.float, .int(let v)): return .float(Float(v))
        case (.float, .double(let v)): return .float(Float(v))
        case (.double, .int(let v)): return .double(Double(v))
        case (.double, .float(let v)): return .double(Double(v))
        case (.decimal128, .int(let v)): return .decimal128(Decimal128(v))
        case (.decimal128, .double(let v)): return .decimal128(Decimal128(v))
        case (.decimal128, .float(let v)): return .decimal128(Decimal128(Double(v)))
        default: return value
        }
    }

    /// The SQL form of `value` for comparing with a stored value of `base` (nil: never equal).
    func encoded(_ value: StoreValue, for base: BaseType) -> SQLValue? {
        switch (base, value) {
        case (_, .null): return .null
        case (.decimal128, .decimal128(let v)): return .bytes(v.orderKey)
        case (.decimal128, _): return nil
        case (.int, .double(let v)), (.float, .double(let v)), (.double, .double(let v)):
            return v.isNaN ? nil : .double(v)
        case (.int, .float(let v)), (.float, .float(let v)), (.double, .float(let v)):
            return v.isNaN ? nil : .double(Double(v))
        case (.double, .int(let v)), (.float, .int(let v)): return .int(v)
        case (.int, .decimal128(let v)), (.double, .decimal128(let v)), (.float, .decimal128(let v)):
            return Double(v.stringValue).map { .double($0) }
        case (.object, .object(let key)):
            guard case .object(let target) = base, key.className == target else { return nil }
            return .int(key.key)
        default:
            return ValueCodec.encode(value, base: base)
        }
    }

    /// The mixed type tag of a scalar value, and the typed slot it compares in.
    func mixedTag(_ value: StoreValue) -> (Int64, BaseType)? {
        if case .object(let key) = value, let info = store.classes[key.className] {
            return (MixedTag.linkBase + info.classID, .object(key.className))
        }
        return MixedTag.scalar(value)
    }
}

extension QueryMessages {
    static func groupsNestedTooDeeply(column: Int) -> QueryError {
        QueryError("AND, OR and NOT groups nested this deep make an expression deeper than SQLite's limit of 1000; "
                   + "simplify the query", column: column)
    }
    static func tooManyValues(_ limit: Int, column: Int) -> QueryError {
        QueryError("the query compares with more than \(limit) values, more than SQLite can bind; simplify it", column: column)
    }
    static func beyondSQLiteLimits(column: Int) -> QueryError {
        QueryError("the query is too large for SQLite to compile (its expressions nest too deeply or it has too many "
                   + "values); simplify it", column: column)
    }
    static func invalidLiteral(_ text: String, column: Int) -> QueryError {
        QueryError("'\(text)' is not a valid value here", column: column)
    }
}
