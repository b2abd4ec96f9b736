import CSQLite
import Foundation
import Synchronization

/// One SQLite database connection: owns the `sqlite3` handle and a statement cache keyed by
/// SQL text.
///
/// The store sets `journal_mode=WAL` (readers in other processes see the last committed
/// state while a write runs) and `synchronous=NORMAL`: a commit survives a crash or SIGKILL
/// of the process, and the file never corrupts; after a power loss or OS crash the most
/// recent commits may roll back. A connection belongs to one thread at a time.
final class Connection {
    /// How a connection opens its file (docs/store-file.md, "Opening").
    enum Access {
        /// Read and write, creating the file when it does not exist.
        case create
        /// Read and write an existing file.
        case write
        /// Read only (`SQLITE_OPEN_READONLY`): nothing is ever written to the file.
        case read
        /// Read only, and the file is taken as unchanging (URI `immutable=1`): no locks and no
        /// `-shm` file, for a store in a place nothing can write (a read-only directory or
        /// mount) and without a write-ahead log to read.
        case readImmutable
    }

    let handle: OpaquePointer
    let path: String
    /// Serializes the stores sharing the connection (a live store and its frozen snapshots,
    /// which may be read from any thread; the connection is opened `SQLITE_OPEN_NOMUTEX`).
    let lock = NSRecursiveLock()
    /// How many frozen stores read through the connection (changed under `lock`).
    var frozenUsers: Int {
        get { sharedCount.load(ordering: .acquiring) }
        set { sharedCount.store(newValue, ordering: .releasing) }
    }
    private let sharedCount = Atomic<Int>(0)
    private var cache: [String: Statement] = [:]
    private let busyWait: BusyWait
    /// When commits on this connection checkpoint the write-ahead log (writable connections).
    let walLimit: WALLimit?
    /// This connection's entry in `OpenFiles` (nil until the file exists).
    private var openFile: AnyHashable?
    /// Told when a lock has been waited for a second (kept for connections opened later).
    let onWait: (@Sendable (String) -> Void)?

    /// Opens `path`; `onWait` is told once when a lock has been waited for a second
    /// (`StoreError.waitingNotice`).
    init(path: String, access: Access, onWait: (@Sendable (String) -> Void)? = nil) throws {
        Connection.configureLibrary
        var database: OpaquePointer?
        let flags = switch access {
        case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .write: SQLITE_OPEN_READWRITE
        case .read, .readImmutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        let name = access == .readImmutable ? Connection.uri(path, query: "immutable=1") : path
        let code = sqlite3_open_v2(name, &database, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) }
            let systemError = database.map { sqlite3_system_errno($0) } ?? 0
            let extended = database.map { sqlite3_extended_errcode($0) } ?? code
            if let database { sqlite3_close_v2(database) }
            throw StoreError.unableToOpen(path, code: Connection.kind(extended, systemError: systemError), systemError: systemError, message)
        }
        self.handle = database
        self.path = path
        self.busyWait = BusyWait(path: path, onWait: onWait)
        self.walLimit = access == .create || access == .write ? WALLimit(busyWait) : nil
        self.openFile = OpenFiles.opened(path)
        self.onWait = onWait
        sqlite3_extended_result_codes(database, 1)
        sqlite3_busy_handler(database, busyHandler, Unmanaged.passUnretained(busyWait).toOpaque())
        sqlite3_limit(database, SQLITE_LIMIT_LENGTH, 0x7fff_ffff)
        // A page is checked as it is first read (its cells lie inside it), so that a lookup on a
        // damaged page fails as damaged instead of finding nothing (docs/store-file.md,
        // "Damaged stores").
        sqlite3_exec(database, "PRAGMA cell_size_check=ON", nil, nil, nil)
        BusyWait.register(busyWait, for: database)
        walLimit?.install(on: database)
    }

    /// `file:` URI of `path` with `query` (`?`, `#` and `%` in the path escaped).
    private static func uri(_ path: String, query: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + "?" + query
    }

    /// Process-wide SQLite settings, applied once before the first connection opens: no memory
    /// statistics (nothing here reads them, and they cost a global lock per allocation). When
    /// SQLite is already in use elsewhere in the process, the defaults stay.
    private static let configureLibrary: Void = {
        _ = realm_sqlite3_disable_memory_statistics()
    }()

    deinit {
        cache.removeAll()
        BusyWait.unregister(handle)
        sqlite3_close_v2(handle)
        OpenFiles.closed(openFile)
    }

    /// Runs one or more SQL statements without results (DDL, pragmas, transaction control).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw Connection.failure(database: handle, code: sqlite3_extended_errcode(handle), message: text, sql: sql)
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

    /// Enters a connection made before its file existed (`.create`) in `OpenFiles`, once
    /// something has made the file.
    func noteFileExists() {
        if openFile == nil { openFile = OpenFiles.opened(path) }
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
        return failure(database: database, code: extended == 0 ? code : extended, message: message, sql: sql, arguments: arguments)
    }

    /// `StoreError.sqliteFailure`, except for a lock given up on: that names the store and how
    /// long it waited (`StoreError.busy`).
    private static func failure(database: OpaquePointer, code: Int32, message: String, sql: String,
                                arguments: String? = nil) -> StoreError {
        if code & 0xFF == SQLITE_BUSY, let wait = BusyWait.registered(for: database), let waited = wait.takeGiveUp() {
            return StoreError.busy(wait.path, waitedSeconds: Int((waited + .milliseconds(500)).components.seconds), code: code)
        }
        return StoreError.sqliteFailure(kind(code, systemError: sqlite3_system_errno(database)), message, sql: sql, arguments: arguments)
    }

    /// `code`, except that an I/O error the system gave for want of space (`errno` ENOSPC or
    /// EDQUOT: the `-shm` file or a journal could not grow) is `SQLITE_FULL`, the disk full.
    private static func kind(_ code: Int32, systemError: Int32) -> Int32 {
        code & 0xFF == SQLITE_IOERR && (systemError == ENOSPC || systemError == EDQUOT) ? SQLITE_FULL : code
    }
}

