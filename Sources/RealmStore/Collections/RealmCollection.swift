import Foundation
import RealmEngine

/// The read API shared by `List`, `MutableSet`, `Results`, `LinkingObjects` and
/// `AnyRealmCollection`, as in Realm Swift.
///
/// Collections are random-access collections of their current elements; managed ones are
/// live (they follow later writes) and re-read only after the Realm changed.
///
/// For example:
///
///     let names = realm.objects(Dog.self).sorted(byKeyPath: "name").value(forKey: "name")
public protocol RealmCollection: RandomAccessCollection, CustomStringConvertible
where Element: RealmCollectionValue, Index == Int {
    /// The Realm managing the collection, or nil when it is unmanaged.
    var realm: Realm? { get }
    /// Whether the collection can no longer be read (its owner was deleted or the Realm invalidated).
    var isInvalidated: Bool { get }
    /// The current elements.
    var _rlmElements: [Element] { get }
    /// `List<string>`, `Results<Dog>` …, for descriptions.
    var _rlmTypeName: String { get }
}

extension RealmCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { _rlmElements.count }
    public subscript(position: Int) -> Element { _rlmElements[position] }

    /// Realm's description: `List<string> (\n\t[0] a\n)`.
    public var description: String {
        if isInvalidated { return "\(_rlmTypeName) (invalidated)" }
        let lines = _rlmElements.enumerated().map { index, element in
            "\t[\(index)] " + String(describing: AnyValues.unwrap(element) ?? "null").replacingOccurrences(of: "\n", with: "\n\t")
        }
        return "\(_rlmTypeName) (\n" + lines.map { $0 + "\n" }.joined() + ")"
    }

    /// The position of `object` in the collection, or nil.
    public func index(of object: Element) -> Int? {
        let target = object._rlmStoreValue
        if let object = object as? ObjectBase, object._state == nil {
            return _rlmElements.firstIndex { ($0 as? ObjectBase) === object }
        }
        return _rlmElements.firstIndex { $0._rlmStoreValue == target }
    }

    /// The position of the first element matching `isIncluded`, or nil (for a query string,
    /// see `index(matching:_:)` on collections of objects).
    public func index(matching isIncluded: (Element) throws -> Bool) rethrows -> Int? {
        try _rlmElements.firstIndex(where: isIncluded)
    }

    /// The elements at `indexes`.
    public func objects(at indexes: IndexSet) -> [Element] {
        let elements = _rlmElements
        return indexes.map { elements[$0] }
    }

    /// `value(forKey:)` of every element, in order.
    public func value(forKey key: String) -> [Any?] {
        _rlmElements.map { KeyPaths.value(of: $0, path: key) }
    }

    /// `value(forKeyPath:)` of every element (dotted paths follow links).
    public func value(forKeyPath keyPath: String) -> [Any?] {
        _rlmElements.map { KeyPaths.value(of: $0, path: keyPath) }
    }

    /// Sets `key` on every element (objects only; in a write transaction when managed).
    public func setValue(_ value: Any?, forKey key: String) {
        for element in _rlmElements {
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
        return Results(realm: realm, description: _rlmTypeName) {
            KeyPaths.sort(self._rlmElements, descriptors)
        }
    }

    /// Primitive values sorted by value.
    public func sorted(ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: "self", ascending: ascending)])
    }

    /// The smallest value of a property, or nil when the collection is empty.
    public func min<T: MinMaxType>(ofProperty property: String) -> T? {
        Aggregates.extreme(value(forKeyPath: property), smallest: true)
    }

    /// The largest value of a property, or nil when the collection is empty.
    public func max<T: MinMaxType>(ofProperty property: String) -> T? {
        Aggregates.extreme(value(forKeyPath: property), smallest: false)
    }

    /// The sum of a property (0 when empty).
    public func sum<T: AddableType>(ofProperty property: String) -> T {
        Aggregates.sum(value(forKeyPath: property))
    }

    /// The average of a property, or nil when the collection is empty.
    public func average<T: AddableType>(ofProperty property: String) -> T? {
        Aggregates.average(value(forKeyPath: property))
    }
}

extension RealmCollection where Element: MinMaxType {
    /// The smallest element, or nil when empty (nulls are ignored).
    public func min() -> Element? { Aggregates.extreme(_rlmElements.map { $0 as Any? }, smallest: true) }
    /// The largest element, or nil when empty (nulls are ignored).
    public func max() -> Element? { Aggregates.extreme(_rlmElements.map { $0 as Any? }, smallest: false) }
}

extension RealmCollection where Element: AddableType {
    /// The sum of the elements (0 when empty).
    public func sum() -> Element { Aggregates.sum(_rlmElements.map { $0 as Any? }) }
    /// The average of the elements, or nil when empty.
    public func average<T: AddableType>() -> T? { Aggregates.average(_rlmElements.map { $0 as Any? }) }
}
