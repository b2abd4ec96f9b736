/// Swift key paths wherever Realm Swift accepts them, in place of property names: sorting,
/// distinct values and aggregates of a collection of objects. `\Dog.owner?.name` names the
/// dotted path "owner.name".
///
/// For example:
///
///     let dogs = realm.objects(Dog.self).sorted(by: \.age, ascending: false)
///     let oldest = dogs.max(of: \.age)
extension RealmCollection where Element: ObjectBase {
    /// The objects sorted by the property at `keyPath`.
    public func sorted<Value>(by keyPath: KeyPath<Element, Value>, ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The objects with distinct values of the properties at `keyPaths` (the first of each).
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == PartialKeyPath<Element> {
        distinct(by: keyPaths.map(KeyPathNames.name(of:)))
    }

    /// The smallest value of the property at `keyPath`, or nil when the collection is empty.
    public func min<T: MinMaxType>(of keyPath: KeyPath<Element, T>) -> T? {
        min(ofProperty: KeyPathNames.name(of: keyPath))
    }

    /// The largest value of the property at `keyPath`, or nil when the collection is empty.
    public func max<T: MinMaxType>(of keyPath: KeyPath<Element, T>) -> T? {
        max(ofProperty: KeyPathNames.name(of: keyPath))
    }

    /// The sum of the property at `keyPath` (0 when the collection is empty).
    public func sum<T: AddableType>(of keyPath: KeyPath<Element, T>) -> T {
        sum(ofProperty: KeyPathNames.name(of: keyPath))
    }

    /// The average of the property at `keyPath`, or nil when the collection is empty.
    public func average<T: AddableType>(of keyPath: KeyPath<Element, T>) -> T? {
        average(ofProperty: KeyPathNames.name(of: keyPath))
    }
}

extension SortDescriptor {
    /// Sorts by the property at a Swift key path.
    ///
    ///     dogs.sorted(by: [SortDescriptor(keyPath: \Dog.age, ascending: false)])
    public init<Root: ObjectBase>(keyPath: PartialKeyPath<Root>, ascending: Bool = true) {
        self.init(keyPath: KeyPathNames.name(of: keyPath), ascending: ascending)
    }
}

/// The Realm property name (dotted for linked properties) of a key path of a model, as Realm
/// Swift's function of the same name.
///
///     _name(for: \Dog.owner?.name)   // "owner.name"
public func _name<T: ObjectBase>(for keyPath: PartialKeyPath<T>) -> String {
    KeyPathNames.name(of: keyPath)
}
