import Foundation

/// A change of an observed collection, as in Realm Swift: `.initial` once the collection is
/// first read, then `.update` with the indices that changed since the previous notification
/// (several commits landing before a delivery are coalesced into one update).
///
/// `deletions` and `modifications` are indices in the previous version of the collection,
/// `insertions` indices in the new one; an object that moved (in sorted results) is a
/// deletion plus an insertion. Apply them as a batch: deletions, then insertions, then
/// reload the modifications.
///
/// For example:
///
///     let token = dogs.observe { change in
///         if case .update(_, let deletions, let insertions, let modifications) = change {
///             print(deletions, insertions, modifications)
///         }
///     }
public enum RealmCollectionChange<CollectionType> {
    /// The collection was read for the first time.
    case initial(CollectionType)
    /// The collection changed: indices deleted (old), inserted (new), modified (old).
    case update(CollectionType, deletions: [Int], insertions: [Int], modifications: [Int])
    /// The collection could no longer be observed.
    case error(Error)
}

/// A keyed Realm collection (`Map`), as in Realm Swift: what `RealmMapChange` reports on.
public protocol RealmKeyedCollection {
    /// The type of the keys.
    associatedtype Key: _MapKey
    /// The type of the values.
    associatedtype Value: RealmCollectionValue
}

/// A change of an observed `Map`, as in Realm Swift: the keys deleted, inserted and modified
/// since the previous notification.
///
/// For example:
///
///     let token = person.dogsByName.observe { change in
///         if case .update(_, let deletions, let insertions, _) = change { print(deletions, insertions) }
///     }
public enum RealmMapChange<Collection: RealmKeyedCollection> {
    /// The map was read for the first time.
    case initial(Collection)
    /// The keys that were removed, added, and whose value (or linked object) changed.
    case update(Collection, deletions: [Collection.Key], insertions: [Collection.Key], modifications: [Collection.Key])
    /// The map could no longer be observed.
    case error(Error)
}

/// One changed property of an observed object, as in Realm Swift: its name, the value it had
/// at the previous notification and the value it has now (`nil` for List, MutableSet and Map
/// properties, whose new value is the collection itself).
///
/// For example:
///
///     if case .change(_, let properties) = change { print(properties.map(\.name)) }
public struct PropertyChange {
    /// The name of the property that changed.
    public let name: String
    /// The value before the change (nil for collection properties).
    public let oldValue: Any?
    /// The value after the change.
    public let newValue: Any?
}

/// A change of an observed object, as in Realm Swift: its properties changed, it was deleted,
/// or it could not be observed.
///
/// For example:
///
///     let token = dog.observe { (change: ObjectChange<Dog>) in
///         if case .change(_, let properties) = change { print(properties.map(\.name)) }
///     }
public enum ObjectChange<T> {
    /// The object could no longer be observed.
    case error(_ error: Error)
    /// Properties of the object changed (only those of the observed key paths are listed).
    case change(T, [PropertyChange])
    /// The object was deleted; no notification follows.
    case deleted
}
