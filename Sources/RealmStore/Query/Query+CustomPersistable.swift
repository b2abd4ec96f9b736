import RealmEngine
import RealmQuery

/// Queries on the persisted form of a custom type, as Realm Swift's `persistableValue`:
/// ranges and string operators the custom type itself does not offer.
///
/// For example:
///
///     stations.where { $0.temperature.persistableValue > 20 }
extension Query where T: _HasPersistedType {
    /// The property as its persisted type.
    public var persistableValue: Query<T.PersistedType> { Query<T.PersistedType>(node) }
}

extension Query where T: RealmCollection, T.Element: _HasPersistedType {
    /// The collection's elements as their persisted type.
    public var persistableValue: Query<AnyRealmCollection<T.Element.PersistedType>> {
        Query<AnyRealmCollection<T.Element.PersistedType>>(node)
    }
}

extension Query where T: RealmKeyedCollection, T.Value: _HasPersistedType {
    /// The map's values as their persisted type.
    public var persistableValue: Query<Map<T.Key, T.Value.PersistedType>> {
        Query<Map<T.Key, T.Value.PersistedType>>(node)
    }
}

extension Optional: _HasPersistedType where Wrapped: _HasPersistedType {
    public typealias PersistedType = Wrapped.PersistedType?
}

/// `==`/`!=` with a custom type stored as an embedded object: Realm compares it member by
/// member, so `$0.origin == Point(x: 1, y: 2)` is `origin.x == 1 AND origin.y == 2` (`!=` its
/// negation); through a collection (`$0.path == point`) some element's members all match (a
/// SUBQUERY count above zero). Other values compare as themselves.
extension Query {
    static func equality(_ lhs: Query, _ op: QueryOperator, _ rhs: Any) -> Query<Bool> {
        guard let object = storedObject(rhs) else { return lhs.compare(op, value(rhs)) }
        let members = memberEquality(lhs.path, object, Swift.type(of: rhs))
        let matched: QueryNode = op == .equal ? members : .not(members)
        guard lhs.path.collectionEnd != nil else { return Query<Bool>(matched) }
        return Query<Bool>(.comparison(.greater, .subqueryCount(matched), .value(.int(0)), []))
    }

    /// The embedded object a custom value is stored as, or nil for any other value.
    private static func storedObject(_ value: Any) -> ObjectBase? {
        guard isStoredAsObject(value), let custom = value as? any _CustomPersistable else { return nil }
        return persisted(custom) as? ObjectBase
    }

    private static func persisted<C: _CustomPersistable>(_ value: C) -> Any { value.persistableValue }

    /// `path.member == value` for each persisted member of `object`, and-ed; an embedded
    /// object among them compared by its own members.
    private static func memberEquality(_ path: QueryPath, _ object: ObjectBase, _ custom: Any.Type) -> QueryNode {
        let comparisons = object.objectSchema.properties.map { property -> QueryNode in
            if property.isArray || property.isSet || property.isMap {
                RealmMessages.trap(RealmMessages.customObjectWithCollectionInQuery(custom, property.name))
            }
            let member = path.appending(.property(property.name))
            let memberValue = object.value(forKey: property.name)
            if let nested = memberValue as? ObjectBase { return memberEquality(member, nested, custom) }
            return .comparison(.equal, .path(member), value(memberValue as Any), [])
        }
        guard let first = comparisons.first else { RealmMessages.trap(RealmMessages.customObjectInQuery(custom)) }
        return comparisons.dropFirst().reduce(first) { .and($0, $1) }
    }
}
