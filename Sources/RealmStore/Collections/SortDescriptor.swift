import RealmEngine

/// A key path and a direction to sort by, as in Realm Swift.
///
/// For example:
///
///     dogs.sorted(by: [SortDescriptor(keyPath: "age", ascending: false), SortDescriptor(keyPath: "name")])
public struct SortDescriptor: Hashable, Sendable {
    /// The property to sort by (a dotted path follows links; `self` sorts primitives).
    public let keyPath: String
    public let ascending: Bool

    public init(keyPath: String, ascending: Bool = true) {
        self.keyPath = keyPath
        self.ascending = ascending
    }

    /// The same key path in the other direction.
    public func reversed() -> SortDescriptor {
        SortDescriptor(keyPath: keyPath, ascending: !ascending)
    }
}

/// Values along key paths, and sorting by them.
enum KeyPaths {
    /// The value of a (dotted) key path of an element; `self` is the element itself.
    static func value(of element: Any, path: String) -> Any? {
        var current: Any? = element
        for component in path.split(separator: ".") where component != "self" {
            guard let object = current.flatMap(AnyValues.unwrap) as? ObjectBase else { return nil }
            current = object.value(forKey: String(component))
        }
        return current.flatMap(AnyValues.unwrap)
    }

    /// The values of a property stored in a column of the query's class, read by one
    /// statement; nil for other key paths (links, collections, mixed values, dotted paths).
    static func columnValues(_ query: _ObjectQuery, _ key: String) -> [Any?]? {
        guard !key.contains("."), let property = query.realm.core.typeInfo(named: query.className).property(named: key),
              !property.isCollection, !property.needsLinks, let values = query.values(key) else { return nil }
        return values.map { property.accessor.value(fromStore: $0, query.realm).flatMap(ObjectValues.unwrap) }
    }

    /// `elements` sorted by the descriptors (stable; nulls first when ascending).
    static func sort<Element>(_ elements: [Element], _ descriptors: [SortDescriptor]) -> [Element] {
        let keyed = elements.enumerated().map { index, element in
            (index, element, descriptors.map { value(of: element as Any, path: $0.keyPath).flatMap(AnyValues.storeValue) ?? .null })
        }
        let sorted = keyed.sorted { a, b in
            for (position, descriptor) in descriptors.enumerated() {
                let (x, y) = (a.2[position], b.2[position])
                if x == y { continue }
                return StoreValueOrder.less(x, y) == descriptor.ascending
            }
            return a.0 < b.0
        }
        return sorted.map(\.1)
    }
}
