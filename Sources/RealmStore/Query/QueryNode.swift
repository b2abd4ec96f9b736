import RealmEngine
import RealmQuery

/// What a `Query` expression stands for while the closure runs: a small tree that
/// `QueryLowering` turns into the Realm Query Language's AST. Values stay `StoreValue`s (bound
/// as parameters), names come from key paths; nothing is written as query text.
indirect enum QueryNode {
    /// A key path from the queried object (or a collection's elements).
    case path(QueryPath)
    /// A Swift value, bound as an argument.
    case value(StoreValue)
    case comparison(QueryOperator, QueryNode, QueryNode, StringOptions)
    case between(QueryNode, StoreValue, StoreValue)
    case and(QueryNode, QueryNode)
    case or(QueryNode, QueryNode)
    case not(QueryNode)
    /// `(predicate over one collection's elements).count`: a SUBQUERY count.
    case subqueryCount(QueryNode)
    /// Type names compared with `@type`, written as literals (`'int'`, or `{'int', 'double'}`
    /// when `list`), as the type checker wants them.
    case typeNames([String], list: Bool)
}

/// A key path of a query: its steps and where it first enters a collection. A path through a
/// collection compares as `ANY` (`$0.dogs.name == "Rex"` is `dogs.name == 'Rex'`), as in
/// Realm Swift; the type checker adds the quantifier.
struct QueryPath {
    enum Step {
        case property(String)
        /// A map key (`scores["math"]`).
        case key(StoreValue)
        /// `@count`, `@min`, `@keys`, …
        case operation(String)
        /// `@links.Class.property`: the objects of `Class` linking here by `property`.
        case links(String, String)
        /// `@links` alone (before `@count`).
        case allLinks
        /// `[*]`: every element of a list or dictionary a mixed value holds.
        case anyElement
    }

    var steps: [Step] = []
    /// The number of steps up to and including the first collection property (nil: none).
    var collectionEnd: Int?
    /// The SUBQUERY variable the path starts from (`s1` for `$s1`), or nil for the queried object.
    var variable: String?
    /// `ALL` or `NONE` before the comparison (nil: Realm's implicit `ANY`).
    var quantifier: QueryQuantifier?

    func appending(_ step: Step, collection: Bool = false) -> QueryPath {
        var path = self
        path.steps.append(step)
        if collection, path.collectionEnd == nil { path.collectionEnd = path.steps.count }
        return path
    }

    /// The path with an aggregate or `@count` right after its collection (`$0.dogs.age.max`
    /// is `dogs.@max.age`).
    func aggregating(_ operation: String) -> QueryPath {
        var path = self
        path.steps.insert(.operation(operation), at: Swift.min(collectionEnd ?? steps.count, steps.count))
        return path
    }
}

/// The options of Realm Swift's string comparisons (`[c]`, `[d]` in the query language).
///
/// For example:
///
///     let rexes = realm.objects(Dog.self).where { $0.name.equals("rex", options: [.caseInsensitive]) }
public struct StringOptions: OptionSet, Sendable {
    public let rawValue: Int8

    public init(rawValue: Int8) {
        self.rawValue = rawValue
    }

    /// A case-insensitive comparison (`[c]`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// A comparison that ignores diacritic marks (`[d]`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)
}
