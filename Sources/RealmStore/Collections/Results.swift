import RealmEngine

/// The live result of `Realm.objects(_:)` or of sorting or filtering a collection, as in
/// Realm Swift: it is evaluated when read and again after the Realm changes.
///
/// For example:
///
///     let dogs = realm.objects(Dog.self).sorted(byKeyPath: "age")
///     dogs.first?.name
public final class Results<Element: RealmCollectionValue>: RealmCollection, _AnyElements {
    private let owner: Realm?
    private let name: String
    private let source: () throws -> [Element]
    private let epoch: Int
    private var cache = ElementCache<[Element]>()

    init(realm: Realm?, description: String, source: @escaping () throws -> [Element]) {
        self.owner = realm
        self.name = description
        self.source = source
        self.epoch = realm?.core.epoch ?? 0
    }

    public var realm: Realm? { owner }

    public var isInvalidated: Bool {
        owner.map { $0.core.epoch != epoch } ?? false
    }

    public var _rlmElements: [Element] {
        guard let owner else { return evaluate() }
        return owner.core.read { _ in
            if isInvalidated { RealmError.trap(RealmError.invalidatedResults) }
            return cache.get(owner) { evaluate() }
        }
    }

    public var _rlmTypeName: String { "Results<\(name)>" }

    var _anyElements: [Any] { _rlmElements }

    private func evaluate() -> [Element] {
        do {
            return try source()
        } catch {
            RealmError.trap(RealmError.message(of: error))
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
    private let base: any RealmCollection
    private let elements: () -> [Element]

    /// Wraps `base`.
    public init<C: RealmCollection>(_ base: C) where C.Element == Element {
        self.base = base
        self.elements = { base._rlmElements }
    }

    public var realm: Realm? { base.realm }
    public var isInvalidated: Bool { base.isInvalidated }
    public var _rlmElements: [Element] { elements() }
    public var _rlmTypeName: String { base._rlmTypeName }
}
