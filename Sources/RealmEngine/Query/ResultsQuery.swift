import Foundation
import RealmQuery
import RealmSchema
import Synchronization

/// What a lazy `Results` reads: the objects of one class from a base (all of them, a List's or
/// MutableSet's elements, a Map's values, an object's linking objects), narrowed by type-checked
/// conditions, sorted, made distinct and limited. It is a value: `filter`, `sorted` and
/// `distinct` return a new description, and nothing runs until the store is asked
/// (`Store+Results.swift`), each time as one SQL statement. The statements of its common reads
/// (count, all keys, first, last) are compiled once per description and kept with it.
///
/// For example:
///
///     var dogs = ResultsQuery(className: "Dog")
///     dogs = try store.filtered(dogs, "age > $0", arguments: [3])
///     let oldest = try store.resultKey(dogs, at: 0)
package struct ResultsQuery: Equatable, Sendable {
    /// Where the objects come from.
    package enum Base: Equatable, Sendable {
        /// Every object of the class, in insertion (key) order.
        case all
        /// The elements of a List of links, in list order with its repeats.
        case list(owner: ObjectKey, property: String)
        /// The elements of a MutableSet of links, in stored (key) order.
        case set(owner: ObjectKey, property: String)
        /// The non-null values of a Map of links, in key order.
        case mapValues(owner: ObjectKey, property: String)
        /// The objects of the class whose `property` links to `target`, one per link.
        case linkingObjects(target: ObjectKey, property: String)
    }

    /// One `filter`: its checked plan and the arguments its `$n` refer to.
    package struct Condition: Equatable, Sendable {
        var plan: QueryPlan
        var arguments: [StoreValue]
    }

    package let className: String
    package let base: Base
    var conditions: [Condition] = [] { didSet { compiled = CompiledStatements() } }
    /// Sort keys, the most recent `sorted` first (earlier ones break its ties).
    var sort: [TypedSortKey] = [] { didSet { compiled = CompiledStatements() } }
    var distinct: [ResolvedPath] = [] { didSet { compiled = CompiledStatements() } }
    var limit: Int? { didSet { compiled = CompiledStatements() } }
    /// The compiled statements of this description (a new, empty one for each changed copy).
    private(set) var compiled = CompiledStatements()

    /// Every object of `className` from `base`, unfiltered and in the base's order.
    package init(className: String, base: Base = .all) {
        self.className = className
        self.base = base
    }

    package static func == (a: ResultsQuery, b: ResultsQuery) -> Bool {
        a.className == b.className && a.base == b.base && a.conditions == b.conditions && a.sort == b.sort
            && a.distinct == b.distinct && a.limit == b.limit
    }

    /// Whether the query has `DISTINCT` or `LIMIT`, so counting or aggregating must first
    /// build its rows.
    var trims: Bool { !distinct.isEmpty || limit != nil }

    /// Adds a checked query: its predicate AND-ed with the others, its `SORT` before the
    /// existing keys, its `DISTINCT` after them, its `LIMIT` the smaller one.
    mutating func add(_ plan: QueryPlan, arguments: [StoreValue]) {
        conditions.append(Condition(plan: plan, arguments: arguments))
        sort = plan.sort + sort
        distinct += plan.distinct
        if let newLimit = plan.limit { limit = min(limit ?? newLimit, newLimit) }
    }
}

/// The compiled SQL of a description's common reads, by name; shared by the copies of one
/// description (live, frozen, on several threads), hence the lock.
final class CompiledStatements: Sendable {
    private let statements = Mutex<[String: CompiledQuery]>([:])

    /// How many statements are kept.
    var count: Int { statements.withLock { $0.count } }

    /// The statement named `name`, compiled by `compile` the first time.
    func get(_ name: String, _ compile: () throws -> CompiledQuery?) rethrows -> CompiledQuery? {
        if let known = statements.withLock({ $0[name] }) { return known }
        guard let compiled = try compile() else { return nil }
        statements.withLock { $0[name] = compiled }
        return compiled
    }
}
