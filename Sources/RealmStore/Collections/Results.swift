import RealmEngine

/// The live result of `Realm.objects(_:)` or of sorting or filtering a collection, as in
/// Realm Swift. Results of objects are lazy: they hold a query, not objects, and each read is
/// one SQL statement (`count` is `count(*)`, `first` reads one row); they follow later writes.
///
/// For example:
///
///     let dogs = realm.objects(Dog.self).sorted(byKeyPath: "age")
///     dogs.first?.name
public final class Results<Element: RealmCollectionValue>: RealmCollection, _AnyElements {
    public typealias Iterator = RealmCollectionIterator<Element>
    public typealias SubSequence = Slice<Results<Element>>
    public typealias Indices = Range<Int>

    private let owner: Realm?
    let name: String
    private let query: _ObjectQuery?
    private let source: (() throws -> [Element])?
    /// For results computed in memory: the same results from the source collection frozen
    /// (`true`) or thawed (`false`).
    let rebind: ((Bool) -> Results<Element>?)?
    private let epoch: Int
    private var cache = ElementCache<[Element]>()

    /// Results computed in memory (primitive values, unmanaged collections); `rebind` makes
    /// them again from their source collection frozen or thawed.
    init(realm: Realm?, description: String, rebind: ((Bool) -> Results<Element>?)? = nil,
         source: @escaping () throws -> [Element]) {
        self.owner = realm
        self.name = description
        self.query = nil
        self.rebind = rebind
        self.source = source
        self.epoch = realm?.core.epoch ?? 0
    }

    /// Lazy results of a query over managed objects.
    init(query: _ObjectQuery, description: String) {
        self.owner = query.realm
        self.name = description
        self.query = query
        self.rebind = nil
        self.source = nil
        self.epoch = query.realm.core.epoch
    }

    public var realm: Realm? { owner }

    public var isInvalidated: Bool {
        owner.map { $0.core.epoch != epoch } ?? false
    }

    public var _rlmQuery: _ObjectQuery? {
        if isInvalidated { RealmMessages.trap(RealmMessages.invalidatedResults) }
        return query
    }

    public var _rlmElements: [Element] {
        if let query = _rlmQuery {
            return query.keys.map { query.object(key: $0) as! Element }
        }
        guard let owner else { return evaluate() }
        return owner.core.read { _ in
            if isInvalidated { RealmMessages.trap(RealmMessages.invalidatedResults) }
            return cache.get(owner) { evaluate() }
        }
    }

    public var _rlmTypeName: String { "Results<\(name)>" }

    var _anyElements: [Any] { _rlmElements }

    private func evaluate() -> [Element] {
        do {
            return try source?() ?? []
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}

/// Any Realm collection behind one type, as in Realm Swift.
///
/// For example:
///
///     let all = AnyRealmCollection(realm.objects(Dog.self))
///     let some = AnyRealmCollection(person.dogs)
public struct AnyRealmCollection<Element: RealmCollectionValue>: RealmCollection {
    public typealias Iterator = RealmCollectionIterator<Element>
    public typealias SubSequence = Slice<AnyRealmCollection<Element>>
    public typealias Indices = Range<Int>

    let base: any RealmCollection
    private let elements: () -> [Element]
    let freezer: () -> AnyRealmCollection<Element>
    let thawer: () -> AnyRealmCollection<Element>?
    let handover: () -> AnyCollectionHandover<Element>

    /// Wraps `base`.
    public init<C: RealmCollection>(_ base: C) where C.Element == Element {
        self.base = base
        self.elements = { base._rlmElements }
        self.freezer = { AnyRealmCollection(base.freeze()) }
        self.thawer = { base.thaw().map { AnyRealmCollection($0) } }
        self.handover = { AnyCollectionHandover(base) }
    }

    public var realm: Realm? { base.realm }
    public var isInvalidated: Bool { base.isInvalidated }
    public var _rlmQuery: _ObjectQuery? { base._rlmQuery }
    public var _rlmElements: [Element] { elements() }
    public var _rlmTypeName: String { base._rlmTypeName }
}
