import Foundation
import RealmEngine

/// String queries on typed collections, as Realm Swift's `filter(_:_:)` and
/// `index(matching:_:)`: Realm Query Language with `%@`/`%K` (or `$0`, `$1`) arguments.
extension RealmCollection where Element: ObjectBase {
    /// The elements matching `predicateFormat`, live: re-evaluated after the Realm changes.
    /// Without `SORT`/`DISTINCT`/`LIMIT` the collection's order (and a List's repeats) is kept.
    /// The query is parsed and type-checked now (a bad one traps here with its located
    /// message); on a managed collection it adds to the collection's SQL (one `WHERE` for
    /// chained filters, a List or MutableSet restricted by a join on its table).
    ///
    /// For example:
    ///
    ///     let young = realm.objects(Dog.self).filter("age < %@ AND name BEGINSWITH[c] %@", 3, "r")
    ///     let first = person.dogs.filter("age > 1 SORT(age DESC) LIMIT(1)").first
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        let arguments = QueryArguments.storeValues(args, in: realm)
        if let query = _rlmQuery {
            return Results(query: query.filtered(predicateFormat, arguments), description: _rlmTypeName)
        }
        _ = matchingElements(predicateFormat, arguments)
        return Results(realm: realm, description: _rlmTypeName) {
            self.matchingElements(predicateFormat, arguments)
        }
    }

    /// The position of the first element matching `predicateFormat`, or nil.
    ///
    /// For example:
    ///
    ///     let index = person.dogs.index(matching: "name == %@", "Rex")
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        let arguments = QueryArguments.storeValues(args, in: realm)
        if let query = _rlmQuery {
            let matched = Set(query.filtered(predicateFormat, arguments).keys)
            return query.keys.firstIndex { matched.contains($0) }
        }
        let matched = Set(matchingElements(predicateFormat, arguments).compactMap { $0._state?.key })
        return _rlmElements.firstIndex { $0._state.map { matched.contains($0.key) } ?? false }
    }

    /// The elements with only one of each combination of values at `keyPaths` (the first in
    /// the collection's order), as Realm Swift's `distinct(by:)`; in SQL for a managed
    /// collection.
    ///
    /// For example:
    ///
    ///     let oneOfEachAge = realm.objects(Dog.self).distinct(by: ["age"])
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        let keyPaths = Array(keyPaths)
        if let query = _rlmQuery {
            return Results(query: query.distinct(keyPaths), description: _rlmTypeName)
        }
        return Results(realm: realm, description: _rlmTypeName) {
            var seen: [[StoreValue]] = []
            return self._rlmElements.filter { element in
                let values = keyPaths.map { KeyPaths.value(of: element, path: $0).flatMap(AnyValues.storeValue) ?? .null }
                if seen.contains(values) { return false }
                seen.append(values)
                return true
            }
        }
    }

    /// The matching elements of an in-memory collection; traps with the query's located message for a bad query, as
    /// Realm Swift raises an exception.
    func matchingElements(_ predicate: String, _ arguments: [StoreValue]) -> [Element] {
        matchingElements(message: RealmMessages.message(of:)) { try $0.matches($1, predicate, arguments: arguments, within: $2) }
    }

    /// The elements whose keys `match` keeps (given the store, class name and keys), in the
    /// collection's order unless the query reorders them; a failure traps with `message`.
    func matchingElements(message: (any Error) -> String,
                          _ match: (Store, String, [Int64]) throws -> (keys: [Int64], reorders: Bool)) -> [Element] {
        let elements = _rlmElements
        guard let realm = realm ?? elements.lazy.compactMap({ $0._state?.realm }).first else {
            RealmMessages.trap(RealmMessages.unmanagedCollectionQuery)
        }
        // Dynamic objects name their class themselves (none: nothing matches).
        let dynamic = Element.self == DynamicObject.self
        guard let className = dynamic ? elements.first?._state?.key.className : realm.core.typeInfo(Element.self).className else {
            return []
        }
        do {
            let keys = elements.compactMap { $0._state?.key.key }
            let (matched, reorders) = try realm.core.read { try match($0, className, keys) }
            if reorders {
                return matched.map { Element._rlmFromStore(.object(ObjectKey(className: className, key: $0)), realm) }
            }
            let members = Set(matched)
            return elements.filter { $0._state.map { members.contains($0.key.key) } ?? false }
        } catch {
            RealmMessages.trap(message(error))
        }
    }
}

/// Converts the `Any` arguments of `filter(_:_:)` into store values: Swift scalars (integers
/// of any width, `NSNumber`), Realm values, objects (as links) and arrays, Realm collections
/// of them (for `IN`). An object that `realm` does not manage (unmanaged, or of another file)
/// is a link to no object, so it matches nothing, as in Realm.
enum QueryArguments {
    /// The object key no object has.
    static let unmatchedKey = Int64.min

    static func storeValues(_ args: [Any], in realm: Realm? = nil) -> [StoreValue] {
        args.map { argument in
            guard let value = storeValue(argument, in: realm) else {
                RealmMessages.trap(RealmMessages.unsupportedQueryArgument(argument))
            }
            return value
        }
    }

    static func storeValue(_ argument: Any, in realm: Realm? = nil) -> StoreValue? {
        guard let value = AnyValues.unwrap(argument) else { return .null }
        if let object = value as? ObjectBase {
            guard let state = object._state, realm.map({ $0.configuration.path == state.realm.configuration.path }) ?? true else {
                return .object(ObjectKey(className: TypeInfo.of(type(of: object)).className, key: unmatchedKey))
            }
            return .object(state.key)
        }
        if let shape = value as? any RLMGeospatial { return .string(GeoShapes.queryText(shape)) }
        if let collection = value as? any RealmCollection { return elements(of: collection, in: realm) }
        if let array = value as? [Any] { return list(array, in: realm) }
        if let converted = AnyValues.storeValue(value) { return converted }
        if let integer = value as? any BinaryInteger { return Int64(exactly: integer).map { .int($0) } }
        if let number = value as? NSNumber {
            let type = String(cString: number.objCType)
            return type == "f" || type == "d" ? .double(number.doubleValue) : .int(number.int64Value)
        }
        return nil
    }

    private static func elements<C: RealmCollection>(of collection: C, in realm: Realm?) -> StoreValue? {
        list(collection._rlmElements.map { $0 as Any }, in: realm)
    }

    private static func list(_ values: [Any], in realm: Realm?) -> StoreValue? {
        var elements: [StoreValue] = []
        for element in values {
            guard let converted = storeValue(element, in: realm) else { return nil }
            elements.append(converted)
        }
        return .list(elements)
    }
}
