import Foundation
import RealmEngine

/// The read API shared by `List`, `MutableSet`, `Results`, `LinkingObjects` and
/// `AnyRealmCollection`, as in Realm Swift.
///
/// Collections are random-access collections of their current elements; managed ones are
/// live (they follow later writes). A managed collection of objects is lazy: each read
/// (`count`, `first`, an index, iteration, aggregates, `value(forKey:)`) is one SQL statement
/// over the store (`_rlmQuery`); other collections work on their elements in memory.
///
/// For example:
///
///     let names = realm.objects(Dog.self).sorted(byKeyPath: "name").value(forKey: "name")
public protocol RealmCollection: RandomAccessCollection, CustomStringConvertible, ThreadConfined
where Element: RealmCollectionValue, Index == Int {
    /// The Realm managing the collection, or nil when it is unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be read (its owner was deleted or the Realm invalidated).
    var isInvalidated: Bool { get }
    /// The SQL query reading a managed collection of objects, or nil when the collection is
    /// read from its elements in memory (unmanaged collections, primitive values).
    var _rlmQuery: _ObjectQuery? { get }
    /// The current elements, all in memory (for collections without `_rlmQuery`, and for the
    /// few operations that need every element).
    var _rlmElements: [Element] { get }
    /// `List<string>`, `Results<Dog>` …, for descriptions.
    var _rlmTypeName: String { get }
    /// The collection in a frozen snapshot of its Realm's current version (`self` when
    /// already frozen); see RealmCollection+Frozen.swift.
    func freeze() -> Self
    /// The live collection of a frozen one in the calling thread's Realm (nil when its owner
    /// was deleted since); `self` when not frozen.
    func thaw() -> Self?
}

extension RealmCollection {
    public var startIndex: Int { 0 }
    /// The end of the key snapshot (taken again after a write) for a managed collection of objects.
    public var endIndex: Int { _rlmQuery?.keys.count ?? _rlmElements.count }

    /// The number of elements (`SELECT count(*)` for a managed collection of objects).
    public var count: Int { _rlmQuery?.count ?? _rlmElements.count }

    /// Whether there is no element (reading at most one row).
    public var isEmpty: Bool {
        guard let query = _rlmQuery else { return _rlmElements.isEmpty }
        return query.end(last: false) == nil
    }

    /// The first element (one row, `LIMIT 1`), or nil when empty.
    public var first: Element? {
        guard let query = _rlmQuery else { return _rlmElements.first }
        return query.end(last: false).map { $0 as! Element }
    }

    /// The last element (one row, the order reversed), or nil when empty.
    public var last: Element? {
        guard let query = _rlmQuery else { return _rlmElements.last }
        return query.end(last: true).map { $0 as! Element }
    }

    /// The element at `position` (from the key snapshot for a managed collection of objects).
    public subscript(position: Int) -> Element {
        guard let query = _rlmQuery else { return _rlmElements[position] }
        return query.object(at: position) as! Element
    }

    public func makeIterator() -> RealmCollectionIterator<Element> {
        RealmCollectionIterator(_rlmQuery, elements: _rlmElements)
    }

    /// The elements transformed, in order, by one pass of the iterator (one statement for a
    /// managed collection of objects).
    public func map<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        var result: [T] = []
        var iterator = makeIterator()
        while let element = iterator.next() { result.append(try transform(element)) }
        return result
    }

    /// Realm's description: `List<string> <0x…> (\n\t[0] a,\n\t[1] b\n)`, objects nested
    /// to Realm's depth (RealmDescription).
    public var description: String {
        _rlmDescription(depth: RealmDescription.maxDepth)
    }

    func _rlmDescription(depth: Int) -> String {
        if isInvalidated { return "\(_rlmTypeName) (invalidated)" }
        return RealmDescription.collection(_rlmTypeName, self as AnyObject, _rlmElements.map { AnyValues.unwrap($0) }, depth: depth)
    }

    /// The position of `object` in the collection, or nil.
    public func index(of object: Element) -> Int? {
        if let query = _rlmQuery {
            return (object as? ObjectBase).flatMap(query.index(of:))
        }
        let target = object._rlmStoreValue
        if let object = object as? ObjectBase, !object.isManaged {
            return _rlmElements.firstIndex { ($0 as? ObjectBase) === object }
        }
        return _rlmElements.firstIndex { $0._rlmStoreValue == target }
    }

    /// The position of the first element matching `isIncluded`, or nil (for a query string,
    /// see `index(matching:_:)` on collections of objects).
    public func index(matching isIncluded: (Element) throws -> Bool) rethrows -> Int? {
        var position = 0
        for element in self {
            if try isIncluded(element) { return position }
            position += 1
        }
        return nil
    }

    /// The elements at `indexes`.
    public func objects(at indexes: IndexSet) -> [Element] {
        indexes.map { self[$0] }
    }

    /// `value(forKey:)` of every element, in order, as an `[Any?]` (one statement reading the
    /// column for a managed collection of objects and a property stored in a column); Realm
    /// Swift's signature, so read it with `as? [String]` and the like.
    public func value(forKey key: String) -> Any? {
        value(forKeyPath: key)
    }

    /// `value(forKeyPath:)` of every element (dotted paths follow links), as an `[Any?]`; or
    /// a collection operator's answer (`@count`, `@sum.age` …, RealmCollection+Operators).
    public func value(forKeyPath keyPath: String) -> Any? {
        keyPath.hasPrefix("@") ? collectionOperator(keyPath) : values(forKeyPath: keyPath)
    }

    /// `value(forKeyPath:)` of every element, in order.
    func values(forKeyPath keyPath: String) -> [Any?] {
        if let query = _rlmQuery, let values = KeyPaths.columnValues(query, keyPath) { return values }
        return map { KeyPaths.value(of: $0, path: keyPath) }
    }

    /// Sets `key` on every element (objects only; in a write transaction when managed).
    public func setValue(_ value: Any?, forKey key: String) {
        for element in self {
            (element as? ObjectBase)?.setValue(value, forKey: key)
        }
    }

    /// The elements sorted by a property (dotted paths follow links); nulls first.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The elements sorted by several properties, the first descriptor first.
    public func sorted<S: Sequence>(by descriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        let descriptors = Array(descriptors)
        if realm == nil, let kind = (self as? any UnmanagedSortRefusing)?._rlmObjcName {
            RealmMessages.trap(RealmMessages.unmanagedSort(kind))
        }
        if let query = _rlmQuery {
            return Results(query: query.sorted(descriptors), description: _rlmTypeName)
        }
        let rebind = { (freeze: Bool) in (freeze ? self.freeze() : self.thaw())?.sorted(by: descriptors) }
        return Results(realm: realm, description: _rlmTypeName, rebind: rebind) {
            KeyPaths.sort(self._rlmElements, descriptors)
        }
    }

    /// Primitive values sorted by value.
    public func sorted(ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: "self", ascending: ascending)])
    }
}

/// A List or MutableSet: sorting one that is unmanaged traps, as Realm allows it only on
/// managed collections.
protocol UnmanagedSortRefusing {
    /// Realm's Objective-C name of the collection, which its message uses.
    var _rlmObjcName: String { get }
}

extension List: UnmanagedSortRefusing {
    var _rlmObjcName: String { "RLMArray" }
}

extension MutableSet: UnmanagedSortRefusing {
    var _rlmObjcName: String { "RLMSet" }
}
