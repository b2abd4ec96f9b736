import RealmQuery

/// The type-safe query (`where { … }`) messages, each written once.
extension RealmMessages {
    static let queryNeedsKeyPath = "A key path, a comparison or an aggregate cannot follow a comparison in a query."

    static let subqueryNeedsCollection = "A subquery's count needs a predicate over the elements of a collection (such as '($0.dogs.age > 3).count')."
    static let subqueryMixesCollections = "A subquery's predicate may only use the elements of one collection."

    /// A query the type checker rejects, located in the query's text form (which is shown,
    /// arguments as `$0`, `$1`, …).
    static func typedQuery(_ error: QueryError, text: String) -> String {
        "\(error.description)\n    where { \(text) }\n" + String(repeating: " ", count: 12 + error.column - 1) + "^"
    }
}
