import RealmEngine

/// String queries on a map of objects, as Realm Swift's `Map.filter(_:_:)`: the values
/// (objects) that match, as Results.
extension Map {
    /// The objects among the map's values that match `predicateFormat`, live: re-evaluated
    /// after the Realm changes. Without `SORT`/`DISTINCT`/`LIMIT` they come in key order (an
    /// object held under two keys comes twice); null values never match.
    ///
    /// For example:
    ///
    ///     let adults = person.petsByName.filter("age >= %@", 2)
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Value> {
        let arguments = QueryArguments.storeValues(args, in: realm)
        if let query = valuesQuery {
            return Results(query: query.filtered(predicateFormat, arguments), description: "Map<\(Key.self), \(Value.self)>")
        }
        _ = matchingValues(predicateFormat, arguments)
        return Results(realm: realm, description: "Map<\(Key.self), \(Value.self)>") {
            self.matchingValues(predicateFormat, arguments)
        }
    }

    /// The values of a managed map of objects as an SQL query (its table joined to the
    /// objects', in key order); nil for other maps.
    var valuesQuery: _ObjectQuery? {
        guard let managed else { return nil }
        var cache: _ObjectQuery?
        return managed.query(&cache, for: Value.self) { .mapValues(owner: $0, property: $1) }
    }

    /// The values that are managed objects matching the query (traps on a bad query or an
    /// unmanaged map, as Realm Swift raises an exception).
    func matchingValues(_ predicate: String, _ arguments: [StoreValue]) -> [Value] {
        matchingValues(message: RealmMessages.message(of:)) { try $0.matches($1, predicate, arguments: arguments, within: $2) }
    }

    /// The values whose object keys `match` keeps (given the store, class name and keys); a
    /// failure traps with `message`.
    func matchingValues(message: (any Error) -> String,
                        _ match: (Store, String, [Int64]) throws -> (keys: [Int64], reorders: Bool)) -> [Value] {
        guard let realm else {
            RealmMessages.trap(RealmMessages.unmanagedCollectionQuery)
        }
        let objects = values.map { value in (value, AnyValues.unwrap(value) as? ObjectBase) }
        guard let className = objects.lazy.compactMap({ $0.1?._state?.info.className }).first else { return [] }
        do {
            let keys = objects.compactMap { $0.1?._state?.key.key }
            let (matched, reorders) = try realm.core.read { try match($0, className, keys) }
            if reorders {
                return matched.map { Value._rlmFromStore(.object(ObjectKey(className: className, key: $0)), realm) }
            }
            let members = Set(matched)
            return objects.filter { $0.1?._state.map { members.contains($0.key.key) } ?? false }.map(\.0)
        } catch {
            RealmMessages.trap(message(error))
        }
    }
}
