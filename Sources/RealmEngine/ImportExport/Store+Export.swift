/// What `realm-export` needs beyond general reading (`Store+Reading.swift`): insertion
/// ordinals for objects without a primary key, and draining the outbox up to what it wrote.
extension Store {
    /// Removes every outbox object of an asymmetric class up to and including `key` (with
    /// their embedded objects), in the caller's write transaction: what an exporter wrote.
    public func drainOutbox(_ className: String, through key: Int64) throws {
        try requireWrite()
        _ = try outboxClass(className)
        var batch: [ObjectKey] = []
        repeat {
            batch = try outbox(className, limit: 1_000).filter { $0.key <= key }
            try drainOutbox(batch)
        } while batch.count == 1_000
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
