/// Queries on `PersistableEnum` properties through their raw values, as Realm Swift's
/// `rawValue` (for comparisons the enum's cases cannot spell, such as a prefix).
extension Query where T: PersistableEnum {
    /// The property as its raw value.
    ///
    ///     realm.objects(Dog.self).where { $0.status.rawValue.starts(with: "act") }
    public var rawValue: Query<T.RawValue> { Query<T.RawValue>(node) }
}

extension Query where T: OptionalProtocol, T.Wrapped: PersistableEnum {
    /// The optional property as its raw value.
    public var rawValue: Query<T.Wrapped.RawValue?> { Query<T.Wrapped.RawValue?>(node) }
}
