import RealmEngine

/// Makes the objects of a lazy collection for its iterator, one at a time from pages of rows.
///
/// Outside a write transaction the rows come from one statement stepped over the results
/// (`ResultRowStream`): the Realm's pinned version is the snapshot it reads, and when the Realm
/// is about to change (a write begins in the loop, a refresh) the store detaches the stream,
/// which hands over the keys still to come, read at the old version. Inside a write
/// transaction, where writes in the loop must not move what is iterated, and after a detach,
/// the objects come from a snapshot of the keys, their rows read a page at a time. A live
/// Realm's page objects share the page's state, and the object returned last is re-pointed at
/// the next row when nothing else can see it (`ObjectRecycling`).
///
/// A live Realm's stream is stepped a row at a time and its rows read in place (copy on step,
/// `ObjectCursor+Live.swift`): the object returned last reads the statement's current row,
/// and copies it before the statement moves on only when something else still holds it. Once
/// `keptBeforePages` objects were kept so, the rest is read in pages copied ahead, as for a
/// frozen Realm.
///
/// For example:
///
///     let cursor = ObjectCursor(realm.objects(Dog.self)._rlmQuery!)
///     while let dog = cursor.next() { print(dog) }
@usableFromInline
final class ObjectCursor {
    /// Rows per page.
    static let pageSize = 256
    let query: _ObjectQuery
    let info: TypeInfo
    /// The model type of every object made.
    var type: ObjectBase.Type { info.type }
    @exclusivity(unchecked) var stream: ResultRowStream?
    /// The current page of the stream, shared by the objects made from it (a live Realm's: see
    /// `PageState`), and the Realm's generation when it was read. (The fields the hot path
    /// reads take no runtime exclusivity checks: a cursor is used by one iterator.)
    @exclusivity(unchecked) var page: RowPage?
    @exclusivity(unchecked) var shared: PageState?
    /// `shared`, handed to each object made without a retain of the cursor's own.
    @exclusivity(unchecked) var sharedHandle: Unmanaged<PageState>?
    var generation = 0
    @exclusivity(unchecked) private var slot = 0
    /// The rows in `page` (0 when there is none), and the model type, kept apart for the hot path.
    @exclusivity(unchecked) private var pageCount = 0
    let modelType: ObjectBase.Type
    /// Whether the model's objects may be re-pointed (`ObjectRecycling`), and the object made
    /// last, kept for that (and, stepping, to copy its row when it is kept elsewhere).
    let recycles: Bool
    @exclusivity(unchecked) var last: ObjectBase?
    /// Whether the stream is stepped a row at a time (see above), the objects kept so far and
    /// the stream and the Realm's core reached without reference counting (`stream` and
    /// `query` hold them).
    @exclusivity(unchecked) var stepping = false
    @exclusivity(unchecked) var kept = 0
    @exclusivity(unchecked) var streamHandle: Unmanaged<ResultRowStream>?
    let core: Unmanaged<RealmCore>
    /// The key snapshot, the position in it, and the objects made for its current page.
    private var keys: [Int64] = []
    private var position = 0
    private var made: [ObjectBase] = []
    private var madeSlot = 0

    init(_ query: _ObjectQuery) {
        self.query = query
        let info = query.realm.core.typeInfo(named: query.className)
        self.info = info
        self.modelType = info.type
        self.recycles = info.recyclable
        self.core = .passUnretained(query.realm.core)
        stream = query.read { try $0.rowStream(query.query, names: info.rowNames) }
        if stream == nil { keys = query.keys }
        if let stream, !query.realm.isFrozen {
            (stepping, streamHandle) = (true, .passUnretained(stream))
            stream.leaving = { [unowned self] in self.leaveRow(recycling: false) }
        }
    }

    deinit {
        if stepping { leaveRow(recycling: false) }
    }

    /// The next object, or nil at the end.
    @usableFromInline
    func next() -> ObjectBase? {
        if slot < pageCount {
            defer { slot += 1 }
            // The common case, a live Realm's page: the object shares the page's state; the
            // one made last is re-pointed at this row when nothing else can see it.
            if let sharedHandle {
                return handOut(sharedHandle, slot)
            }
            return make(page!, slot)
        }
        if stepping, let object = step() { return object }
        if let stream {
            let core = query.realm.core
            let (next, generation) = query.read { store in (try stream.next(Self.pageSize), core.generation) }
            if next.count > 0 {
                (page, self.generation, slot, pageCount) = (next, generation, 0, next.count)
                shared = query.realm.isFrozen ? nil : PageState(realm: query.realm, info: info, page: next, generation: generation)
                sharedHandle = shared.map(Unmanaged.passUnretained)
                return self.next()
            }
            // Done, or detached: the keys still to come, if any, are read as a snapshot.
            (self.stream, page, shared, sharedHandle, pageCount) = (nil, nil, nil, nil, 0)
            keys = stream.remainingKeys ?? []
        }
        if madeSlot < made.count {
            defer { madeSlot += 1 }
            return made[madeSlot]
        }
        guard position < keys.count else { return nil }
        let end = min(position + Self.pageSize, keys.count)
        (made, madeSlot) = (query.objects(keys: keys[position..<end]), 1)
        position = end
        return made[0]
    }

    /// The object of the row at `slot` of `shared`'s page: the one made last re-pointed there
    /// when nothing else can see it, a new one otherwise.
    @inline(__always)
    func handOut(_ shared: Unmanaged<PageState>, _ slot: Int) -> ObjectBase {
        if recycles, ObjectRecycling.isUnseen(&last), last.unsafelyUnwrapped._rlmRepoint(shared, slot: slot) {
            return last.unsafelyUnwrapped
        }
        let object = modelType.init()
        object._rlmAdopt(shared, slot: slot)
        if recycles { last = object }
        return object
    }

    /// A live Realm's objects share the page's state; a frozen one's (read from any thread)
    /// each get their own at once.
    private func make(_ page: RowPage, _ slot: Int) -> ObjectBase {
        let object = info.type.init()
        if let shared {
            object._rlmAdopt(shared, slot: slot)
            return object
        }
        let state = _ObjectState(realm: query.realm, key: ObjectKey(className: info.className, key: page.keys[slot]), info: info)
        state.prefill(StoredRow(page: page, slot: slot), generation: generation)
        object._state = state
        return object
    }
}
