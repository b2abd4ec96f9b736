import RealmEngine
import RealmQuery

/// Realm Swift's type-safe queries, `where { … }`, on Results, List, MutableSet,
/// LinkingObjects, AnyRealmCollection and a Map's object values. The closure builds the query
/// language's AST (QueryLowering.swift), checked and compiled exactly as `filter(_:_:)`'s
/// text is: the same results, the same errors.
extension RealmCollection where Element: ObjectBase {
    /// The elements for which `isIncluded` holds, live, as `filter(_:_:)` returns them (the
    /// collection's order kept; one SQL `WHERE` on a managed collection). A query Realm
    /// rejects traps with the type checker's located message.
    ///
    /// For example:
    ///
    ///     let rexes = realm.objects(Person.self).where { $0.age > 3 && $0.dogs.name == "Rex" }
    ///     let old = person.dogs.where { $0.age.contains(5...10) }
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let built = BuiltQuery(isIncluded(Query<Element>()))
        if let query = _rlmQuery {
            return Results(query: query.filtered(built), description: _rlmTypeName)
        }
        _ = matchingElements(message: built.message(for:), built.match)
        return Results(realm: realm, description: _rlmTypeName) {
            self.matchingElements(message: built.message(for:), built.match)
        }
    }
}

extension Map {
    /// The objects among the map's values for which `isIncluded` holds, live, in key order
    /// (as `filter(_:_:)`); null values never match.
    ///
    /// For example:
    ///
    ///     let adults = person.petsByName.where { $0.age >= 2 }
    public func `where`(_ isIncluded: (Query<Value>) -> Query<Bool>) -> Results<Value> {
        let built = BuiltQuery(isIncluded(Query<Value>()))
        let description = "Map<\(Key.self), \(Value.self)>"
        if let query = valuesQuery {
            return Results(query: query.filtered(built), description: description)
        }
        _ = matchingValues(message: built.message(for:), built.match)
        return Results(realm: realm, description: description) {
            self.matchingValues(message: built.message(for:), built.match)
        }
    }
}

/// A `where` closure's query: its AST, arguments and text form.
struct BuiltQuery {
    let query: ParsedQuery
    let arguments: [StoreValue]
    let text: String

    init(_ predicate: Query<Bool>) {
        (query, arguments, text) = QueryLowering.lower(predicate)
    }

    /// The members of `keys` that match (for collections read in memory).
    func match(_ store: Store, _ className: String, _ keys: [Int64]) throws -> (keys: [Int64], reorders: Bool) {
        try store.matches(className, query, arguments: arguments, within: keys)
    }

    /// The trap message of a failure: a type error shown in the query's text form.
    func message(for error: any Error) -> String {
        guard let error = error as? QueryError else { return RealmMessages.message(of: error) }
        return RealmMessages.typedQuery(error, text: text)
    }
}

extension _ObjectQuery {
    /// The query narrowed by a `where` closure's query.
    func filtered(_ built: BuiltQuery) -> _ObjectQuery {
        do {
            return _ObjectQuery(realm: realm, query: try realm.core.read { try $0.filtered(query, built.query, arguments: built.arguments) })
        } catch {
            RealmMessages.trap(built.message(for: error))
        }
    }
}
