/// A type-checked query over one class, ready to compile: key paths resolved against the
/// schema, operators checked against the types.
public struct QueryPlan: Equatable, Sendable {
    public var className: String
    public var predicate: TypedPredicate
    public var sort: [TypedSortKey]
    public var distinct: [ResolvedPath]
    public var limit: Int?
}

/// A resolved `SORT` key.
public struct TypedSortKey: Equatable, Sendable {
    public var path: ResolvedPath
    public var ascending: Bool
}

/// A checked predicate, normalized: an `.and` holds no `.and` and an `.or` no `.or` (nested
/// chains are merged into one), and a `.not` never holds a `.not` (double negations cancel).
public indirect enum TypedPredicate: Equatable, Sendable {
    case and([TypedPredicate])
    case or([TypedPredicate])
    case not(TypedPredicate)
    case constant(Bool)
    case comparison(TypedComparison)
}

/// A checked comparison: the key path is always on the left.
public struct TypedComparison: Equatable, Sendable {
    /// `.any` by default for key paths through collections; nil for single values.
    public var quantifier: QueryQuantifier?
    public var lhs: ResolvedPath
    public var op: QueryOperator
    public var caseInsensitive: Bool
    public var diacriticInsensitive: Bool
    public var rhs: TypedOperand
    public var column: Int
}

/// The right-hand side of a checked comparison.
public enum TypedOperand: Equatable, Sendable {
    case value(TypedValue)
    /// Another single-valued key path (`age > bestFriend.age`).
    case path(ResolvedPath)
    /// The shape of `GEOWITHIN`, with the column where it starts.
    case geoShape(QueryGeoShape<TypedValue>, column: Int)
}

/// A value as written: literal, argument or `{…}` list; converted to the compared type when
/// compiled.
public indirect enum TypedValue: Equatable, Sendable {
    case literal(QueryLiteral, column: Int)
    case argument(Int, column: Int)
    case list([TypedValue], column: Int)
}

/// A key path resolved against the schema: hops from object to object, then a leaf value.
public struct ResolvedPath: Equatable, Sendable {
    public var hops: [PathHop]
    public var leaf: PathLeaf
    /// The type of the leaf's values.
    public var type: QueryValueType
    public var column: Int

    /// Whether the path can yield several values (through a list, set, map or backlinks).
    public var isMultiValued: Bool {
        hops.contains { $0.isMultiValued } || leaf.isMultiValued
    }
}

/// One step from an object to other objects.
public enum PathHop: Equatable, Sendable {
    /// A to-one link property (also embedded).
    case link(owner: String, property: String)
    /// The linked objects of a list, set or map of links.
    case collection(owner: String, property: String)
    /// The object held under `key` in a map of links.
    case mapEntry(owner: String, property: String, key: TypedValue)
    /// The objects of `origin` whose `property` links here (`@links` or a linkingObjects property).
    case backlinks(origin: String, property: String)

    public var isMultiValued: Bool {
        switch self {
        case .link, .mapEntry: false
        case .collection, .backlinks: true
        }
    }
}

/// A collection an aggregate or SUBQUERY ranges over, relative to the current object.
public enum PathCollection: Equatable, Sendable {
    case property(owner: String, property: String)
    case backlinks(origin: String, property: String)
    /// Every link to the current object (`@links.@count`), of class `target`.
    case allBacklinks(target: String)
}

/// One subscript into the list or dictionary a mixed value holds.
public enum NestedStep: Equatable, Sendable {
    /// `['key']` into a dictionary, `[0]` into a list (a string or integer value).
    case element(TypedValue)
    /// `[*]`: every element (of a list) or value (of a dictionary).
    case all
}

/// `@sum`, `@avg`, `@min`, `@max`.
public enum AggregateKind: String, Equatable, Sendable {
    case sum, avg, min, max
}

/// The value a resolved key path ends in.
public indirect enum PathLeaf: Equatable, Sendable {
    /// A single-valued property of the current object (a link compares as the object).
    case column(owner: String, property: String)
    /// The elements of a list or set, or the values of a map, of primitives or links.
    case elements(owner: String, property: String)
    /// The keys of a map.
    case mapKeys(owner: String, property: String)
    /// The value under `key` in a map (null when absent).
    case mapEntry(owner: String, property: String, key: TypedValue)
    /// The number of elements.
    case count(PathCollection)
    /// An aggregate over a collection of numbers, or of a property of linked objects.
    case aggregate(AggregateKind, PathCollection, property: String?)
    /// The type name of a mixed value.
    case mixedType(PathLeaf)
    /// `SUBQUERY(collection, $x, predicate).@count`.
    case subqueryCount(PathCollection, TypedPredicate)
    /// The SUBQUERY variable itself, over a collection of primitives.
    case variable
    /// A value inside the list or dictionary a mixed value holds, one step per subscript
    /// (`mixed['key']`, `mixed[0]`, `mixed[*]`).
    case nested(PathLeaf, [NestedStep])
    /// The number of elements of the list or dictionary a mixed value holds (`@size`,
    /// `@count`); null for any other value.
    case nestedSize(PathLeaf)

    public var isMultiValued: Bool {
        switch self {
        case .elements, .mapKeys: true
        case .nested(let inner, let steps): inner.isMultiValued || steps.contains(.all)
        case .mixedType(let inner), .nestedSize(let inner): inner.isMultiValued
        default: false
        }
    }
}
