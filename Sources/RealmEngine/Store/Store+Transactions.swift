extension Store {
    /// Whether a write transaction is open.
    public var isInWriteTransaction: Bool { inWriteTransaction }

    /// Starts a write transaction (SQLite `BEGIN IMMEDIATE`: waits for other writers).
    ///
    /// - Throws: `StoreError.alreadyInWriteTransaction` when one is open (no nesting).
    public func beginWrite() throws {
        guard !frozen else { throw StoreError.frozenTransaction }
        guard !inWriteTransaction else { throw StoreError.alreadyInWriteTransaction }
        if pinsVersions {
            try leaveSharedConnection()
            try endRead()
        }
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            // A pinning store reads on (at the newest version) when the write lock stays taken.
            try? startRead()
            throw error
        }
        inWriteTransaction = true
        nextNodeLoaded = false
        changeRecorder.removeAll()
        if pinsVersions {
            do {
                try noteVersion()
            } catch {
                try? cancelWrite()
                throw error
            }
        }
    }

    /// Commits the open write transaction.
    public func commitWrite() throws {
        try requireWrite()
        try saveNextNode()
        try bumpVersion()
        try logChanges()
        try connection.execute("COMMIT")
        inWriteTransaction = false
        nextNodeLoaded = false
        trustsLinkKeys = false
        dropImportedKeys()
        try startRead()
    }

    /// Discards every change of the open write transaction.
    public func cancelWrite() throws {
        try requireWrite()
        inWriteTransaction = false
        nextNodeLoaded = false
        trustsLinkKeys = false
        changeRecorder.removeAll()
        changeLogReady = false
        dropImportedKeys()
        // A failed COMMIT (a full disk, an I/O error) may have rolled the transaction back.
        if !connection.isAutocommit { try connection.execute("ROLLBACK") }
        try startRead()
    }

    /// Runs `body` in a write transaction: commits when it returns, rolls back when it throws.
    ///
    /// For example:
    ///
    ///     try store.write { try store.create("Item", value: ["sku": "A", "qty": 1]) }
    @discardableResult
    public func write<T>(_ body: () throws -> T) throws -> T {
        try beginWrite()
        do {
            let result = try body()
            try commitWrite()
            return result
        } catch {
            if inWriteTransaction { try? cancelWrite() }
            throw error
        }
    }

    func requireWrite() throws {
        guard inWriteTransaction else { throw StoreError.notInWriteTransaction }
    }

    /// Runs `body` inside a savepoint so a failing operation leaves no partial change
    /// (unless `atomicOperations` is off).
    func atomically<T>(_ body: () throws -> T) throws -> T {
        guard atomicOperations else { return try body() }
        let mark = changeRecorder.mark
        try connection.cached("SAVEPOINT op").run()
        do {
            let result = try body()
            try connection.cached("RELEASE op").run()
            return result
        } catch {
            trustsLinkKeys = false
            changeRecorder.rollBack(to: mark)
            // A full disk or an I/O error may have rolled back the whole transaction already.
            if !connection.isAutocommit {
                try connection.cached("ROLLBACK TO op").run()
                try connection.cached("RELEASE op").run()
            }
            throw error
        }
    }

    /// The statement in `slot`, prepared from `sql` on first use (`sql` is only evaluated then).
    func prepared(_ slot: inout Statement?, _ sql: @autoclosure () -> String) throws -> Statement {
        if let statement = slot { return statement }
        let statement = try Statement(database: connection.handle, sql: sql())
        slot = statement
        return statement
    }

    /// Writes the node counter back to `_realm_meta` if this transaction read (and so may have
    /// advanced) it; the next transaction reads it again.
    func saveNextNode() throws {
        guard nextNodeLoaded else { return }
        try run("INSERT OR REPLACE INTO _realm_meta(key, value) VALUES ('nextNode', ?)", nextNode)
        nextNodeLoaded = false
    }

    /// A fresh node id for a list or dictionary nested in a mixed value.
    func allocateNode() throws -> Int64 {
        if !nextNodeLoaded {
            let statement = try connection.cached("SELECT value FROM _realm_meta WHERE key = 'nextNode'")
            nextNode = try statement.step() ? statement.int64(0) : 1
            statement.reset()
            nextNodeLoaded = true
        }
        defer { nextNode += 1 }
        return nextNode
    }
}
