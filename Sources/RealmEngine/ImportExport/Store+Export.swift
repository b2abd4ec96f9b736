import RealmSchema

/// Streaming reads for the exporter: objects in a stable order without loading every key,
/// a consistent snapshot, and insertion ordinals for objects without a primary key.
extension Store {
    /// Sets SQLite's page cache for this store's connection (the store opens with 64 MiB, which
    /// suits imports). A reader that streams through a store once, as realm-export does, gains
    /// little from a large cache, and a small one keeps its memory flat however big the file is.
    ///
    /// For example:
    ///
    ///     try store.setPageCache(kibibytes: 8_192)
    public func setPageCache(kibibytes: Int) throws {
        precondition(kibibytes > 0, "the page cache needs a positive size")
        try connection.execute("PRAGMA cache_size=-\(kibibytes)")
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
        let info = try classInfo(className)
        if info.isAsymmetric { throw StoreError.asymmetricQuery(className) }
        let orderBy = order == .primaryKey ? info.primaryKey.map { "\($0.column), _key" } ?? "_key" : "_key"
        try stream(info, "SELECT _key FROM \(info.table) ORDER BY \(orderBy)", body)
    }

    /// Calls `body` with every object waiting in an asymmetric class's outbox, oldest first,
    /// one at a time (read their values with `values(of:)`).
    public func forEachOutboxObject(_ className: String, _ body: (ObjectKey) throws -> Void) throws {
        let info = try classInfo(className)
        guard info.isAsymmetric else {
            throw StoreError(.invalidValue, "'\(className)' is not an asymmetric class and has no outbox")
        }
        try stream(info, "SELECT _key FROM \(info.table) ORDER BY _key", body)
    }

    /// Removes every outbox object of an asymmetric class up to and including `key` (with
    /// their embedded objects), in the caller's write transaction: what an exporter wrote.
    public func drainOutbox(_ className: String, through key: Int64) throws {
        try requireWrite()
        let info = try classInfo(className)
        guard info.isAsymmetric else {
            throw StoreError(.invalidValue, "'\(className)' is not an asymmetric class and has no outbox")
        }
        var batch: [ObjectKey] = []
        repeat {
            batch = try outbox(className, limit: 1_000).filter { $0.key <= key }
            try drainOutbox(batch)
        } while batch.count == 1_000
    }

    /// Steps a query of object keys with its own statement (not the cache, so `body` may run
    /// the cached reads).
    private func stream(_ info: ClassInfo, _ sql: String, _ body: (ObjectKey) throws -> Void) throws {
        let statement = try Statement(database: connection.handle, sql: sql)
        while try statement.step() {
            try body(ObjectKey(className: info.name, key: statement.int64(0)))
        }
    }

    /// The insertion ordinals (1, 2, 3, … in key order) of a class's objects, for referring to
    /// objects that have no primary key. Use within one `readTransaction`.
    public func insertionOrdinals(_ className: String) throws -> InsertionOrdinals {
        let info = try classInfo(className)
        let statement = try Statement(database: connection.handle, sql: "SELECT min(_key), max(_key), count(*) FROM \(info.table)")
        _ = try statement.step()
        let (low, high, count) = (statement.int64(0), statement.int64(1), statement.int64(2))
        if count == 0 || high - low + 1 == count {
            return try InsertionOrdinals(connection: connection, table: nil, offset: low - 1)
        }
        let table = "temp." + quoted("realm_export_ordinals." + className)
        try connection.execute("DROP TABLE IF EXISTS \(table)")
        try connection.execute("CREATE TABLE \(table)(key INTEGER PRIMARY KEY, ordinal INTEGER NOT NULL)")
        try connection.execute("INSERT INTO \(table) SELECT _key, row_number() OVER (ORDER BY _key) FROM \(info.table)")
        return try InsertionOrdinals(connection: connection, table: table, offset: 0)
    }
}

/// The position of each object of one class in key (insertion) order, starting at 1.
///
/// Keys without gaps need nothing stored; otherwise the ordinals live in a temporary SQLite
/// table (on disk when large), dropped when this value goes away.
public final class InsertionOrdinals {
    private let connection: Connection
    private let table: String?
    private let offset: Int64
    private var lookup: Statement?

    init(connection: Connection, table: String?, offset: Int64) throws {
        self.connection = connection
        self.table = table
        self.offset = offset
        self.lookup = try table.map { try Statement(database: connection.handle, sql: "SELECT ordinal FROM \($0) WHERE key = ?") }
    }

    deinit {
        lookup = nil
        if let table { try? connection.execute("DROP TABLE IF EXISTS \(table)") }
    }

    /// The ordinal of the object with `key`, or nil when it does not exist.
    public func ordinal(of key: Int64) throws -> Int64? {
        guard let lookup else { return key - offset }
        defer { lookup.reset() }
        lookup.bind(1, key)
        return try lookup.step() ? lookup.int64(0) : nil
    }
}
