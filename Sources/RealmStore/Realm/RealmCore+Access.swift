import RealmEngine

extension RealmCore {
    /// Runs a read of the store for this Realm: every read RealmStore makes of the store goes
    /// through here (a pass-through for now; the place where thread checks and the
    /// serialization of frozen Realms belong).
    ///
    /// For example:
    ///
    ///     let count = try core.read { try $0.resultCount(query) }
    func read<T>(_ body: (Store) throws -> T) rethrows -> T {
        try body(store)
    }
}
