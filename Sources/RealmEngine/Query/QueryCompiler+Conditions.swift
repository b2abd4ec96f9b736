import RealmQuery
import RealmSchema

/// Comparisons in SQL: typed columns, mixed values (type tag + value), `@type`, strings.
extension QueryCompiler {
    static let relational: [QueryOperator: String] = [
        .equal: "=", .less: "<", .lessOrEqual: "<=", .greater: ">", .greaterOrEqual: ">=",
    ]
    static let stringOperations: [QueryOperator: QueryText.Operation] = [
        .equal: .equal, .notEqual: .equal, .beginsWith: .beginsWith, .endsWith: .endsWith, .contains: .contains, .like: .like,
    ]

    func condition(_ value: CompiledValue, _ comparison: TypedComparison, _ context: Context) throws -> String {
        let rhs: TypedValue
        switch comparison.rhs {
        case .path(let path):
            return pathCondition(value, try singleValue(path, context), comparison)
        case .geoShape(let shape, let column):
            return try geoCondition(value, shape, column: column)
        case .value(let typed):
            rhs = typed
        }
        if value.isTypeTag { return typeCondition(value.value, comparison.op, rhs) }
        let values = try storeValues(rhs, for: value.base)
        switch comparison.op {
        case .between:
            let low = scalarCondition(value, .greaterOrEqual, values[0], comparison)
            let high = scalarCondition(value, .lessOrEqual, values[1], comparison)
            return "(\(low) AND \(high))"
        case .in:
            return anyCondition(value, .equal, values, comparison)
        default:
            if case .list = try storeValue(rhs, for: value.base) {
                return anyCondition(value, comparison.op, values, comparison)
            }
            return scalarCondition(value, comparison.op, values[0], comparison)
        }
    }

    /// The value compared with any of `values`: `IN (…)` for equality with typed values (one
    /// list, however long), else the comparisons with each value in one chain of ORs.
    func anyCondition(_ value: CompiledValue, _ op: QueryOperator, _ values: [StoreValue], _ comparison: TypedComparison) -> String {
        guard op == .equal, value.base != .mixed, !isStringMatch(op, comparison), values.count > 1 else {
            return QueryCompiler.chain(values.map { scalarCondition(value, op, $0, comparison) }, "OR")
        }
        var parts: [String] = []
        var parameters: [String] = []
        for rhs in values {
            if rhs.isNull {
                if parts.isEmpty { parts.append("\(value.value) IS NULL") }
            } else if let encoded = encoded(rhs, for: value.base) {
                parameters.append(parameter(encoded))
            }
        }
        let lhs = value.base == .decimal128 ? "substr(\(value.value), 1, 19)" : value.value
        if parameters.count == 1 {
            parts.append("\(lhs) = \(parameters[0])")
        } else if !parameters.isEmpty {
            parts.append("\(lhs) IN (" + parameters.joined(separator: ", ") + ")")
        }
        return QueryCompiler.chain(parts, "OR")
    }

    /// The `rq_match` flags of a comparison: 1 case-insensitive, 2 diacritic-insensitive.
    func flags(_ comparison: TypedComparison) -> Int64 {
        (comparison.caseInsensitive ? 1 : 0) | (comparison.diacriticInsensitive ? 2 : 0)
    }

    func isStringMatch(_ op: QueryOperator, _ comparison: TypedComparison) -> Bool {
        op.isStringOperator || ((op == .equal || op == .notEqual) && flags(comparison) != 0)
    }

    func scalarCondition(_ value: CompiledValue, _ op: QueryOperator, _ rhs: StoreValue, _ comparison: TypedComparison) -> String {
        if value.base == .mixed { return mixedCondition(value, op, rhs, comparison) }
        if rhs.isNull {
            return op == .equal ? "\(value.value) IS NULL" : op == .notEqual ? "\(value.value) IS NOT NULL" : "0"
        }
        guard let encoded = encoded(rhs, for: value.base) else { return op == .notEqual ? "1" : "0" }
        let p = parameter(encoded)
        if isStringMatch(op, comparison) {
            let match = "rq_match(\(QueryCompiler.stringOperations[op]!.rawValue), \(flags(comparison)), \(value.value), \(p))"
            return op == .notEqual ? "(\(match) IS NOT 1)" : match
        }
        let lhs = value.base == .decimal128 ? "substr(\(value.value), 1, 19)" : value.value
        if op == .notEqual { return "\(lhs) IS NOT \(p)" }
        let test = "\(lhs) \(QueryCompiler.relational[op]!) \(p)"
        if op != .equal && (value.base == .double || value.base == .float) {
            return "(\(test) AND typeof(\(value.value)) <> 'blob')"
        }
        return test
    }

    func mixedCondition(_ value: CompiledValue, _ op: QueryOperator, _ rhs: StoreValue, _ comparison: TypedComparison) -> String {
        let tag = value.tag!
        if rhs.isNull { return op == .equal ? "\(tag) = 0" : op == .notEqual ? "\(tag) <> 0" : "0" }
        if op == .notEqual { return "(\(mixedCondition(value, .equal, rhs, comparison)) IS NOT 1)" }
        if isStringMatch(op, comparison) {
            guard case .string(let text) = rhs else { return "0" }
            let p = parameter(.text(text))
            return "(\(tag) = 5 AND rq_match(\(QueryCompiler.stringOperations[op]!.rawValue), \(flags(comparison)), \(value.value), \(p)))"
        }
        let sqlOp = QueryCompiler.relational[op]!
        if let (number, decimal) = numericForms(rhs) {
            let n = parameter(number)
            let d = parameter(.bytes(decimal.orderKey))
            return "((\(tag) IN (2, 3, 4) AND typeof(\(value.value)) <> 'blob' AND \(value.value) \(sqlOp) \(n))"
                + " OR (\(tag) = 8 AND substr(\(value.value), 1, 19) \(sqlOp) \(d)))"
        }
        guard let (tagValue, slot) = mixedTag(rhs), let encoded = encoded(rhs, for: slot) else { return "0" }
        return "(\(tag) = \(tagValue) AND \(value.value) \(sqlOp) \(parameter(encoded)))"
    }

