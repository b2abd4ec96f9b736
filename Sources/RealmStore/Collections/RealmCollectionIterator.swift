import RealmEngine

/// Iterates a collection over a snapshot of its keys (or elements), taken when iteration
/// starts: writes in the loop do not disturb it, as in Realm Swift. Objects are made a page
/// at a time, their single values read by one statement per page.
///
/// For example:
///
///     for dog in realm.objects(Dog.self).sorted(byKeyPath: "age") { print(dog.name) }
public struct RealmCollectionIterator<Element: RealmCollectionValue>: IteratorProtocol {
    private let query: _ObjectQuery?
    private let keys: [Int64]
    private let elements: [Element]
    private var position = 0
    private var page: [ObjectBase] = []
    private var pageStart = 0
    /// Objects per page.
    static var pageSize: Int { 256 }

    init(_ query: _ObjectQuery?, elements: @autoclosure () -> [Element]) {
        self.query = query
        self.keys = query?.keys ?? []
        self.elements = query == nil ? elements() : []
    }

    public mutating func next() -> Element? {
        defer { position += 1 }
        guard let query else { return position < elements.count ? elements[position] : nil }
        guard position < keys.count else { return nil }
        if position >= pageStart + page.count {
            pageStart = position
            page = query.objects(keys: keys[position..<min(position + Self.pageSize, keys.count)])
        }
        return (page[position - pageStart] as! Element)
    }
}
