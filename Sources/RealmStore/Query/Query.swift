import RealmEngine
import RealmQuery

/// A type-safe query expression, as Realm Swift's `Query`: the argument of `where { … }`.
///
/// `$0.age` names a property through its key path and `$0.age > 3` compares it with a Swift
/// value. The closure builds the same AST as the Realm Query Language (values become bound
/// arguments, never query text), so it is type-checked and run exactly as
/// `filter("age > %@", 3)` is, and a query Realm rejects at run time traps with the type
/// checker's located message. Don't create a `Query` yourself; `where` hands one over.
///
/// For example:
///
///     let rexes = realm.objects(Person.self).where {
///         $0.age > 3 && $0.name.starts(with: "R") || $0.dogs.name == "Rex"
///     }
@dynamicMemberLookup
public struct Query<T> {
    let node: QueryNode

    init(_ node: QueryNode) {
        self.node = node
    }

    /// The root query of `where`: the queried object.
    init() {
        self.node = .path(QueryPath())
    }

    /// The key path of this query; traps when it is not one (`($0.age > 3).name`).
    var path: QueryPath {
        guard case .path(let path) = node else { RealmMessages.trap(RealmMessages.queryNeedsKeyPath) }
        return path
    }

    func appending<V>(_ name: String, collection: Bool) -> Query<V> {
        Query<V>(.path(path.appending(.property(name), collection: collection)))
    }

    /// The path with `operation` after its collection (`@count`, `@min`, …).
    func aggregate<V>(_ operation: String) -> Query<V> {
        Query<V>(.path(path.aggregating(operation)))
    }

    func compare<U>(_ op: QueryOperator, _ rhs: QueryNode, _ options: StringOptions = []) -> Query<U> {
        Query<U>(.comparison(op, node, rhs, options))
    }

    /// A Swift value as a query argument; traps for a value a query cannot hold (an unmanaged
    /// object), as Realm Swift does.
    static func value(_ value: Any) -> QueryNode {
        if isStoredAsObject(value) { RealmMessages.trap(RealmMessages.customObjectInQuery(Swift.type(of: value))) }
        guard let converted = QueryArguments.storeValue(value) else {
            RealmMessages.trap(RealmMessages.unsupportedQueryArgument(value))
        }
        return .value(converted)
    }

    // MARK: Key paths

    /// A property of the queried object.
    public subscript<V>(dynamicMember member: KeyPath<T, V>) -> Query<V> where T: ObjectBase {
        appending(KeyPathNames.name(of: member), collection: false)
    }

    /// A List, MutableSet or LinkingObjects property: comparisons through it mean `ANY`.
    public subscript<V: RealmCollection>(dynamicMember member: KeyPath<T, V>) -> Query<V> where T: ObjectBase {
        appending(KeyPathNames.name(of: member), collection: true)
    }

    /// A Map property: comparisons of its values mean `ANY`.
    public subscript<V: RealmKeyedCollection>(dynamicMember member: KeyPath<T, V>) -> Query<V> where T: ObjectBase {
        appending(KeyPathNames.name(of: member), collection: true)
    }

    // MARK: Equality

    /// `==`: equal to a value (`nil` for a null).
    public static func == (_ lhs: Query, _ rhs: T) -> Query<Bool> {
        equality(lhs, .equal, rhs)
    }

    /// `==`: equal to another property of the same type.
    public static func == (_ lhs: Query, _ rhs: Query) -> Query<Bool> {
        lhs.compare(.equal, rhs.node)
    }

    /// `!=`: not equal to a value.
    public static func != (_ lhs: Query, _ rhs: T) -> Query<Bool> {
        equality(lhs, .notEqual, rhs)
    }

    /// `!=`: not equal to another property of the same type.
    public static func != (_ lhs: Query, _ rhs: Query) -> Query<Bool> {
        lhs.compare(.notEqual, rhs.node)
    }

    // MARK: In

    /// `IN`: equal to one of the values.
    ///
    ///     realm.objects(Dog.self).where { $0.name.in(["Rex", "Fido"]) }
    public func `in`<U: Sequence>(_ collection: U) -> Query<Bool> where U.Element == T {
        compare(.in, Query.value(Array(collection)))
    }
}

extension Query where T: OptionalProtocol {
    /// A property of an optional link (`$0.best.name`), or of a Map's object values.
    public subscript<V>(dynamicMember member: KeyPath<T.Wrapped, V>) -> Query<V> where T.Wrapped: ObjectBase {
        appending(KeyPathNames.name(of: member), collection: false)
    }
}

/// The optionals, for constraining `Query` to optional links, as Realm Swift's protocol.
public protocol OptionalProtocol {
    associatedtype Wrapped
}

extension Optional: OptionalProtocol {}
