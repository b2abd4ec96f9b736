import RealmEngine
import RealmSchema

/// An unordered collection of distinct values or objects (a `@Persisted` set property).
/// Managed sets are read in stored order; mutations need a write transaction.
///
/// For example:
///
///     dog.citiesVisited.insert("Boston")
///     dog.citiesVisited.contains("Boston")    // true
public final class MutableSet<Element: RealmCollectionValue>: RealmCollection, _AnyElements {
    public typealias Iterator = RealmCollectionIterator<Element>
    public typealias SubSequence = Slice<MutableSet<Element>>
    public typealias Indices = Range<Int>

    var storage: [Element] = []
    let managed: ManagedCollection?
    private var cache = ElementCache<[Element]>()
    private var objectQuery: _ObjectQuery?

    /// An empty, unmanaged set.
    public init() {
        managed = nil
    }

    init(managed: ManagedCollection?) {
        self.managed = managed
    }

    init(elements: [Element]) {
        managed = nil
        for element in elements where !MutableSet.has(storage, element) { storage.append(element) }
    }

    public var _rlmTypeName: String { "MutableSet<\(Element._rlmBase.yamlName)>" }
    var _anyElements: [Any] { _rlmElements }

    public var _rlmElements: [Element] {
        managed?.elements(&cache) ?? storage
    }

    /// A managed set of objects is read in SQL: its table joined to the objects'.
    public var _rlmQuery: _ObjectQuery? {
        guard let managed else { return nil }
        return managed.query(&objectQuery, for: Element.self) { .set(owner: $0, property: $1) }
    }

    private static func has(_ elements: [Element], _ element: Element) -> Bool {
        if let object = element as? ObjectBase, !object.isManaged {
            return elements.contains { ($0 as? ObjectBase) === object }
        }
        let value = element._rlmStoreValue
        return elements.contains { $0._rlmStoreValue == value }
    }

    /// Whether the set holds `object`.
    public func contains(_ object: Element) -> Bool {
        MutableSet.has(_rlmElements, object)
    }

    /// Adds an element (no effect when an equal one is there).
    public func insert(_ object: Element) {
        guard let managed else {
            if !MutableSet.has(storage, object) { storage.append(object) }
            return
        }
        managed.mutate(RealmMessages.setOutsideWrite) { builder in
            try managed.realm.store.setInsert(managed.owner.key, managed.property, try object._rlmInput(builder))
        }
    }

    /// Adds every element of a sequence.
    public func insert<S: Sequence>(objectsIn objects: S) where S.Element == Element {
        for object in objects { insert(object) }
    }

    /// Removes an element, if present.
    public func remove(_ object: Element) {
        guard let managed else {
            storage.removeAll { MutableSet.has([$0], object) }
            return
        }
        managed.mutate(RealmMessages.setOutsideWrite) { _ in
            try managed.realm.store.setRemove(managed.owner.key, managed.property, object._rlmStoreValue)
        }
    }

    /// Removes every element.
    public func removeAll() {
        guard let managed else {
            storage.removeAll()
            return
        }
        managed.removeAll(RealmMessages.setOutsideWrite, empty: .collection([]))
    }

    /// Whether the two sets share an element.
    public func intersects(_ other: MutableSet<Element>) -> Bool {
        _rlmElements.contains { other.contains($0) }
    }

    /// Whether every element is also in `other`.
    public func isSubset(of other: MutableSet<Element>) -> Bool {
        _rlmElements.allSatisfy { other.contains($0) }
    }

    /// Adds the elements of `other` (union).
    public func formUnion(_ other: MutableSet<Element>) {
        insert(objectsIn: other._rlmElements)
    }

    /// Keeps only the elements also in `other` (intersection).
    public func formIntersection(_ other: MutableSet<Element>) {
        for element in _rlmElements where !other.contains(element) { remove(element) }
    }

    /// Removes the elements of `other` (difference).
    public func subtract(_ other: MutableSet<Element>) {
        for element in other._rlmElements where contains(element) { remove(element) }
    }
}

extension MutableSet: _PersistableCollection {
    public static var _rlmCollectionKind: CollectionKind { .set }
    public static func _rlmDefault() -> MutableSet<Element> { MutableSet() }
    public static func _rlmManaged(_ object: _ObjectState, _ index: Int) -> MutableSet<Element> {
        MutableSet(managed: ManagedCollection(object, at: index))
    }
    public static func _rlmUnmanaged(_ elements: [Element]) -> MutableSet<Element> { MutableSet(elements: elements) }
}
