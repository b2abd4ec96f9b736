import RealmEngine

/// Copy on step: a live Realm's cursor steps its stream a row at a time and hands out an
/// object reading the statement's current row in place (`ResultRowStream.step()`), so a loop
/// that keeps no object copies no row. Before the statement moves on (the next step, a write
/// or refresh detaching the stream, the end of the iteration) the object returned last is
/// re-pointed at the next row when nothing else can see it (`ObjectRecycling`), dropped when
/// its model cannot be re-pointed, and otherwise given its own copy of the row, which it
/// reads from then on, as an object of a copied page would.
///
/// For example:
///
///     for dog in realm.objects(Dog.self) { total += dog.name.count }   // no row copied
///     let dogs = Array(realm.objects(Dog.self))                          // rows copied, in pages
extension ObjectCursor {
    /// How many objects a stepped iteration copies rows for before it reads the rest in pages
    /// copied ahead (a loop that keeps its objects, such as `Array(results)`).
    static let keptBeforePages = 16

    /// The object of the stream's next row, read in place; nil when the stream is done or was
    /// detached, or when enough objects were kept (`stepping` is then off, and pages or the
    /// keys go on).
    @inline(__always)
    func step() -> ObjectBase? {
        let reusable = leaveRow(recycling: true)
        guard kept < Self.keptBeforePages, stream != nil, let streamHandle else {
            stepping = false
            return nil
        }
        let (slot, newPage) = core._withUnsafeGuaranteedRef { core in
            core.verifyThread()
            return streamHandle._withUnsafeGuaranteedRef { stream in
                do {
                    return try stream.step()
                } catch {
                    RealmMessages.trap(RealmMessages.message(of: error))
                }
            }
        }
        guard slot >= 0 else {
            stepping = false
            return nil
        }
        if newPage, let live = streamHandle._withUnsafeGuaranteedRef(\.livePage) { adopt(live) }
        let shared = sharedHandle.unsafelyUnwrapped
        if reusable, last.unsafelyUnwrapped._rlmRepoint(shared, slot: slot) { return last.unsafelyUnwrapped }
        let object = modelType.init()
        object._rlmAdopt(shared, slot: slot)
        last = object
        return object
    }

    /// Makes the objects handed out from here on read `live`, the stream's new live page.
    private func adopt(_ live: RowPage) {
        let generation = core._withUnsafeGuaranteedRef(\.generation)
        let state = PageState(realm: query.realm, info: info, page: live, generation: generation)
        (page, self.generation, shared, sharedHandle) = (live, generation, state, .passUnretained(state))
    }

    /// Before the statement leaves its row: the object returned last, if any, stops reading it
    /// in place. Kept for re-pointing when nothing else can see it, its model allows it and
    /// `recycling` (the answer: whether it may be re-pointed), given a copy of its row when
    /// something else can see it. (It stays `last` until the next object replaces it, so that
    /// the next object cannot take its memory, and so its identity, while a weak reference
    /// that saw it may still compare.)
    @inline(__always)
    @discardableResult
    func leaveRow(recycling: Bool) -> Bool {
        guard last != nil else { return false }
        if ObjectRecycling.isUnseen(&last) { return recycling && recycles }
        if let sharedHandle, page?.isLive == true, last.unsafelyUnwrapped._rlmReads(sharedHandle) {
            _ = last.unsafelyUnwrapped._state
            kept += 1
        }
        return false
    }
}
