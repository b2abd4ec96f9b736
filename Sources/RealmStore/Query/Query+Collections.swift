import RealmEngine
import RealmQuery

/// Queries through List, MutableSet, LinkingObjects and Map properties, as Realm Swift's:
/// element properties (`$0.dogs.name`, meaning `ANY`), `count`, aggregates, membership, and a
/// map's keys, values and subscripts.
extension Query where T: RealmCollection {
    /// A property of the collection's objects (`$0.dogs.age > 3` is `ANY dogs.age > 3`).
    public subscript<V>(dynamicMember member: KeyPath<T.Element, V>) -> Query<V> where T.Element: ObjectBase {
        appending(KeyPathNames.name(of: member), collection: false)
    }

    /// The number of elements (`@count`).
    public var count: Query<Int> { aggregate("count") }

    /// The collection holds `value` (`value IN collection`).
    ///
    ///     realm.objects(Person.self).where { $0.tags.contains("red") }
    public func contains(_ value: T.Element) -> Query<Bool> {
        Query<Bool>(.comparison(.in, Query.value(value), .path(path), []))
    }

    /// The collection holds at least one of the values (`ANY collection IN {…}`).
    public func containsAny<U: Sequence>(in collection: U) -> Query<Bool> where U.Element == T.Element {
        compare(.in, Query.value(Array(collection)))
    }

    /// `ANY element == value`.
    public static func == (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { equality(lhs, .equal, rhs) }
    /// `ANY element != value`.
    public static func != (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { equality(lhs, .notEqual, rhs) }
}

extension Query where T: RealmCollection, T.Element: _QueryNumeric {
    /// `ANY element > value`.
    public static func > (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { lhs.compare(.greater, value(rhs)) }
    /// `ANY element >= value`.
    public static func >= (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { lhs.compare(.greaterOrEqual, value(rhs)) }
    /// `ANY element < value`.
    public static func < (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { lhs.compare(.less, value(rhs)) }
    /// `ANY element <= value`.
    public static func <= (_ lhs: Query<T>, _ rhs: T.Element) -> Query<Bool> { lhs.compare(.lessOrEqual, value(rhs)) }

    /// The smallest element (`@min`).
    public var min: Query<T.Element> { aggregate("min") }
    /// The largest element (`@max`).
    public var max: Query<T.Element> { aggregate("max") }
    /// The average of the elements (`@avg`).
    public var avg: Query<T.Element> { aggregate("avg") }
    /// The sum of the elements (`@sum`).
    public var sum: Query<T.Element> { aggregate("sum") }
}

extension Query where T: RealmCollection, T.Element: Comparable {
    /// Every element within the range (`@min >= lower AND @max < upper`).
    public func contains(_ range: Range<T.Element>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, .path(path.aggregating("min")), Query.value(range.lowerBound), []),
                         .comparison(.less, .path(path.aggregating("max")), Query.value(range.upperBound), [])))
    }

    /// Every element within the closed range (`@min >= lower AND @max <= upper`).
    public func contains(_ range: ClosedRange<T.Element>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, .path(path.aggregating("min")), Query.value(range.lowerBound), []),
                         .comparison(.lessOrEqual, .path(path.aggregating("max")), Query.value(range.upperBound), [])))
    }
}

extension Query where T: RealmKeyedCollection {
    /// The value under `member` (`scores["math"]`).
    ///
    ///     realm.objects(Person.self).where { $0.scores["math"] > 90 }
    public subscript(member: T.Key) -> Query<T.Value> {
        Query<T.Value>(.path(path.appending(.key(Query.value(member).storeValue))))
    }

    /// Every value of the map (`@values`), compared with `ANY`.
    public var values: Query<T.Value> { Query<T.Value>(.path(path.appending(.operation("values")))) }

    /// The number of entries (`@count`).
    public var count: Query<Int> { aggregate("count") }

    /// The map holds `value` among its values (`value IN map`).
    public func contains(_ value: T.Value) -> Query<Bool> {
        Query<Bool>(.comparison(.in, Query.value(value), .path(path), []))
    }

    /// The map holds at least one of the values (`ANY map IN {…}`).
    public func containsAny<U: Sequence>(in collection: U) -> Query<Bool> where U.Element == T.Value {
        compare(.in, Query.value(Array(collection)))
    }

    /// `ANY value == value`.
    public static func == (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.equal, value(rhs)) }
    /// `ANY value != value`.
    public static func != (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.notEqual, value(rhs)) }
}

extension Query where T: RealmKeyedCollection, T.Value: Comparable {
    /// Every value within the range (`@min >= lower AND @max < upper`).
    public func contains(_ range: Range<T.Value>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, .path(path.aggregating("min")), Query.value(range.lowerBound), []),
                         .comparison(.less, .path(path.aggregating("max")), Query.value(range.upperBound), [])))
    }

    /// Every value within the closed range (`@min >= lower AND @max <= upper`).
    public func contains(_ range: ClosedRange<T.Value>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, .path(path.aggregating("min")), Query.value(range.lowerBound), []),
                         .comparison(.lessOrEqual, .path(path.aggregating("max")), Query.value(range.upperBound), [])))
    }
}

extension Query where T: RealmKeyedCollection, T.Key == String {
    /// Every key of the map (`@keys`), compared with `ANY`.
    ///
    ///     realm.objects(Person.self).where { $0.scores.keys.starts(with: "ma") }
    public var keys: Query<String> { Query<String>(.path(path.appending(.operation("keys")))) }
}

extension Query where T: RealmKeyedCollection, T.Value: _QueryNumeric {
    /// `ANY value > value`.
    public static func > (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.greater, value(rhs)) }
    /// `ANY value >= value`.
    public static func >= (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.greaterOrEqual, value(rhs)) }
    /// `ANY value < value`.
    public static func < (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.less, value(rhs)) }
    /// `ANY value <= value`.
    public static func <= (_ lhs: Query<T>, _ rhs: T.Value) -> Query<Bool> { lhs.compare(.lessOrEqual, value(rhs)) }

    /// The smallest value (`@min`).
    public var min: Query<T.Value> { aggregate("min") }
    /// The largest value (`@max`).
    public var max: Query<T.Value> { aggregate("max") }
    /// The average of the values (`@avg`).
    public var avg: Query<T.Value> { aggregate("avg") }
    /// The sum of the values (`@sum`).
    public var sum: Query<T.Value> { aggregate("sum") }
}

extension QueryNode {
    /// The value of a `.value` node.
    var storeValue: StoreValue {
        if case .value(let value) = self { return value }
        return .null
    }
}

extension Query where T: RealmCollection, T.Element: ObjectBase {
    /// A predicate over the collection's objects: used as a predicate it means some element
    /// matches; its `count` is a subquery count (the same as `($0.dogs.age > 3).count`).
    ///
    ///     realm.objects(Person.self).where { $0.dogs.where { $0.age > 3 && $0.name != "Rex" }.count > 1 }
    public func `where`(_ isIncluded: (Query<T.Element>) -> Query<Bool>) -> Query<Bool> {
        isIncluded(Query<T.Element>(node))
    }
}
