import Foundation
import RealmEngine
import RealmQuery

/// Values in a filter: JSON scalars and Extended JSON types (`{"$oid": …}`, `{"$date": …}`,
/// `{"$numberDecimal": …}`, …) read by the importer's `ExtendedJSON`, as query literals.
extension MongoFilterTranslator {
    /// The literal `json` stands for, located where it starts.
    func value(_ json: JSONValue, at path: JSONPath) throws(QueryError) -> QueryOperand {
        let column = valueColumn(path)
        switch json.kind {
        case .array:
            throw MongoFilterMessages.arrayValue(column: column)
        case .object:
            switch ExtendedJSONWrapper.match(json) {
            case .wrapper?: break
            case .unsupported(let keyword)?: throw MongoFilterMessages.unsupportedType(keyword, column: column)
            case nil:
                if isOperatorDocument(json), let first = json.firstField {
                    throw MongoFilterMessages.operatorAsValue(first.key.string, column: column)
                }
                throw MongoFilterMessages.documentValue(column: column)
            }
        default:
            break
        }
        let decoded: StoreValue
        do {
            decoded = try ExtendedJSON.mixed(json)
        } catch {
            throw MongoFilterMessages.badValue(error, column: valueColumn(path + error.path))
        }
        return .literal(MongoFilterTranslator.literal(decoded), column: column)
    }

    /// A scalar store value as the literal the Realm Query Language spells it with; numbers keep
    /// their text (every digit of a decimal), so they compare with any numeric property.
    static func literal(_ value: StoreValue) -> QueryLiteral {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .number(String(int))
        case .float(let float): .number(numberText(Double(float)))
        case .double(let double): .number(numberText(double))
        case .string(let string): .string(string)
        case .data(let data): .data(Array(data))
        case .date(let date): .timestamp(seconds: date.seconds, nanoseconds: date.nanoseconds)
        case .decimal128(let decimal): .number(decimal.stringValue)
        case .objectId(let id): .objectId(id.stringValue)
        case .uuid(let uuid): .uuid(uuid.uuidString)
        case .object, .list, .dictionary: preconditionFailure("ExtendedJSON.mixed of a scalar is a scalar")
        }
    }

    /// A double as a number literal: shortest round-trip digits, `inf`, `-inf`, `nan`.
    static func numberText(_ double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        return "\(double)"
    }

    /// The regular expression `json` is as a value, `{"$regularExpression": {"pattern": …, "options": …}}`;
    /// nil for anything else.
    func regularExpression(_ json: JSONValue, at path: JSONPath) throws(QueryError) -> MongoRegex? {
        guard json.kind == .object, json.count == 1, let inner = json["$regularExpression"] else { return nil }
        let at = path.appending(.key("$regularExpression"))
        guard let pattern = inner["pattern"] else {
            throw MongoFilterMessages.regularExpressionShape(column: valueColumn(at))
        }
        return try MongoRegex(pattern: pattern, options: inner["options"], at: at.appending(.key("pattern")),
                              optionsAt: at.appending(.key("options")), in: self)
    }
}
