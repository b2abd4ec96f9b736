import Foundation
@testable import RealmEngine
import RealmQuery
import RealmSchema

/// Comparisons with Realm's semantics: null equals only null, other comparisons with null are
/// false; numbers compare across int, float, double and decimal; mixed values of other types
/// never compare.
extension ReferenceEvaluator {
    func matches(_ comparison: TypedComparison, _ object: ObjectKey, variable: StoreValue?) throws -> Bool {
        let lhs = try values(comparison.lhs, object, variable: variable)
        let test: (StoreValue) throws -> Bool
        switch comparison.rhs {
        case .path(let path):
            let rhs = try single(path, object, variable: variable)
            test = { compare($0, comparison.op, rhs, comparison, pathEquality: true) }
        case .geoShape(let shape, let column):
            let region = try geoRegion(shape, column: column)
            test = { try geoContains(region, $0) }
        case .value(let value):
            let rhs = self.rhs(value, type: comparison.lhs.type)
            if case .mixedType = comparison.lhs.leaf {
                test = { value in rhs.contains { ReferenceEvaluator.isType($0, value) } != (comparison.op == .notEqual) }
            } else if comparison.op == .text {
                guard case .string(let query)? = rhs.first else { return false }
                test = { ReferenceEvaluator.textMatches($0, query) }
            } else if comparison.op == .between {
                test = { compare($0, .greaterOrEqual, rhs[0], comparison) && compare($0, .lessOrEqual, rhs[1], comparison) }
            } else {
                let op = comparison.op == .in ? .equal : comparison.op
                test = { value in rhs.contains { compare(value, op, $0, comparison) } }
            }
        }
        guard comparison.lhs.isMultiValued else { return try test(lhs.first ?? .null) }
        switch comparison.quantifier ?? .any {
        case .any: return try lhs.contains(where: test)
        case .all: return try lhs.allSatisfy(test)
        case .no: return try !lhs.contains(where: test)
        }
    }

    /// Literals converted to the compared type as Realm does (a float column rounds to Float).
    func rhs(_ value: TypedValue, type: QueryValueType) -> [StoreValue] {
        switch value {
        case .list(let elements, _): return elements.flatMap { rhs($0, type: type) }
        case .argument(let index, _):
            if case .list(let elements) = arguments[index] { return elements.map { ReferenceEvaluator.rounded($0, type) } }
            return [ReferenceEvaluator.rounded(arguments[index], type)]
        case .literal(let literal, _):
            switch literal {
            case .null: return [.null]
            case .bool(let v): return [.bool(v)]
            case .string(let v): return [.string(v)]
            case .data(let v): return [.data(Data(v))]
            case .timestamp(let s, let n): return [.date(Timestamp(seconds: s, nanoseconds: n))]
            case .objectId(let v): return [.objectId(try! ObjectId(string: v))]
            case .uuid(let v): return [.uuid(UUID(uuidString: v)!)]
            case .number(let text):
                if type == .decimal, let decimal = try? Decimal128(string: text) { return [.decimal128(decimal)] }
                if let integer = Int64(text) { return [ReferenceEvaluator.rounded(.int(integer), type)] }
                return [ReferenceEvaluator.rounded(.double(Double(text)!), type)]
            }
        }
    }

    static func rounded(_ value: StoreValue, _ type: QueryValueType) -> StoreValue {
        if type == .float, let double = value.doubleValue { return .float(Float(double)) }
        return value
    }

