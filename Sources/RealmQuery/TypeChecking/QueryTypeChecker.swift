import RealmSchema

/// Checks a parsed query against a schema and resolves its key paths, producing a `QueryPlan`.
///
/// Errors are located `QueryError`s: an unknown property (with a "did you mean"), a comparison
/// of incompatible types, an aggregate over non-numbers, `[c]` on a non-string, a missing
/// argument.
///
/// For example:
///
///     let plan = try QueryTypeChecker(schema: schema).check(QueryParser.parse("age > 3"), className: "Dog")
public struct QueryTypeChecker {
    public let schema: CompiledSchema
    public let arguments: [QueryArgumentKind]

    public init(schema: CompiledSchema, arguments: [QueryArgumentKind] = []) {
        self.schema = schema
        self.arguments = arguments
    }

    /// The SUBQUERY variable in scope: its name and what it ranges over.
    struct Scope {
        var variable: String
        /// The class of the elements, or nil for primitives.
        var elementClass: String?
        var elementType: QueryValueType
    }

    /// Checks `query` over objects of `className`.
    public func check(_ query: ParsedQuery, className: String) throws(QueryError) -> QueryPlan {
        guard schema.model(named: className) != nil else { throw QueryMessages.unknownClass(className, column: 1) }
        let predicate = try check(query.predicate, className: className, scope: nil)
        var sort: [TypedSortKey] = []
        for key in query.sort {
            sort.append(TypedSortKey(path: try orderingPath(key.path, className: className), ascending: key.ascending))
        }
        var distinct: [ResolvedPath] = []
        for path in query.distinct { distinct.append(try orderingPath(path, className: className)) }
        return QueryPlan(className: className, predicate: predicate, sort: sort, distinct: distinct, limit: query.limit)
    }

    func orderingPath(_ path: QueryKeyPath, className: String) throws(QueryError) -> ResolvedPath {
        let resolved = try resolve(path, className: className, scope: nil)
        guard !resolved.isMultiValued else { throw QueryMessages.sortNeedsSingleValue(column: path.column) }
        switch resolved.leaf {
        case .column, .mapEntry, .count, .aggregate:
            return resolved
        default:
            throw QueryMessages.sortNeedsSingleValue(column: path.column)
        }
    }

    func check(_ predicate: QueryPredicate, className: String, scope: Scope?) throws(QueryError) -> TypedPredicate {
        switch predicate {
        case .and(let operands):
            var checked: [TypedPredicate] = []
            for operand in operands {
                let typed = try check(operand, className: className, scope: scope)
                if case .and(let inner) = typed { checked += inner } else { checked.append(typed) }
            }
            return .and(checked)
        case .or(let operands):
            var checked: [TypedPredicate] = []
            for operand in operands {
                let typed = try check(operand, className: className, scope: scope)
                if case .or(let inner) = typed { checked += inner } else { checked.append(typed) }
            }
            return .or(checked)
        case .not(var inner):
            var negated = true
            while case .not(let next) = inner {
                negated.toggle()
                inner = next
            }
            let typed = try check(inner, className: className, scope: scope)
            return negated ? .not(typed) : typed
        case .constant(let value):
            return .constant(value)
        case .comparison(let comparison):
            return .comparison(try check(comparison, className: className, scope: scope))
        }
    }

    /// The resolved side of an operand that is a key path or SUBQUERY, else nil.
    func pathOperand(_ operand: QueryOperand, className: String, scope: Scope?) throws(QueryError) -> ResolvedPath? {
        switch operand {
        case .keyPath(let path):
            return try resolve(path, className: className, scope: scope)
        case .subqueryCount(let collection, let variable, let predicate, let column):
            return try subqueryCount(collection, variable: variable, predicate: predicate, column: column,
                                     className: className, scope: scope)
        default:
            return nil
        }
    }

    func check(_ comparison: QueryComparison, className: String, scope: Scope?) throws(QueryError) -> TypedComparison {
        if comparison.op == .geoWithin || isGeoShapeIn(comparison) {
            return try checkGeoWithin(comparison, className: className, scope: scope)
        }
        var op = comparison.op
        var quantifier = comparison.quantifier
        var lhs: ResolvedPath
        var rhsOperand = comparison.rhs
        if let path = try pathOperand(comparison.lhs, className: className, scope: scope) {
            lhs = path
        } else if let path = try pathOperand(comparison.rhs, className: className, scope: scope) {
            lhs = path
            rhsOperand = comparison.lhs
            if op == .in {
                op = .equal
                if path.isMultiValued { quantifier = quantifier ?? .any }
            } else {
                op = op.flipped
            }
        } else {
            throw QueryMessages.noKeyPath(column: comparison.column)
        }
        if lhs.isMultiValued {
            quantifier = quantifier ?? .any
        } else if quantifier != nil {
            throw QueryMessages.quantifierNeedsCollection(column: comparison.lhs.column)
        }
        var typed = TypedComparison(quantifier: quantifier, lhs: lhs, op: op, caseInsensitive: comparison.caseInsensitive,
                                    diacriticInsensitive: comparison.diacriticInsensitive,
                                    rhs: .value(.literal(.null, column: 0)), column: comparison.column)
        if let rhsPath = try pathOperand(rhsOperand, className: className, scope: scope) {
            guard !rhsPath.isMultiValued else { throw QueryMessages.collectionNotComparable(column: rhsOperand.column) }
            if (lhs.type == .mixed || rhsPath.type == .mixed) && op != .equal && op != .notEqual {
                throw QueryMessages.unsupportedOperator(op, on: "two key paths with mixed values", column: comparison.column)
            }
            try checkOperator(typed, rhsType: rhsPath.type, column: rhsOperand.column)
            typed.rhs = .path(rhsPath)
        } else {
            let value = try typedValue(rhsOperand)
            try checkValue(typed, value)
            typed.rhs = .value(value)
        }
        return typed
    }

    func typedValue(_ operand: QueryOperand) throws(QueryError) -> TypedValue {
        switch operand {
        case .literal(let literal, let column): return .literal(literal, column: column)
        case .argument(let index, let column):
            guard index < arguments.count else { throw QueryMessages.missingArgument(index, count: arguments.count, column: column) }
            return .argument(index, column: column)
        case .list(let elements, let column):
            var values: [TypedValue] = []
            for element in elements { values.append(try typedValue(element)) }
            return .list(values, column: column)
        case .keyPath(let path): throw QueryMessages.noKeyPath(column: path.column)
        case .subqueryCount(_, _, _, let column): throw QueryMessages.noKeyPath(column: column)
        case .geoShape(_, let column): throw QueryMessages.geoShapeWithoutGeoWithin(column: column)
        }
    }
}
