/// `List`, `MutableSet`, `Map` and `LinkingObjects`: a collection that a managed object's
/// property backs (`managed`), or an unmanaged one (`managed` nil). The one home of what
/// follows from that alone: the Realm, whether it was invalidated, how it freezes and thaws
/// (RealmCollection+Frozen.swift) and how a `ThreadSafeReference` carries it
/// (RealmCollection+ThreadSafe.swift).
///
/// For example:
///
///     person.dogs.realm            // the person's Realm, nil while the person is unmanaged
///     person.dogs.isInvalidated    // true once the person was deleted
protocol PropertyCollection: AnyObject {
    /// The owner and property of a managed collection; nil while unmanaged.
    var managed: ManagedCollection? { get }
    /// The collection of `managed`'s property (an unmanaged, empty one for nil).
    init(managed: ManagedCollection?)
}

extension PropertyCollection {
    /// The Realm managing the collection, or nil while it is unmanaged.
    public var realm: Realm? { managed?.realm }

    /// Whether the collection can no longer be read: its owner was deleted or its Realm
    /// invalidated (false while unmanaged).
    public var isInvalidated: Bool { managed?.isInvalidated ?? false }
}
