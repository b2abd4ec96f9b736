import RealmEngine

/// What the objects a live Realm's lazy collection made from one page of rows share: the
/// Realm, the model, the page and the Realm's generation and epoch when it was read. An object
/// made from a page holds this and its row's slot instead of an `_ObjectState` of its own; it
/// makes one the first time it needs more than a property read from a current page (a write,
/// its key, a read after the Realm changed), so iterating allocates nothing per object but
/// the object itself. A live page (`RowPage.live`) is the row a stream's statement is on: its
/// one object reads it in place, and copies it before the statement moves on (`state(_:)`).
///
/// For example:
///
///     let shared = PageState(realm: realm, info: info, page: page, generation: core.generation)
///     object._rlmAdopt(shared, slot: 3)
final class PageState {
    let realm: Realm
    /// `realm`'s core and store, which `realm` keeps alive: reached without reference counting
    /// (a core's counts are slow, it being weakly referenced).
    private let core: Unmanaged<RealmCore>
    private let store: Unmanaged<Store>
    let info: TypeInfo
    let page: RowPage
    let generation: Int
    let epoch: Int
    /// Positions of the wrappers' storage key paths read from the page's objects so far, by
    /// the key path's identifier (the key paths kept in `paths`, so that their identifiers stay
    /// their own; apart, so that a search retains nothing).
    @exclusivity(unchecked) private var ids: [ObjectIdentifier] = []
    @exclusivity(unchecked) private var positions: [Int] = []
    private var paths: [AnyKeyPath] = []

    init(realm: Realm, info: TypeInfo, page: RowPage, generation: Int) {
        self.realm = realm
        self.core = .passUnretained(realm.core)
        self.store = .passUnretained(realm.core.store)
        self.info = info
        self.page = page
        self.generation = generation
        self.epoch = realm.core.epoch
    }

    /// The position of the property whose wrapper `storage` is, if the model knows it (see
    /// `StoragePositions`); each key path is looked up once per page.
    func position(of storage: AnyKeyPath) -> Int? {
        let id = ObjectIdentifier(storage)
        if let position = resolvedPosition(of: id) { return position }
        guard let position = info.storage.position(of: storage) else { return nil }
        ids.append(id)
        positions.append(position)
        paths.append(storage)
        return position
    }

    /// The position of a key path `position(of:)` has seen, by its identifier.
    @inline(__always)
    func resolvedPosition(of id: ObjectIdentifier) -> Int? {
        core._withUnsafeGuaranteedRef { $0.verifyThread() }
        for index in ids.indices where ids[index] == id { return positions[index] }
        return nil
    }

    /// The value of the property at `index` in the row at `slot` while the page is current
    /// (the Realm has not changed since it was read) and holds it; nil otherwise (the object
    /// then reads through a state of its own). Traps when used from another thread.
    @inline(__always)
    func value(_ slot: Int, at index: Int) -> StoreValue? {
        let current = core._withUnsafeGuaranteedRef { core in
            core.verifyThread()
            return generation == core.generation
        }
        guard current else { return nil }
        return store._withUnsafeGuaranteedRef { store in
            store.serialized {
                do {
                    return try store.singleValue(in: page, slot: slot, at: index)
                } catch {
                    RealmMessages.trap(RealmMessages.message(of: error))
                }
            }
        }
    }

    /// `body`'s answer from the page while it is current (the Realm has not changed since it
    /// was read), with no lock (a copied page is immutable; a live one locks what it reads);
    /// nil otherwise. Traps when used from another thread. For the typed readers
    /// (`RowPage+Typed.swift`).
    @inline(__always)
    func read<T>(_ slot: Int, _ body: (RowPage, Int) -> T?) -> T? {
        let current = core._withUnsafeGuaranteedRef { core in
            core.verifyThread()
            return generation == core.generation
        }
        return current ? body(page, slot) : nil
    }

    /// The state of the object at `slot`, as the object would have had it from the start (a
    /// live page's row copied: the statement must still be on it).
    func state(_ slot: Int) -> _ObjectState {
        guard let row = store._withUnsafeGuaranteedRef({ $0.serialized { page.storedRow(slot) } }) else {
            RealmMessages.trap(RealmMessages.rowLeft)
        }
        let state = _ObjectState(realm: realm, key: ObjectKey(className: info.className, key: row.key), info: info, epoch: epoch)
        state.prefill(row, generation: generation)
        return state
    }
}
