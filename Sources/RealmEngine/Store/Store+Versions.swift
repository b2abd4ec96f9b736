import Foundation

/// Versions: a store that pins one consistent version of the file, as a Realm instance reads,
/// and frozen snapshots of it.
///
/// Off by default (the tools read and write the newest state, as before). `pinVersions()`
/// keeps a read transaction open between operations: its first read fixes the WAL snapshot,
/// so every later read sees the file as of that commit, whatever other connections (threads,
/// processes) commit meanwhile, until `refresh()` or `beginWrite()` (which first ends the read
/// transaction, so `BEGIN IMMEDIATE` sees the newest version); commit and cancel start a new
/// read at once. Each commit of any store adds one to the file's version counter
/// (`_realm_meta.version`), so two stores reading the same version read the same data.
///
/// `frozenSnapshot()` makes a store that shares the pinned connection (so it reads the same
/// version, by construction) and never moves; when the live store must move while snapshots
/// still read that connection, it leaves the connection to them and opens a new one. The
/// connection, and with it the version's WAL pages, is released when the last user is gone.
/// Shared access is serialized by `serialized(_:)`.
///
/// For example:
///
///     try store.pinVersions()
///     let snapshot = try store.frozenSnapshot()
///     try store.write { try store.create("Item", value: ["sku": "B"]) }
///     try snapshot.count("Item")    // as before the write
extension Store {
    /// The version (number of commits) of the file the store reads: the pinned one, or for a
    /// store not pinning versions the newest.
    public var version: UInt64 {
        if pinsVersions { return pinnedVersion }
        return (try? versionCounter()) ?? 0
    }

    /// Whether this store is a frozen snapshot.
    public var isFrozen: Bool { frozen }

    /// Whether reads stay at one version until `refresh()` or a write.
    public var isPinningVersions: Bool { pinsVersions }

    /// Starts reading one consistent version (see above); does nothing when already pinning.
    public func pinVersions() throws {
        guard !pinsVersions else { return }
        pinsVersions = true
        try startRead()
    }

    /// Moves a pinning store to the newest version; returns whether the version changed (false
    /// for a frozen store, inside a write transaction, or when not pinning).
    @discardableResult
    public func refresh() throws -> Bool {
        guard pinsVersions, !frozen, !inWriteTransaction else { return false }
        let old = pinnedVersion
        try leaveSharedConnection()
        try endRead()
        try startRead()
        return pinnedVersion != old
    }

    /// A frozen store reading this store's pinned version, from any thread, through
    /// `serialized(_:)`; it cannot write (`StoreError.Code.frozenRealm`).
    ///
    /// - Throws: `StoreError.Code.frozenRealm` inside a write transaction or when the store does
    ///   not pin versions.
    public func frozenSnapshot() throws -> Store {
        if frozen { return self }
        guard pinsVersions, readIsOpen, !inWriteTransaction else { throw StoreError.freezeOutsideRead }
        return try Store(sharing: self)
    }

    /// Runs `body` holding the connection's lock when frozen stores may share it (always for a
    /// frozen store): the connection is opened without SQLite's own mutex.
    @inline(__always)
    public func serialized<T>(_ body: () throws -> T) rethrows -> T {
        guard frozen || connection.frozenUsers > 0 else { return try body() }
        let lock = connection.lock
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Begins the pinned read transaction (its first read fixes the snapshot) and notes its
    /// version; re-reads the stored schema when another connection changed it.
    func startRead() throws {
        guard pinsVersions, !readIsOpen, !inWriteTransaction else { return }
        try connection.cached("BEGIN DEFERRED").run()
        readIsOpen = true
        do {
            try noteVersion()
        } catch {
            readIsOpen = false
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Ends the pinned read transaction, if open.
    func endRead() throws {
        guard readIsOpen else { return }
        try detachRowStreams()
        readIsOpen = false
        try connection.cached("COMMIT").run()
    }

    /// Reads the version and the schema cookie in the open transaction (its first read pins
    /// it), re-reading the stored schema when the cookie moved.
    func noteVersion() throws {
        let statement = try connection.cached("PRAGMA schema_version")
        let cookie = try statement.step() ? statement.int64(0) : 0
        statement.reset()
        if cookie != schemaCookie {
            if schemaCookie >= 0 { try reloadStoredSchema() }
            schemaCookie = cookie
        }
        pinnedVersion = try versionCounter()
    }

    /// The file's version counter as the connection sees it now.
    func versionCounter() throws -> UInt64 {
        let statement = try connection.cached("SELECT value FROM _realm_meta WHERE key = 'version'")
        defer { statement.reset() }
        return try statement.step() ? UInt64(max(0, statement.int64(0))) : 0
    }

    /// Adds one to the file's version counter (inside the committing transaction; `package` for
    /// the benchmark of its cost).
    package func bumpVersion() throws {
        try connection.cached("""
            INSERT INTO _realm_meta(key, value) VALUES ('version', 1)
            ON CONFLICT(key) DO UPDATE SET value = value + 1
            """).run()
    }

    /// Before a pinning store moves: when frozen stores still read its connection, leaves it to
    /// them and continues on a new connection (statements prepared again there).
    func leaveSharedConnection() throws {
        guard !frozen, connection.frozenUsers > 0 else { return }
        try detachRowStreams()
        let old = connection
        let fresh = try Connection(path: path, access: .write, onWait: old.onWait)
        old.lock.withLock { releaseClasses() }
        connection = fresh
        readIsOpen = false
        try configure()
        try startRead()
        try installSchema(schema)
    }
}
