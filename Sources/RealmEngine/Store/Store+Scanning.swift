// Scanning: a class's objects stepped from SQLite one key at a time (`forEachObject`), in one read snapshot.

/// Reading a store at any size: a consistent snapshot, objects stepped from SQLite one at a
/// time, and the page cache for readers that pass through the file once.
extension Store {
    /// The page cache every store opens with, and `beginImport(schema:)` sets again: 64 MiB
    /// (SQLite's default is 2 MiB), since large imports touch indexes all over the file;
    /// savepoint journals stay in memory.
    static let defaultPageCacheKibibytes = 65_536

    /// Sets SQLite's page cache for this store's connection (the store opens with 64 MiB, which
    /// suits imports). A reader that streams through a store once, as realm-export does, gains
    /// little from a large cache, and a small one keeps its memory flat however big the file is.
    ///
    /// For example:
    ///
    ///     try store.setPageCache(kibibytes: 8_192)
    public func setPageCache(kibibytes: Int) throws {
        precondition(kibibytes > 0, StoreError.Trap.pageCacheSize)
        try connection.execute("PRAGMA cache_size=-\(kibibytes)")
    }

    /// The page cache of this store's connection, in KiB (as `setPageCache(kibibytes:)` set it).
    ///
    /// For example:
    ///
    ///     try store.pageCacheKibibytes()    // 65536 after an open
    package func pageCacheKibibytes() throws -> Int {
        abs(Int(try connection.scalarText("PRAGMA cache_size") ?? "") ?? 0)
    }

    /// Runs `body` in one read transaction, so everything it reads comes from the same
    /// committed state even while other processes write. Inside an open write transaction it
    /// simply runs `body`.
    ///
    /// For example:
    ///
    ///     let total = try store.readTransaction { try store.count("Person") + store.count("Dog") }
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if inWriteTransaction || !connection.isAutocommit { return try body() }
        try connection.execute("BEGIN DEFERRED")
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Calls `body` with every object of a class in a stable order, one at a time: the keys
    /// are stepped from SQLite, never collected, so memory stays flat whatever the count.
    /// `body` may read the store (not write it).
    ///
    /// - Throws: for asymmetric classes (see `forEachOutboxObject`).
    ///
    /// For example:
    ///
    ///     try store.forEachObject("Person", order: .primaryKey) { person in print(try store.values(of: person)) }
    public func forEachObject(_ className: String, order: ObjectOrder = .insertion, _ body: (ObjectKey) throws -> Void) throws {
        let info = try queryableClass(className)
        try scan(info, keysSQL(info, order), body)
    }

    /// Calls `body` with every object waiting in an asymmetric class's outbox, oldest first,
    /// one at a time (read their values with `values(of:)`).
    public func forEachOutboxObject(_ className: String, _ body: (ObjectKey) throws -> Void) throws {
        let info = try outboxClass(className)
        try scan(info, keysSQL(info, .insertion), body)
    }

    /// Steps a query of object keys with its own statement (not the cache, so `body` may run
    /// the cached reads).
    private func scan(_ info: ClassInfo, _ sql: String, _ body: (ObjectKey) throws -> Void) throws {
        let statement = try Statement(database: connection.handle, sql: sql)
        while try statement.step() {
            try body(ObjectKey(className: info.name, key: statement.int64(0)))
        }
    }
}
