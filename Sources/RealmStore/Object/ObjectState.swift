import RealmEngine
import RealmSchema

/// The managed state of an object: its Realm, its key and its model, plus its stored row
/// (undecoded), kept until the Realm next changes.
public final class _ObjectState {
    let realm: Realm
    let key: ObjectKey
    let info: TypeInfo
    /// The object's stored row, read at `rowGeneration`; a property is decoded from it each
    /// time it is read (an object made to read one property decodes that one only).
    private var row: StoredRow?
    private var rowGeneration = -1
    /// The Realm's epoch when the state was made (`invalidate()` starts a new one).
    let epoch: Int

    init(realm: Realm, key: ObjectKey, info: TypeInfo, epoch: Int? = nil) {
        self.realm = realm
        self.key = key
        self.info = info
        self.epoch = epoch ?? realm.core.epoch
    }

    /// Whether the object is gone (deleted, or its Realm invalidated).
    var isInvalidated: Bool {
        realm.core.read { store in
            if epoch != realm.core.epoch { return true }
            if rowGeneration == realm.core.generation { return false }
            return !store.isValid(key)
        }
    }

    /// The single value of the property at `index` (traps if the object is gone).
    func value(at index: Int) -> StoreValue {
        realm.core.read { store in
            if rowGeneration != realm.core.generation || !row!.holds(index) {
                if epoch != realm.core.epoch { RealmMessages.trap(RealmMessages.invalidatedObject) }
                prefill(trapping { try store.storedRow(key, names: info.rowNames) })
            }
            return trapping { try store.singleValue(in: row!, at: index) }
        }
    }

    private func trapping<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// Sets the object's row (read with others by a lazy collection's iterator) as read at
    /// the Realm's `generation` (by default the current one); its values are decoded as they
    /// are read, until the Realm changes.
    func prefill(_ stored: StoredRow, generation: Int? = nil) {
        row = stored
        rowGeneration = generation ?? realm.core.generation
    }

    /// Writes the property at `index` from the input `make` builds (adopting unmanaged objects).
    func set(_ index: Int, _ make: (InputBuilder) throws -> InputValue) {
        let property = info.properties[index]
        realm.performSetter {
            let builder = InputBuilder(realm: realm, mode: .adopt, policy: .error)
            builder.parent = (.key(key), property.name, .single)
            let input = try make(builder)
            if property.options.primaryKey {
                let current = try realm.store.get(key, property.name)
                if case .value(let new) = input, new == current { return }
                throw StoreError.primaryKeyModified(info.className, property.name)
            }
            try realm.store.set(key, property.name, input)
            try builder.finish()
        }
    }
}
