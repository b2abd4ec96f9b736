import RealmEngine
import RealmSchema

extension Realm {
    /// Adds an unmanaged object, and the unmanaged objects it links to, to the Realm; they
    /// become managed. With `.all`/`.modified` an object whose primary key exists updates
    /// that object (every property written) and becomes it.
    ///
    /// Errors (`StoreError`, in Realm's wording): codes `.objectAlreadyExists` for an existing
    /// primary key under `.error`, `.noPrimaryKey` for an update without a primary key,
    /// `.embeddedAlreadyOwned` for a link to a managed embedded object, `.invalidDictionaryKey`
    /// for map keys with `.`/`$`.
    ///
    /// For example:
    ///
    ///     try realm.write { realm.add(person, update: .modified) }
    public func add(_ object: Object, update: UpdatePolicy = .error) {
        if addUnlinked(object, update: update) { return }
        add(CollectionOfOne(object), update: update)
    }

    /// Adds every object of a sequence (see `add(_:update:)`).
    public func add<S: Sequence>(_ objects: S, update: UpdatePolicy = .error) where S.Element: Object {
        perform(()) {
            let builder = InputBuilder(realm: self, mode: .adopt, policy: update)
            for object in objects {
                if let state = object._state {
                    guard state.realm === self else { throw RealmMessages.otherRealm }
                    if state.isInvalidated { throw RealmMessages.addInvalidated }
                    continue
                }
                try builder.adopt(object, topLevel: true)
            }
            try builder.finish()
        }
    }

    /// Creates a managed object from a value: a dictionary by property name, an array in
    /// property order, or an object (copied; unmanaged objects in it stay unmanaged). Missing
    /// properties of a new object take the class's defaults; with `.all`/`.modified` an
    /// existing object is updated with only the properties given (docs/relationships.md, section 6).
    ///
    /// For example:
    ///
    ///     let dog = realm.create(Dog.self, value: ["name": "Rex", "age": 3])
    @discardableResult
    public func create<T: Object>(_ type: T.Type, value: Any = [String: Any](), update: UpdatePolicy = .error) -> T {
        if update != .error, let object = value as? T, let state = object._state, state.realm === self {
            return object
        }
        return perform(T()) {
            let key = try createObject(type, value: value, update: update)
            return core.object(key) as! T
        }
    }

    /// Creates an asymmetric object; it goes to the store's outbox and cannot be read back.
    ///
    /// For example:
    ///
    ///     realm.create(Reading.self, value: ["_id": ObjectId.generate(), "value": 1.5])
    public func create<T: AsymmetricObject>(_ type: T.Type, value: Any = [String: Any]()) {
        perform(()) { _ = try createObject(type, value: value, update: .error) }
    }

    private func createObject(_ type: ObjectBase.Type, value: Any, update: UpdatePolicy) throws -> ObjectKey {
        let info = typeInfo(type)
        let builder = InputBuilder(realm: self, mode: .copy, policy: update)
        let fields = try AnyValues(builder: builder).objectFields(value, info)
        return try core.store.createTyped(info.className, fields, policy: update)
    }

    /// Deletes a managed object (embedded objects it owns go with it; links to it become
    /// null, list and set entries are removed, map values become null).
    ///
    /// For example:
    ///
    ///     try realm.write { realm.delete(dog) }
    public func delete(_ object: ObjectBase) {
        delete([object])
    }

    /// Deletes every object of a sequence (a `Results`, a `List`, an array …).
    public func delete<S: Sequence>(_ objects: S) where S.Element: ObjectBase {
        let keys: [ObjectKey] = objects.map { object in
            guard let state = object._state, state.realm === self else { return ObjectKey(className: "", key: -1) }
            return state.key
        }
        perform(()) {
            var seen = Set<ObjectKey>()
            // A collection may hold an object more than once: it is deleted once.
            for key in keys where seen.insert(key).inserted || key.key < 0 {
                guard key.key >= 0 else { throw RealmMessages.deleteUnmanaged }
                guard core.store.isValid(key) else { throw RealmMessages.deleteInvalidated }
                try core.store.delete(key)
            }
        }
    }

    /// Deletes every object of every class.
    public func deleteAll() {
        perform(()) {
            for model in core.store.schema.models where model.kind == .object {
                try core.store.deleteAll(model.name)
            }
        }
    }

    /// Every object of a class, live: the results follow later writes.
    ///
    /// For example:
    ///
    ///     let dogs = realm.objects(Dog.self)
    ///     dogs.count
    public func objects<T: Object>(_ type: T.Type) -> Results<T> {
        let info = typeInfo(type)
        return Results(query: _ObjectQuery(realm: self, className: info.className), description: info.className)
    }

    /// The object with this primary key, or nil.
    ///
    /// For example:
    ///
    ///     let dog = realm.object(ofType: Dog.self, forPrimaryKey: 7)
    public func object<T: Object, K>(ofType type: T.Type, forPrimaryKey key: K) -> T? {
        let info = typeInfo(type)
        guard let primaryKey = info.primaryKey else {
            RealmMessages.trap(RealmMessages.noPrimaryKey(info.className))
        }
        let value = AnyValues.storeValue(key).map { AnyValues.coerce($0, to: primaryKey.type.base) } ?? .null
        do {
            return try core.read { try $0.object(info.className, primaryKey: value) }.map { core.object($0) as! T }
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}
