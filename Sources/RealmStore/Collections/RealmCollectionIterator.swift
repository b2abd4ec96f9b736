import RealmEngine

/// Iterates a collection as it was when iteration started: writes in the loop do not disturb
/// it, as in Realm Swift. A lazy collection's objects are made one at a time from pages of
/// rows (`ObjectCursor`); other collections iterate their elements in memory.
///
/// For example:
///
///     for dog in realm.objects(Dog.self).sorted(byKeyPath: "age") { print(dog.name) }
public struct RealmCollectionIterator<Element: RealmCollectionValue>: IteratorProtocol {
    // Inlined into the loop, specialized for its element type (a lazy collection's objects are
    // returned as made, without generic copies).
    @usableFromInline let cursor: ObjectCursor?
    /// `cursor`, called without a retain and a release around each `next()` (`cursor` holds it).
    @usableFromInline let cursorHandle: Unmanaged<ObjectCursor>?
    /// Whether the cursor makes objects of exactly `Element`'s class (no cast needed).
    @usableFromInline let madeAsElement: Bool
    @usableFromInline let elements: [Element]
    @usableFromInline var position = 0

    init(_ query: _ObjectQuery?, elements: @autoclosure () -> [Element]) {
        // Dynamic objects (read by name) come from the collection's key snapshot.
        self.cursor = query.flatMap { $0.dynamic ? nil : ObjectCursor($0) }
        self.cursorHandle = cursor.map(Unmanaged.passUnretained)
        self.madeAsElement = cursor.map { ObjectIdentifier($0.type) == ObjectIdentifier(Element.self) } ?? false
        self.elements = cursor == nil ? elements() : []
    }

    @inlinable
    public mutating func next() -> Element? {
        if let cursorHandle {
            guard let object = cursorHandle._withUnsafeGuaranteedRef({ $0.next() }) else { return nil }
            return madeAsElement ? unsafeBitCast(object, to: Element.self) : (object as! Element)
        }
        defer { position += 1 }
        return position < elements.count ? elements[position] : nil
    }
}
