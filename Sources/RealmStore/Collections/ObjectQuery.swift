import RealmEngine

/// How a managed collection of objects is read: a `ResultsQuery` run by the store, one SQL
/// statement per read. Iteration and indexed access use a snapshot of the keys (never of the
/// objects), kept until the Realm changes, as Realm's table views do; the first indexed read
/// of a version reads just its row (`LIMIT 1 OFFSET i`), the next one takes the snapshot.
///
/// For example:
///
///     realm.objects(Dog.self)._rlmQuery?.count    // SELECT count(*) FROM "Dog" …
public final class _ObjectQuery {
    let realm: Realm
    let query: ResultsQuery
    /// Whether its objects are `DynamicObject`s (read by name) rather than the class's model.
    let dynamic: Bool
    private var snapshot = ElementCache<[Int64]>()
    /// The generation of the last indexed read made without the snapshot.
    private var singleReadGeneration = -1

    init(realm: Realm, query: ResultsQuery, dynamic: Bool = false) {
        self.realm = realm
        self.query = query
        self.dynamic = dynamic
    }

    /// The query over every object of a class, the elements of a List or MutableSet of links,
    /// the values of a Map of links, or an object's linking objects.
    convenience init(realm: Realm, className: String, base: ResultsQuery.Base = .all, dynamic: Bool = false) {
        self.init(realm: realm, query: ResultsQuery(className: className, base: base), dynamic: dynamic)
    }

    /// The same kind of query (typed or dynamic) for `query`.
    private func with(_ query: ResultsQuery, in realm: Realm? = nil) -> _ObjectQuery {
        _ObjectQuery(realm: realm ?? self.realm, query: query, dynamic: dynamic)
    }

    /// Runs a read of the store; a failure traps with its message, as Realm raises.
    func read<T>(_ body: (Store) throws -> T) -> T {
        do {
            return try realm.core.read(body)
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    var className: String { query.className }

    /// The same query in another Realm of the file (frozen or live), nil when the owner of its
    /// collection base no longer exists there.
    func moved(to other: Realm) -> _ObjectQuery? {
        let owner: ObjectKey?
        switch query.base {
        case .all: owner = nil
        case .list(let key, _), .set(let key, _), .mapValues(let key, _), .linkingObjects(let key, _): owner = key
        }
        if let owner, !other.core.read({ $0.isValid(owner) }) { return nil }
        return with(query, in: other)
    }

    var count: Int { read { try $0.resultCount(query) } }

    /// The keys in order, from the snapshot.
    var keys: [Int64] {
        read { store in try snapshot.get(realm) { try store.resultKeys(query) } }
    }

    func object(key: Int64) -> ObjectBase {
        if dynamic { return DynamicObject(realm: realm, key: ObjectKey(className: query.className, key: key), info: dynamicInfo) }
        return realm.core.object(ObjectKey(className: query.className, key: key))
    }

    /// The model the dynamic objects share.
    private lazy var dynamicInfo = DynamicTypeInfo.of(ObjectKey(className: query.className, key: 0), in: realm)

    /// The objects of `keys` with their stored rows already read, by one statement (their
    /// values are decoded as they are read).
    func objects(keys: ArraySlice<Int64>) -> [ObjectBase] {
        if dynamic { return keys.map(object(key:)) }
        let names = realm.core.typeInfo(named: className).rowNames
        let rows = read { try $0.storedRows(className, keys: keys, names: names) }
        return zip(keys, rows).map { key, row in
            let object = object(key: key)
            if let row { object._state?.prefill(row) }
            return object
        }
    }

    /// The object at `index`; traps with Realm's message when out of bounds.
    func object(at index: Int) -> ObjectBase {
        let key: Int64? = read { store in
            let generation = realm.core.generation
            guard !snapshot.isCurrent(realm), singleReadGeneration != generation else {
                let keys = keys
                return keys.indices.contains(index) ? keys[index] : nil
            }
            singleReadGeneration = generation
            return index < 0 ? nil : try store.resultKeys(query, offset: index, limit: 1).first
        }
        guard let key else { RealmMessages.trap(RealmMessages.indexOutOfBounds(index, count)) }
        return object(key: key)
    }

    /// The first (or last) object, reading one row.
    func end(last: Bool) -> ObjectBase? {
        read { try $0.resultKeys(query, limit: 1, reversed: last) }.first.map(object(key:))
    }

    /// The position of a managed object, or nil.
    func index(of object: ObjectBase) -> Int? {
        guard let state = object._state, state.realm.core === realm.core, state.key.className == query.className else { return nil }
        return keys.firstIndex(of: state.key.key)
    }

    func filtered(_ predicate: String, _ arguments: [StoreValue]) -> _ObjectQuery {
        with(read { try $0.filtered(query, predicate, arguments: arguments) })
    }

    func sorted(_ descriptors: [SortDescriptor]) -> _ObjectQuery {
        let keys = descriptors.map { (keyPath: $0.keyPath, ascending: $0.ascending) }
        return with(read { try $0.sorted(query, by: keys) })
    }

    func distinct(_ keyPaths: [String]) -> _ObjectQuery {
        with(read { try $0.distinct(query, by: keyPaths) })
    }

    /// An SQL aggregate of a property, or nil when it must be computed from the values.
    func aggregate(_ aggregate: ResultsAggregate, _ keyPath: String) -> StoreValue? {
        read { try $0.resultAggregate(query, aggregate, keyPath) }
    }

    /// The stored values of a property in order (one statement), or nil for links and mixed values.
    func values(_ keyPath: String) -> [StoreValue]? {
        read { try $0.resultValues(query, keyPath) }
    }
}