/// Quotes an SQL identifier: `"name"`, with embedded quotes doubled.
func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

/// Waiting for another connection's lock, as `sqlite3_busy_timeout` does, but telling
/// `onWait` after the first second, and keeping how long the last wait took for the error.
// @unchecked: its mutable fields are used by SQLite's busy handler and by `limited`, both on the thread running a statement on its connection (one at a time, or under the connection's lock).
final class BusyWait: @unchecked Sendable {
    /// How long a lock is waited for before the operation fails.
    static let timeout: Duration = .seconds(10)
    /// When `onWait` is told.
    static let noticeAfter: Duration = .seconds(1)
    /// Pauses between tries, as SQLite's own busy timeout makes them (the last one repeats).
    private static let pauses: [Int] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    let path: String
    private let onWait: (@Sendable (String) -> Void)?
    private var started = ContinuousClock.now
    private var noticed = false
    /// How long the last wait took, when it ended by giving up; cleared by `takeGiveUp()`.
    private var gaveUpAfter: Duration?
    /// How long this connection waits now (`timeout`, shorter while `WALLimit` checkpoints).
    private var limit = BusyWait.timeout

    /// `body`'s waits given up after `limit`; whether one was given up on is forgotten.
    func limited<T>(to limit: Duration, _ body: () -> T) -> T {
        self.limit = limit
        defer {
            self.limit = BusyWait.timeout
            gaveUpAfter = nil
        }
        return body()
    }

    init(path: String, onWait: (@Sendable (String) -> Void)?) {
        self.path = path
        self.onWait = onWait
    }

    /// How long the wait that just failed took (nil: the failure came without waiting).
    func takeGiveUp() -> Duration? {
        defer { gaveUpAfter = nil }
        return gaveUpAfter
    }

    /// Whether to try again (`count`: tries so far in this wait); sleeps before saying yes.
    func shouldRetry(count: Int) -> Bool {
        let now = ContinuousClock.now
        if count == 0 {
            started = now
            noticed = false
        }
        let waited = now - started
        guard waited < limit else {
            gaveUpAfter = waited
            return false
        }
        if !noticed, waited >= BusyWait.noticeAfter {
            noticed = true
            onWait?(StoreError.waitingNotice(path))
        }
        let pause = Duration.milliseconds(BusyWait.pauses[min(count, BusyWait.pauses.count - 1)])
        let sleep = min(pause, limit - waited).components
        Thread.sleep(forTimeInterval: Double(sleep.seconds) + Double(sleep.attoseconds) / 1e18)
        return true
    }

    // The wait of each open connection, for errors made from a statement (which knows only
    // the database handle).
    private static let lock = NSLock()
    // nonisolated(unsafe): read and written only inside `lock.withLock` (a Mutex cannot hold it: OpaquePointer is not Sendable).
    nonisolated(unsafe) private static var byHandle: [OpaquePointer: BusyWait] = [:]

    static func register(_ wait: BusyWait, for handle: OpaquePointer) {
        lock.withLock { byHandle[handle] = wait }
    }

    static func unregister(_ handle: OpaquePointer) {
        lock.withLock { byHandle[handle] = nil }
    }

    static func registered(for handle: OpaquePointer) -> BusyWait? {
        lock.withLock { byHandle[handle] }
    }
}

/// `BusyWait.shouldRetry` as SQLite's busy handler.
private let busyHandler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
    guard let context else { return 0 }
    return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(count: Int(count)) ? 1 : 0
}
