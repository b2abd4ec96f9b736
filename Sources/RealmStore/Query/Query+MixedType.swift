/// `@type` from `where {}`: an extension beyond Realm Swift's `Query`, for what kind of value
/// an `AnyRealmValue` holds.
///
/// For example:
///
///     realm.objects(Person.self).where { $0.extra.type == .int }
///     realm.objects(Person.self).where { $0.extra.type.in([.string, .numeric]) }
extension AnyRealmValue {
    /// The kinds of value `@type` tells apart, named as the query language names them.
    public enum ValueType: String, Sendable, CaseIterable {
        case null, bool, int, float, double, string
        case data = "binary"
        case date
        case decimal128
        case objectId = "objectid"
        case uuid
        /// A link to an object.
        case object
        /// A list nested in the value.
        case list
        /// A dictionary nested in the value.
        case dictionary
        /// Any number: `int`, `float`, `double` or `decimal128`.
        case numeric
    }
}

extension Query where T == AnyRealmValue {
    /// The kind of value held (`@type`).
    public var type: Query<AnyRealmValue.ValueType> {
        Query<AnyRealmValue.ValueType>(.path(path.appending(.operation("type"))))
    }
}

extension Query where T == AnyRealmValue.ValueType {
    /// `@type == 'name'`.
    public static func == (_ lhs: Query, _ rhs: AnyRealmValue.ValueType) -> Query<Bool> {
        lhs.compare(.equal, .typeNames([rhs.rawValue], list: false))
    }

    /// `@type != 'name'`.
    public static func != (_ lhs: Query, _ rhs: AnyRealmValue.ValueType) -> Query<Bool> {
        lhs.compare(.notEqual, .typeNames([rhs.rawValue], list: false))
    }

    /// `@type IN {'name', …}`: one of the kinds.
    public func `in`<U: Sequence>(_ types: U) -> Query<Bool> where U.Element == AnyRealmValue.ValueType {
        compare(.in, .typeNames(types.map(\.rawValue), list: true))
    }
}
