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
