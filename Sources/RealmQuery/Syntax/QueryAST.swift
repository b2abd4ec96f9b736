/// A parsed query: predicate plus the `SORT`, `DISTINCT` and `LIMIT` suffixes.
public struct ParsedQuery: Equatable, Sendable {
    public var predicate: QueryPredicate
    public var sort: [QuerySortKey]
    public var distinct: [QueryKeyPath]
    public var limit: Int?

    /// Also built without text, by Realm Swift's type-safe `where { … }` queries.
    public init(predicate: QueryPredicate, sort: [QuerySortKey] = [], distinct: [QueryKeyPath] = [], limit: Int? = nil) {
        self.predicate = predicate
        self.sort = sort
        self.distinct = distinct
        self.limit = limit
    }
}

/// One `SORT(path ASC|DESC)` key.
public struct QuerySortKey: Equatable, Sendable {
    public var path: QueryKeyPath
    public var ascending: Bool

    public init(path: QueryKeyPath, ascending: Bool) {
        self.path = path
        self.ascending = ascending
    }
}

/// A predicate: comparisons combined with `AND`, `OR`, `NOT`. A chain `a AND b AND c` is one
/// `.and` of its operands (two or more), so a long chain is wide, not deep.
public indirect enum QueryPredicate: Equatable, Sendable {
    case and([QueryPredicate])
    case or([QueryPredicate])
    case not(QueryPredicate)
    /// `TRUEPREDICATE` / `FALSEPREDICATE`.
    case constant(Bool)
    case comparison(QueryComparison)
}

/// `ANY`/`SOME`, `ALL`, `NONE` before a key path.
public enum QueryQuantifier: Equatable, Sendable {
    case any, all, no
}

/// Comparison operators; `[c]`/`[d]` are flags on the comparison.
public enum QueryOperator: String, Equatable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "IN"
    case between = "BETWEEN"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case text = "TEXT"
    /// `location GEOWITHIN shape`: the point of a GeoJSON-shaped embedded object lies in the shape.
    case geoWithin = "GEOWITHIN"

    /// Whether the operator only applies to strings (and binary, for the substring ones).
    public var isStringOperator: Bool {
        [.beginsWith, .endsWith, .contains, .like, .text].contains(self)
    }

    /// The operator with its operands swapped (`5 < age` is `age > 5`).
    public var flipped: QueryOperator {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: self
        }
    }
}

/// `lhs op[c] rhs`, optionally quantified.
public struct QueryComparison: Equatable, Sendable {
    public var quantifier: QueryQuantifier?
    public var lhs: QueryOperand
    public var op: QueryOperator
    public var caseInsensitive: Bool
    public var diacriticInsensitive: Bool
    public var rhs: QueryOperand
    /// Column of the operator.
    public var column: Int

    public init(quantifier: QueryQuantifier? = nil, lhs: QueryOperand, op: QueryOperator, caseInsensitive: Bool = false,
                diacriticInsensitive: Bool = false, rhs: QueryOperand, column: Int) {
        self.quantifier = quantifier
        self.lhs = lhs
        self.op = op
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.rhs = rhs
        self.column = column
    }
}

/// One side of a comparison.
public indirect enum QueryOperand: Equatable, Sendable {
    case keyPath(QueryKeyPath)
    case literal(QueryLiteral, column: Int)
    /// `$0` or `%@` (already numbered).
    case argument(Int, column: Int)
    /// `{a, b, c}`.
    case list([QueryOperand], column: Int)
    /// `SUBQUERY(collection, $x, predicate).@count`.
    case subqueryCount(collection: QueryKeyPath, variable: String, predicate: QueryPredicate, column: Int)
    /// `geoBox(…)`, `geoCircle(…)`, `geoPolygon(…)` after `GEOWITHIN`.
    case geoShape(QueryGeoShape<QueryOperand>, column: Int)

    /// The column where the operand starts.
    public var column: Int {
        switch self {
        case .keyPath(let path): path.column
        case .literal(_, let column), .argument(_, let column), .list(_, let column): column
        case .subqueryCount(_, _, _, let column), .geoShape(_, let column): column
        }
    }
}

/// A literal value as written.
public enum QueryLiteral: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Digits as written (`12`, `-1.5e3`, `0x1f`, `inf`, `nan`), converted to the compared type.
    case number(String)
    case string(String)
    case data([UInt8])
    case timestamp(seconds: Int64, nanoseconds: Int32)
    case objectId(String)
    case uuid(String)
}

/// A key path: `a.b['k'].@count`, `@links.Class.prop`, `$x.name`.
public struct QueryKeyPath: Equatable, Sendable {
    /// Where the path starts: the queried object, or a SUBQUERY variable.
    public var variable: String?
    public var components: [QueryPathComponent]
    public var column: Int

    public init(variable: String? = nil, components: [QueryPathComponent], column: Int) {
        self.variable = variable
        self.components = components
        self.column = column
    }
}

/// One component of a key path.
public enum QueryPathComponent: Equatable, Sendable {
    case property(String, column: Int)
    /// `@links.Class.property`.
    case links(className: String, property: String, column: Int)
    /// `@links` alone (only before `.@count`).
    case allLinks(column: Int)
    /// `@count`, `@size`, `@sum`, `@avg`, `@min`, `@max`, `@keys`, `@values`, `@type`.
    case operation(String, column: Int)
    /// `['key']` or `[$0]` (a map key; a key or an index into a mixed value's list or dictionary).
    case subscriptKey(QueryOperand, column: Int)
    /// `[*]`: every element of a list or dictionary held by a mixed value.
    case anyElement(column: Int)
    /// `%K`: the next argument names the property.
    case keyPathArgument(Int, column: Int)

    public var column: Int {
        switch self {
        case .property(_, let column), .links(_, _, let column), .allLinks(let column), .operation(_, let column),
             .subscriptKey(_, let column), .anyElement(let column), .keyPathArgument(_, let column): column
        }
    }
}
