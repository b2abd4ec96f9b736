/// Operator and value checks of comparisons.
extension QueryTypeChecker {
    /// The type of a literal.
    static func type(of literal: QueryLiteral) -> QueryValueType {
        switch literal {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .data: .data
        case .timestamp: .date
        case .objectId: .objectId
        case .uuid: .uuid
        }
    }

    /// The element types of a value (one for scalars, each element's for lists).
    func types(of value: TypedValue) -> [(QueryValueType, Int, isList: Bool)] {
        switch value {
        case .literal(let literal, let column):
            return [(QueryTypeChecker.type(of: literal), column, false)]
        case .argument(let index, let column):
            switch arguments[index] {
            case .value(let type, _): return [(type, column, false)]
            case .list(let elements):
                return elements.map { element in
                    if case .value(let type, _) = element { return (type, column, true) }
                    return (.mixed, column, true)
                }
            }
        case .list(let elements, _):
            return elements.flatMap { element in types(of: element).map { ($0.0, $0.1, true) } }
        }
    }

    /// Whether the value is a list (`{…}` or a list argument).
    func isList(_ value: TypedValue) -> Bool {
        switch value {
        case .list: return true
        case .argument(let index, _):
            if case .list = arguments[index] { return true }
            return false
        case .literal: return false
        }
    }

    /// Checks the operator against the key path's type and each value's type.
    func checkValue(_ comparison: TypedComparison, _ value: TypedValue) throws(QueryError) {
        let op = comparison.op
        let list = isList(value)
        switch op {
        case .in:
            guard list else { throw QueryMessages.unsupportedOperator(op, on: "a single value; use '=='", column: comparison.column) }
        case .between:
            guard list, types(of: value).count == 2 else { throw QueryMessages.betweenNeedsTwo(column: comparison.column) }
        default:
            if list && comparison.quantifier == nil { throw QueryMessages.listNotAllowed(column: value.column) }
        }
        if case .mixedType = comparison.lhs.leaf {
            try checkTypeNames(comparison, value)
            return
        }
        for (type, column, _) in types(of: value) {
            try checkOperator(comparison, rhsType: type, column: column)
        }
    }

    /// `@type` compares with type names: `mixed.@type == 'int'`, `IN {'string', 'null'}`.
    func checkTypeNames(_ comparison: TypedComparison, _ value: TypedValue) throws(QueryError) {
        guard [.equal, .notEqual, .in].contains(comparison.op) else {
            throw QueryMessages.unsupportedOperator(comparison.op, on: "@type", column: comparison.column)
        }
        let literals: [TypedValue]
        if case .list(let elements, _) = value { literals = elements } else { literals = [value] }
        for literal in literals {
            guard case .literal(.string(let name), let column) = literal else {
                throw QueryMessages.unknownTypeName(literal.description, column: literal.column)
            }
            guard QueryMixedTypeName.names.contains(name.lowercased()) else {
                throw QueryMessages.unknownTypeName(name, column: column)
            }
        }
    }

    /// Checks one operator between the key path's type and a value (or key path) type.
    func checkOperator(_ comparison: TypedComparison, rhsType: QueryValueType, column: Int) throws(QueryError) {
        let lhsType = comparison.lhs.type
        let op = comparison.op
        let described = describe(comparison.lhs)
        if (comparison.caseInsensitive || comparison.diacriticInsensitive) && lhsType != .string && lhsType != .mixed {
            throw QueryMessages.modifierNeedsString(described, column: comparison.column)
        }
        switch op {
        case .beginsWith, .endsWith, .contains, .like:
            guard lhsType == .string || lhsType == .mixed else {
                throw QueryMessages.unsupportedOperator(op, on: described, column: comparison.column)
            }
            guard rhsType == .string || rhsType == .null || rhsType == .mixed else {
                throw QueryMessages.incompatible(described, rhsType.description, op: op, column: column)
            }
        case .text:
            guard case .column(let owner, let property) = comparison.lhs.leaf, comparison.lhs.hops.isEmpty,
                  schema.model(named: owner)?.property(named: property)?.indexed == .fulltext else {
                throw QueryMessages.textNeedsFullTextIndex(described, column: comparison.column)
            }
            guard rhsType == .string else { throw QueryMessages.incompatible(described, rhsType.description, op: op, column: column) }
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .between:
            guard lhsType.isOrdered else { throw QueryMessages.unsupportedOperator(op, on: described, column: comparison.column) }
            guard lhsType.isComparable(with: rhsType) else {
                throw QueryMessages.incompatible(described, rhsType.description, op: op, column: column)
            }
        case .geoWithin:
            throw QueryMessages.unsupportedOperator(op, on: described, column: comparison.column)
        case .equal, .notEqual, .in:
            guard lhsType.isComparable(with: rhsType) else {
                throw QueryMessages.incompatible(described, rhsType.description, op: op, column: column)
            }
        }
    }

    /// `'Dog.age' (int)` for messages.
    func describe(_ path: ResolvedPath) -> String {
        switch path.leaf {
        case .column(let owner, let property), .elements(let owner, let property), .mapEntry(let owner, let property, _):
            return "'\(owner).\(property)' (\(path.type))"
        default:
            return path.type.description
        }
    }
}

extension TypedValue {
    /// The column where the value starts.
    public var column: Int {
        switch self {
        case .literal(_, let column), .argument(_, let column), .list(_, let column): column
        }
    }

    var description: String {
        switch self {
        case .literal(let literal, _): "\(literal)"
        case .argument(let index, _): "$\(index)"
        case .list: "a list"
        }
    }
}