    func compare(_ lhs: StoreValue, _ op: QueryOperator, _ rhs: StoreValue, _ comparison: TypedComparison,
                 pathEquality: Bool = false) -> Bool {
        let caseInsensitive = comparison.caseInsensitive, diacritics = comparison.diacriticInsensitive
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            if pathEquality, comparison.lhs.type == .mixed, lhs.isDecimal != rhs.isDecimal {
                equal = false
            } else if lhs.isNull || rhs.isNull {
                equal = lhs.isNull && rhs.isNull
            } else if case .string(let a) = lhs, case .string(let b) = rhs {
                equal = QueryText.matches(.equal, a, b, caseInsensitive: caseInsensitive, diacriticInsensitive: diacritics)
            } else {
                equal = ReferenceEvaluator.order(lhs, rhs) == 0
            }
            return equal != (op == .notEqual)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = ReferenceEvaluator.order(lhs, rhs) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith, .contains, .like:
            guard case .string(let a) = lhs, case .string(let b) = rhs else { return false }
            let operation: QueryText.Operation = op == .beginsWith ? .beginsWith : op == .endsWith ? .endsWith : op == .contains ? .contains : .like
            return QueryText.matches(operation, a, b, caseInsensitive: caseInsensitive, diacriticInsensitive: diacritics)
        default:
            return false
        }
    }

    /// -1, 0, 1, or nil when the values do not compare (different kinds, NaN, null).
    static func order(_ a: StoreValue, _ b: StoreValue) -> Int? {
        func sign<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : x > y ? 1 : 0 }
        func bytes(_ x: [UInt8], _ y: [UInt8]) -> Int {
            x.lexicographicallyPrecedes(y) ? -1 : y.lexicographicallyPrecedes(x) ? 1 : 0
        }
        switch (a, b) {
        case let (.int(x), .int(y)): return sign(x, y)
        case (.decimal128, _), (_, .decimal128):
            guard let x = decimal(a), let y = decimal(b) else { return nil }
            return bytes(x.orderKey, y.orderKey)
        case let (.string(x), .string(y)): return bytes(Array(x.utf8), Array(y.utf8))
        case let (.bool(x), .bool(y)): return sign(x ? 1 : 0, y ? 1 : 0)
        case let (.date(x), .date(y)): return sign(x, y)
        case let (.objectId(x), .objectId(y)): return sign(x, y)
        case let (.uuid(x), .uuid(y)): return bytes(withUnsafeBytes(of: x.uuid) { Array($0) }, withUnsafeBytes(of: y.uuid) { Array($0) })
        case let (.data(x), .data(y)): return bytes(Array(x), Array(y))
        case let (.object(x), .object(y)): return x == y ? 0 : nil
        default:
            guard let x = a.doubleValue, let y = b.doubleValue, !x.isNaN, !y.isNaN else { return nil }
            return sign(x, y)
        }
    }

    static func decimal(_ value: StoreValue) -> Decimal128? {
        switch value {
        case .decimal128(let v): v
        case .int(let v): Decimal128(v)
        case .double(let v): v.isNaN ? nil : Decimal128(v)
        case .float(let v): v.isNaN ? nil : Decimal128(Double(v))
        default: nil
        }
    }

    /// Sort order: null first, then by value; values that do not compare tie.
    static func sortOrder(_ a: StoreValue, _ b: StoreValue) -> Int {
        if a.isNull || b.isNull { return a.isNull == b.isNull ? 0 : a.isNull ? -1 : 1 }
        return order(a, b) ?? 0
    }

    static func isType(_ name: StoreValue, _ value: StoreValue) -> Bool {
        guard case .string(let text) = name else { return false }
        let kinds: [String: (StoreValue) -> Bool] = [
            "null": { $0.isNull }, "int": { if case .int = $0 { true } else { false } },
            "string": { if case .string = $0 { true } else { false } }, "bool": { if case .bool = $0 { true } else { false } },
            "double": { if case .double = $0 { true } else { false } }, "float": { if case .float = $0 { true } else { false } },
            "decimal": { if case .decimal128 = $0 { true } else { false } }, "date": { if case .date = $0 { true } else { false } },
            "objectid": { if case .objectId = $0 { true } else { false } }, "binary": { if case .data = $0 { true } else { false } },
            "object": { $0.objectKey != nil }, "list": { if case .list = $0 { true } else { false } },
            "dictionary": { if case .dictionary = $0 { true } else { false } },
            "numeric": { $0.doubleValue != nil },
        ]
        return kinds[text.lowercased()]?(value) ?? false
    }

    /// TEXT: every word of the query is a word of the value (`word*` a prefix), no `-word` is.
    static func textMatches(_ value: StoreValue, _ query: String) -> Bool {
        guard case .string(let text) = value else { return false }
        let words = QueryText.words(text)
        for token in query.split(separator: " ") {
            let negative = token.hasPrefix("-"), prefix = token.hasSuffix("*")
            for word in QueryText.words(String(token)) {
                let found = words.contains { prefix ? $0.hasPrefix(word) : $0 == word }
                if found == negative { return false }
            }
        }
        return true
    }
}

extension StoreValue {
    var isDecimal: Bool {
        if case .decimal128 = self { return true }
        return false
    }
}
