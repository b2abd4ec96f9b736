import CSQLite
import Foundation

/// One SQLite database connection: owns the `sqlite3` handle and a statement cache keyed by
/// SQL text.
///
/// The store sets `journal_mode=WAL` (readers in other processes see the last committed
/// state while a write runs) and `synchronous=NORMAL`: a commit survives a crash or SIGKILL
/// of the process, and the file never corrupts; after a power loss or OS crash the most
/// recent commits may roll back. A connection belongs to one thread at a time.
final class Connection {
    let handle: OpaquePointer
    let path: String
    private var cache: [String: Statement] = [:]

    init(path: String) throws {
        Connection.configureLibrary
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) }
            if let database { sqlite3_close_v2(database) }
            throw StoreError.unableToOpen(path, code: code, message)
        }
        self.handle = database
        self.path = path
        sqlite3_extended_result_codes(database, 1)
        sqlite3_busy_timeout(database, 10_000)
        sqlite3_limit(database, SQLITE_LIMIT_LENGTH, 0x7fff_ffff)
    }

    /// Process-wide SQLite settings, applied once before the first connection opens: no memory
    /// statistics (nothing here reads them, and they cost a global lock per allocation). When
    /// SQLite is already in use elsewhere in the process, the defaults stay.
    private static let configureLibrary: Void = {
        _ = realm_sqlite3_disable_memory_statistics()
    }()

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements without results (DDL, pragmas, transaction control).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw StoreError.sqliteFailure(sqlite3_extended_errcode(handle), text, sql: sql)
        }
    }

    /// The prepared statement for `sql`, made on first use and kept until `clearCache()`.
    ///
    /// It is handed out as it is, not reset: each user resets it when done (`run()` does,
    /// `step()` does when it fails, readers `defer { statement.reset() }`), so the next one finds
    /// it ready for binding.
    func cached(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            return statement
        }
        let statement = try Statement(database: handle, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Drops every cached statement (after schema changes).
    func clearCache() {
        cache.removeAll()
    }

    /// The value of a single-value query such as a pragma, as text.
    func scalarText(_ sql: String) throws -> String? {
        let statement = try Statement(database: handle, sql: sql)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.string(0)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    var changes: Int { Int(sqlite3_changes64(handle)) }

    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Maps a SQLite failure to a `StoreError`, capturing the message at once.
    static func error(database: OpaquePointer, code: Int32, sql: String, statement: OpaquePointer?) -> StoreError {
        let extended = sqlite3_extended_errcode(database)
        let message = String(cString: sqlite3_errmsg(database))
        var arguments: String?
        if let statement, let expanded = sqlite3_expanded_sql(statement) {
            arguments = String(String(cString: expanded).prefix(4096))
            sqlite3_free(expanded)
        }
        return StoreError.sqliteFailure(extended == 0 ? code : extended, message, sql: sql, arguments: arguments)
    }
}

/// Quotes an SQL identifier: `"name"`, with embedded quotes doubled.
func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
