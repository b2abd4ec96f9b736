import Foundation
import RealmEngine
import RealmQuery

/// Realm Swift's tag for types compared with `<`, `>`, `between` and aggregated with
/// `min`/`max`/`sum`/`avg`: numbers, dates, `Decimal128`, `AnyRealmValue` and their optionals.
public protocol _QueryNumeric {}
extension Int: _QueryNumeric {}
extension Int8: _QueryNumeric {}
extension Int16: _QueryNumeric {}
extension Int32: _QueryNumeric {}
extension Int64: _QueryNumeric {}
extension Float: _QueryNumeric {}
extension Double: _QueryNumeric {}
extension Decimal128: _QueryNumeric {}
extension Date: _QueryNumeric {}
extension AnyRealmValue: _QueryNumeric {}
extension Optional: _QueryNumeric where Wrapped: _QueryNumeric {}

/// Realm Swift's tag for types with substring searches (`contains`, `starts(with:)`, …):
/// `String`, `Data` and their optionals.
public protocol _QueryBinary {}
extension Data: _QueryBinary {}
extension Optional: _QueryBinary where Wrapped: _QueryBinary {}

/// Realm Swift's tag for types with `like`: `String` and `String?`.
public protocol _QueryString: _QueryBinary {}
extension String: _QueryString {}
extension Optional: _QueryString where Wrapped: _QueryString {}

// MARK: Ordering

extension Query where T: _QueryNumeric {
    /// `>`: greater than a value.
    public static func > (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.compare(.greater, value(rhs)) }
    /// `>`: greater than another property.
    public static func > (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compare(.greater, rhs.node) }
    /// `>=`: at least a value.
    public static func >= (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.compare(.greaterOrEqual, value(rhs)) }
    /// `>=`: at least another property.
    public static func >= (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs.node) }
    /// `<`: less than a value.
    public static func < (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.compare(.less, value(rhs)) }
    /// `<`: less than another property.
    public static func < (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compare(.less, rhs.node) }
    /// `<=`: at most a value.
    public static func <= (_ lhs: Query, _ rhs: T) -> Query<Bool> { lhs.compare(.lessOrEqual, value(rhs)) }
    /// `<=`: at most another property.
    public static func <= (_ lhs: Query, _ rhs: Query) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs.node) }

    /// The minimum of the property over the collection the key path goes through
    /// (`$0.dogs.age.min` is `dogs.@min.age`).
    public var min: Query { aggregate("min") }
    /// The maximum of the property over the collection the key path goes through.
    public var max: Query { aggregate("max") }
    /// The average of the property over the collection the key path goes through.
    public var avg: Query { aggregate("avg") }
    /// The sum of the property over the collection the key path goes through.
    public var sum: Query { aggregate("sum") }
}

extension Query where T: Comparable {
    /// At least the lower bound and below the upper one (`>=` and `<`).
    ///
    ///     realm.objects(Dog.self).where { $0.age.contains(1..<3) }
    public func contains(_ range: Range<T>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, node, Query.value(range.lowerBound), []),
                         .comparison(.less, node, Query.value(range.upperBound), [])))
    }

    /// `BETWEEN {lower, upper}`: within the closed range.
    ///
    ///     realm.objects(Dog.self).where { $0.age.contains(1...3) }
    public func contains(_ range: ClosedRange<T>) -> Query<Bool> {
        guard let low = QueryArguments.storeValue(range.lowerBound), let high = QueryArguments.storeValue(range.upperBound) else {
            RealmMessages.trap(RealmMessages.unsupportedQueryArgument(range))
        }
        return Query<Bool>(.between(node, low, high))
    }
}

extension Query where T: OptionalProtocol, T.Wrapped: Comparable {
    /// At least the lower bound and below the upper one (`>=` and `<`).
    public func contains(_ range: Range<T.Wrapped>) -> Query<Bool> {
        Query<Bool>(.and(.comparison(.greaterOrEqual, node, Query.value(range.lowerBound), []),
                         .comparison(.less, node, Query.value(range.upperBound), [])))
    }

    /// `BETWEEN {lower, upper}`: within the closed range.
    public func contains(_ range: ClosedRange<T.Wrapped>) -> Query<Bool> {
        guard let low = QueryArguments.storeValue(range.lowerBound), let high = QueryArguments.storeValue(range.upperBound) else {
            RealmMessages.trap(RealmMessages.unsupportedQueryArgument(range))
        }
        return Query<Bool>(.between(node, low, high))
    }
}

// MARK: Compound

extension Query where T == Bool {
    /// `NOT`.
    public static prefix func ! (_ query: Query) -> Query<Bool> { Query<Bool>(.not(query.node)) }
    /// `AND`.
    public static func && (_ lhs: Query, _ rhs: Query) -> Query<Bool> { Query<Bool>(.and(lhs.node, rhs.node)) }
    /// `OR`.
    public static func || (_ lhs: Query, _ rhs: Query) -> Query<Bool> { Query<Bool>(.or(lhs.node, rhs.node)) }

    /// A subquery's count: how many elements of the one collection the predicate names match.
    ///
    ///     realm.objects(Person.self).where { ($0.dogs.age > 3 && $0.dogs.name != "Rex").count > 1 }
    public var count: Query<Int> { Query<Int>(.subqueryCount(node)) }
}

// MARK: Strings and binary data

extension Query where T: _QueryString {
    /// `LIKE`: matches a pattern where `?` is one character and `*` any number.
    ///
    ///     realm.objects(Dog.self).where { $0.name.like("R?x*", caseInsensitive: true) }
    public func like(_ value: T, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, Query.value(value), caseInsensitive ? .caseInsensitive : [])
    }

    /// `LIKE` with another property as the pattern.
    public func like<U>(_ column: Query<U>, caseInsensitive: Bool = false) -> Query<Bool> {
        compare(.like, column.node, caseInsensitive ? .caseInsensitive : [])
    }
}

extension Query where T: _QueryBinary {
    /// `CONTAINS`: holds the value as a substring.
    ///
    ///     realm.objects(Dog.self).where { $0.name.contains("ex", options: [.caseInsensitive]) }
    public func contains(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.contains, Query.value(value), options)
    }

    /// `CONTAINS` another property's value.
    public func contains<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> where U: _QueryBinary {
        compare(.contains, column.node, options)
    }

    /// `BEGINSWITH`.
    public func starts(with value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, Query.value(value), options)
    }

    /// `BEGINSWITH` another property's value.
    public func starts<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.beginsWith, column.node, options)
    }

    /// `ENDSWITH`.
    public func ends(with value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, Query.value(value), options)
    }

    /// `ENDSWITH` another property's value.
    public func ends<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.endsWith, column.node, options)
    }

    /// `==` with options (`==[c]`, `==[d]`).
    public func equals(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, Query.value(value), options)
    }

    /// `==` another property's value, with options.
    public func equals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.equal, column.node, options)
    }

    /// `!=` with options.
    public func notEquals(_ value: T, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, Query.value(value), options)
    }

    /// `!=` another property's value, with options.
    public func notEquals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        compare(.notEqual, column.node, options)
    }
}
