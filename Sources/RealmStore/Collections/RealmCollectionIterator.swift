import RealmEngine

/// Iterates a collection as it was when iteration started: writes in the loop do not disturb
/// it, as in Realm Swift. A lazy collection's objects are made one at a time from pages of
/// rows (`ObjectCursor`); other collections iterate their elements in memory.
///
/// For example:
///
///     for dog in realm.objects(Dog.self).sorted(byKeyPath: "age") { print(dog.name) }
public struct RealmCollectionIterator<Element: RealmCollectionValue>: IteratorProtocol {
    private let cursor: ObjectCursor?
    private let elements: [Element]
    private var position = 0

    init(_ query: _ObjectQuery?, elements: @autoclosure () -> [Element]) {
        self.cursor = query.map(ObjectCursor.init)
        self.elements = query == nil ? elements() : []
    }

    public mutating func next() -> Element? {
        if let cursor { return cursor.next().map { $0 as! Element } }
        defer { position += 1 }
        return position < elements.count ? elements[position] : nil
    }
}
