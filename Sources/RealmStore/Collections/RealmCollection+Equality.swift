/// Equality of collections as Realm Swift's (Objective-C objects) have it: a managed List,
/// MutableSet, Map or LinkingObjects equals another of the same property of the same object in
/// the same Realm; an unmanaged one, and `Results`, equal only themselves; an
/// `AnyRealmCollection` equals another wrapping an equal collection.
///
/// For example:
///
///     person.dogs == person.dogs             // true: the same managed list, read twice
///     List<Int>() == List<Int>()             // false: two unmanaged lists
extension ManagedCollection {
    func isSame(as other: ManagedCollection) -> Bool {
        realm.core === other.realm.core && owner.key == other.owner.key && property == other.property
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(owner.key)
        hasher.combine(property)
    }
}

/// `lhs` and `rhs` are one collection: identical, or both managed and the same property.
private func same(_ lhs: AnyObject, _ left: ManagedCollection?, _ rhs: AnyObject, _ right: ManagedCollection?) -> Bool {
    if lhs === rhs { return true }
    guard let left, let right else { return false }
    return left.isSame(as: right)
}

private func hash(_ object: AnyObject, _ managed: ManagedCollection?, into hasher: inout Hasher) {
    if let managed { managed.hash(into: &hasher) } else { hasher.combine(ObjectIdentifier(object)) }
}

extension List: Hashable {
    public static func == (lhs: List, rhs: List) -> Bool { same(lhs, lhs.managed, rhs, rhs.managed) }
    public func hash(into hasher: inout Hasher) { RealmStore.hash(self, managed, into: &hasher) }
}

extension MutableSet: Hashable {
    public static func == (lhs: MutableSet, rhs: MutableSet) -> Bool { same(lhs, lhs.managed, rhs, rhs.managed) }
    public func hash(into hasher: inout Hasher) { RealmStore.hash(self, managed, into: &hasher) }
}

extension Map: Hashable {
    public static func == (lhs: Map, rhs: Map) -> Bool { same(lhs, lhs.managed, rhs, rhs.managed) }
    public func hash(into hasher: inout Hasher) { RealmStore.hash(self, managed, into: &hasher) }
}

extension LinkingObjects: Hashable {
    public static func == (lhs: LinkingObjects, rhs: LinkingObjects) -> Bool { same(lhs, lhs.managed, rhs, rhs.managed) }
    public func hash(into hasher: inout Hasher) { RealmStore.hash(self, managed, into: &hasher) }
}

extension Results: Hashable {
    public static func == (lhs: Results, rhs: Results) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension AnyRealmCollection: Equatable {
    /// Whether both wrap the same collection (as the wrapped collections' `==` says).
    public static func == (lhs: AnyRealmCollection, rhs: AnyRealmCollection) -> Bool {
        guard let left = lhs.base as? AnyHashable, let right = rhs.base as? AnyHashable else { return false }
        return left == right
    }
}
