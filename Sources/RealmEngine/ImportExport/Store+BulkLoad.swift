import CSQLite

/// Loading a store that nobody else has open yet (one `realm-import` just created).
///
/// The store's WAL journal writes every page twice: into the WAL at commit, and into the file
/// at the checkpoint. A first import of a large file commits tens or hundreds of megabytes at
/// once, so for a store no other connection uses, the load runs with SQLite's rollback journal
/// instead: pages that did not exist when the transaction began are written once, straight to
/// the file, and only the few pages that did exist are saved in the journal first. A killed
/// load still leaves the store as it was (SQLite rolls the hot journal back at the next open).
extension Store {
    /// Switches to the rollback journal until `endBulkLoad()`; call it before the write
    /// transaction begins. Returns false, changing nothing, when the journal cannot be switched
    /// (another connection has the store open): the load then runs in WAL mode as usual.
    @discardableResult
    public func beginBulkLoad() throws -> Bool {
        precondition(!inWriteTransaction, StoreError.Trap.bulkLoadStart)
        do {
            return try connection.scalarText("PRAGMA journal_mode=DELETE")?.lowercased() == "delete"
        } catch let error as StoreError {
            // Leaving WAL needs the only connection to the file; another one makes it busy.
            if case .sqlite(let code) = error.code, code & 0xFF == SQLITE_BUSY { return false }
            throw error
        }
    }

    /// Returns to the WAL journal after a bulk load (committed or rolled back).
    public func endBulkLoad() throws {
        precondition(!inWriteTransaction, StoreError.Trap.bulkLoadEnd)
        _ = try connection.scalarText("PRAGMA journal_mode=WAL")
    }
}