    /// A numeric value as a SQL number and as a decimal (mixed values compare across types).
    func numericForms(_ value: StoreValue) -> (SQLValue, Decimal128)? {
        switch value {
        case .int(let v): return (.int(v), Decimal128(v))
        case .float(let v) where !v.isNaN: return (.double(Double(v)), Decimal128(Double(v)))
        case .double(let v) where !v.isNaN: return (.double(v), Decimal128(v))
        case .decimal128(let v): return Double(v.stringValue).map { (.double($0), v) }
        default: return nil
        }
    }

    /// `@type` against type names.
    func typeCondition(_ tag: String, _ op: QueryOperator, _ rhs: TypedValue) -> String {
        let names: [TypedValue]
        if case .list(let elements, _) = rhs { names = elements } else { names = [rhs] }
        let parts = names.map { name -> String in
            guard case .literal(.string(let text), _) = name else { return "0" }
            return "\(tag) " + QueryCompiler.typeTest(text.lowercased())
        }
        let any = QueryCompiler.chain(parts, "OR")
        return op == .notEqual ? "(\(any) IS NOT 1)" : any
    }

    static func typeTest(_ name: String) -> String {
        switch name {
        case "null": "= 0"
        case "bool": "= 1"
        case "int": "= 2"
        case "float": "= 3"
        case "double": "= 4"
        case "string": "= 5"
        case "binary", "data": "= 6"
        case "date", "timestamp": "= 7"
        case "decimal", "decimal128": "= 8"
        case "objectid": "= 9"
        case "uuid": "= 10"
        case "array", "list": "= 11"
        case "dictionary": "= 12"
        case "numeric": "IN (2, 3, 4, 8)"
        default: ">= 100"
        }
    }

    /// Key path against key path: null equals null, as in Realm.
    func pathCondition(_ lhs: CompiledValue, _ rhs: CompiledValue, _ comparison: TypedComparison) -> String {
        let op = comparison.op
        if isStringMatch(op, comparison) {
            let match = "rq_match(\(QueryCompiler.stringOperations[op]!.rawValue), \(flags(comparison)), \(lhs.value), \(rhs.value))"
            return op == .notEqual ? "(\(match) IS NOT 1)" : match
        }
        let key = { (v: CompiledValue) in v.base == .decimal128 ? "substr(\(v.value), 1, 19)" : v.value }
        let equal: String
        if let lt = lhs.tag, let rt = rhs.tag {
            equal = mixedEquality(lhs.value, "coalesce(\(lt), 0)", rhs.value, "coalesce(\(rt), 0)")
        } else {
            equal = "(\(key(lhs)) IS \(key(rhs)))"
        }
        switch op {
        case .equal: return equal
        case .notEqual: return "(\(equal) IS NOT 1)"
        default: return "(\(key(lhs)) \(QueryCompiler.relational[op]!) \(key(rhs)))"
        }
    }

    /// Two mixed values are equal when both are null, both numbers (int, float, double) of
    /// equal value, both decimals of equal value, or of one other type with equal values.
    func mixedEquality(_ lv: String, _ lt: String, _ rv: String, _ rt: String) -> String {
        "((\(lt) = 0 AND \(rt) = 0) OR (\(lt) IN (2, 3, 4) AND \(rt) IN (2, 3, 4) AND \(lv) = \(rv))"
            + " OR (\(lt) = 8 AND \(rt) = 8 AND substr(\(lv), 1, 19) = substr(\(rv), 1, 19))"
            + " OR (\(lt) = \(rt) AND \(lt) NOT IN (0, 2, 3, 4, 8) AND \(lv) = \(rv)))"
    }

    /// `TEXT`: the object's row in the property's FTS5 table matches every word (`-word`
    /// excludes, `word*` is a prefix).
    func textCondition(_ comparison: TypedComparison, _ context: Context) throws -> String {
        guard case .column(let owner, let name) = comparison.lhs.leaf, case .value(let rhs) = comparison.rhs,
              case .string(let text) = try storeValue(rhs, for: .string) else { return "0" }
        let property = try store.classInfo(owner).property(name)
        guard let expression = QueryCompiler.ftsExpression(text) else { return "0" }
        let table = quoted(owner + "." + property.storedName + ".fts")
        return "\(context.alias)._key IN (SELECT rowid FROM \(table) WHERE \(table) MATCH \(parameter(.text(expression))))"
    }

    /// Realm's TEXT syntax as an FTS5 query of quoted phrases; nil when no word is required.
    static func ftsExpression(_ text: String) -> String? {
        var required: [String] = []
        var excluded: [String] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let negative = token.hasPrefix("-")
            let prefix = token.hasSuffix("*")
            let words = QueryText.words(String(token))
            guard !words.isEmpty else { continue }
            let phrase = "\"" + words.joined(separator: " ") + "\"" + (prefix ? "*" : "")
            if negative { excluded.append(phrase) } else { required.append(phrase) }
        }
        guard !required.isEmpty else { return nil }
        return required.joined(separator: " AND ") + excluded.map { " NOT " + $0 }.joined()
    }
}
