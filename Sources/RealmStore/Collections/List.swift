import RealmEngine
import RealmSchema

/// An ordered collection of values or objects: a `@Persisted` list property, or a list
/// inside an `AnyRealmValue`. Unmanaged lists hold their elements; managed ones read and
/// write the store (mutations need a write transaction).
///
/// For example:
///
///     person.dogs.append(Dog(value: ["name": "Rex"]))
///     person.dogs.move(from: 0, to: 1)
public final class List<Element: RealmCollectionValue>: RealmCollection, _AnyElements {
    public typealias Iterator = RealmCollectionIterator<Element>
    public typealias SubSequence = Slice<List<Element>>
    public typealias Indices = Range<Int>

    var storage: [Element] = []
    let managed: ManagedCollection?
    /// For a list nested in a managed object's mixed value (read as this unmanaged copy):
    /// writes the whole value back after each change, so that the change reaches the store.
    var writeBack: (() -> Void)?
    private var cache = ElementCache<[Element]>()
    private var objectQuery: _ObjectQuery?

    /// An empty, unmanaged list.
    public init() {
        managed = nil
    }

    init(managed: ManagedCollection?) {
        self.managed = managed
    }

    init(elements: [Element]) {
        managed = nil
        storage = elements
    }

    public var _rlmTypeName: String { "List<\(Element._rlmBase.yamlName)>" }
    var _anyElements: [Any] { _rlmElements }

    public var _rlmElements: [Element] {
        managed?.elements(&cache) ?? storage
    }

    /// A managed list of objects is read in SQL: its table joined to the objects', by `pos`.
    public var _rlmQuery: _ObjectQuery? {
        guard let managed else { return nil }
        return managed.query(&objectQuery, for: Element.self) { .list(owner: $0, property: $1) }
    }

    /// The element at `position`; setting replaces it (an embedded element is deleted).
    public subscript(position: Int) -> Element {
        get {
            if let query = _rlmQuery { return query.object(at: position) as! Element }
            return _rlmElements[position]
        }
        set {
            checkBounds(position, limit: count)
            guard let managed else {
                storage[position] = newValue
                writeBack?()
                return
            }
            managed.mutateInSetter(RealmMessages.listOutsideWrite, slot: .index(position)) { builder in
                try managed.realm.store.listSet(managed.owner.key, managed.property, try newValue._rlmInput(builder), at: position)
            }
        }
    }

    /// Appends an element (an unmanaged object is added to the Realm).
    public func append(_ object: Element) {
        insert(object, at: count)
    }

    /// Appends every element of a sequence.
    public func append<S: Sequence>(objectsIn objects: S) where S.Element == Element {
        for object in objects { append(object) }
    }

    /// Inserts an element at `index` (0...count; another index traps with Realm's message, as
    /// do the other positions below outside 0..<count).
    public func insert(_ object: Element, at index: Int) {
        checkBounds(index, limit: count + 1)
        guard let managed else {
            storage.insert(object, at: index)
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.listOutsideWrite, slot: .index(index)) { builder in
            try managed.realm.store.listInsert(managed.owner.key, managed.property, try object._rlmInput(builder), at: index)
        }
    }

    /// Removes the element at `index` (an embedded element is deleted).
    public func remove(at index: Int) {
        checkBounds(index, limit: count)
        guard let managed else {
            storage.remove(at: index)
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.listOutsideWrite) { _ in
            try managed.realm.store.listRemove(managed.owner.key, managed.property, at: index)
        }
    }

    /// Removes every element (embedded elements are deleted; linked objects stay).
    public func removeAll() {
        guard let managed else {
            storage.removeAll()
            writeBack?()
            return
        }
        managed.removeAll(RealmMessages.listOutsideWrite, empty: .collection([]))
    }

    /// Replaces the element at `index`.
    public func replace(index: Int, object: Element) {
        checkBounds(index, limit: count)
        guard let managed else {
            storage[index] = object
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.listOutsideWrite, slot: .index(index)) { builder in
            try managed.realm.store.listSet(managed.owner.key, managed.property, try object._rlmInput(builder), at: index)
        }
    }

    /// Moves the element at `from` to `to`.
    public func move(from: Int, to: Int) {
        checkBounds(from, limit: count)
        checkBounds(to, limit: count)
        guard let managed else {
            storage.insert(storage.remove(at: from), at: to)
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.listOutsideWrite) { _ in
            try managed.realm.store.listMove(managed.owner.key, managed.property, from: from, to: to)
        }
    }

    /// Swaps the elements at two positions.
    public func swapAt(_ index1: Int, _ index2: Int) {
        checkBounds(index1, limit: count)
        checkBounds(index2, limit: count)
        guard let managed else {
            storage.swapAt(index1, index2)
            writeBack?()
            return
        }
        managed.mutate(RealmMessages.listOutsideWrite) { _ in
            try managed.realm.store.listSwap(managed.owner.key, managed.property, index1, index2)
        }
    }
}

extension List: _PersistableCollection {
    public static var _rlmCollectionKind: CollectionKind { .list }
    public static func _rlmDefault() -> List<Element> { List() }
    public static func _rlmManaged(_ object: _ObjectState, _ index: Int) -> List<Element> {
        List(managed: ManagedCollection(object, at: index))
    }
    public static func _rlmUnmanaged(_ elements: [Element]) -> List<Element> { List(elements: elements) }
}
