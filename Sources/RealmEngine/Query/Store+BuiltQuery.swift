import RealmQuery

/// Queries given as an AST instead of text (Realm Swift's type-safe `where { … }`): the same
/// type checker and SQL compiler as the Realm Query Language, so both accept and reject the
/// same queries with the same messages, and values are always bound parameters.
extension Store {
    /// `query` narrowed by a built predicate whose `.argument(i)` operands are `arguments[i]`.
    ///
    /// - Throws: `QueryError` located at the columns the AST carries; `StoreError` for an
    ///   unknown class.
    ///
    /// For example:
    ///
    ///     let age = QueryKeyPath(components: [.property("age", column: 1)], column: 1)
    ///     let parsed = ParsedQuery(predicate: .comparison(QueryComparison(lhs: .keyPath(age), op: .less,
    ///                                                                     rhs: .argument(0, column: 7), column: 5)))
    ///     let young = try store.filtered(ResultsQuery(className: "Dog"), parsed, arguments: [3])
    package func filtered(_ query: ResultsQuery, _ parsed: ParsedQuery, arguments: [StoreValue]) throws -> ResultsQuery {
        var result = query
        result.add(try checked(parsed, query.className, arguments), arguments: arguments)
        return result
    }
}
