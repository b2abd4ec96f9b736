import RealmEngine

extension Realm {
    /// Runs `block` in a write transaction and commits it; when `block` throws, or an
    /// operation in it failed, the transaction is rolled back and the error thrown. The
    /// observations of `tokens` do not hear of this write (their next notification starts
    /// after it), as in Realm.
    ///
    /// For example:
    ///
    ///     try realm.write { realm.add(dog) }
    ///     try realm.write(withoutNotifying: [token]) { dog.name = "Rex" }
    ///
    /// Waits while another thread or process writes the file, and throws the store's busy
    /// error (naming the file) when that lasts longer than 10 seconds.
    @discardableResult
    public func write<Result>(withoutNotifying tokens: [NotificationToken] = [], _ block: () throws -> Result) throws -> Result {
        if isInWriteTransaction { beginWrite() }  // traps with Realm's message, as Realm does
        try begin()
        let result: Result
        do {
            result = try block()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw error
        }
        if isInWriteTransaction { try commitWrite(withoutNotifying: tokens) }
        return result
    }

    /// Starts a write transaction, first moving the Realm to the newest version (traps when one
    /// is open, on a frozen Realm, or when the write lock stays taken, as Realm does).
    public func beginWrite() {
        do {
            try begin()
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// `beginWrite`, throwing the store's errors (a write lock waited for too long).
    func begin() throws {
        if core.isFrozen { RealmMessages.trap(RealmMessages.frozenTransaction) }
        if configuration.readOnly { RealmMessages.trap(RealmMessages.readOnlyTransaction) }
        core.verifyThread()
        // Deliver what other commits changed before this write, as Realm does.
        if !core.notifier.isEmpty && !isInWriteTransaction { _ = core.refresh(initial: false) }
        do {
            try core.store.beginWrite()
        } catch {
            throw Error.writing(core.store.path, error)
        }
        core.pendingError = nil
        core.addedModelsInWrite = false
        core.didChange()
    }

    /// Commits the write transaction, or rolls it back and throws the first error of an
    /// operation in it; the observations of `tokens` do not hear of it (see `write`). A failure
    /// of the file (read-only, I/O, a full disk) is a `Realm.Error` (`.outOfDiskSpace` …), as
    /// in Realm; the other errors stand in for Realm's exceptions and are `StoreError`s.
    public func commitWrite(withoutNotifying tokens: [NotificationToken] = []) throws {
        core.verifyThread()
        if let error = core.pendingError {
            cancelWrite()
            throw Error.writing(core.store.path, error)
        }
        do {
            try core.store.commitWrite()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw Error.writing(core.store.path, error)
        }
        core.addedModelsInWrite = false
        core.didChange()
        core.notifier.didCommit(core, skipping: tokens)
        core.announceCommit()
    }

    /// Discards every change of the write transaction.
    public func cancelWrite() {
        core.verifyThread()
        do {
            try core.store.cancelWrite()
            if core.addedModelsInWrite {
                try core.store.reloadStoredSchema()
                core.dropTypesMissingFromStore()
            }
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
        core.pendingError = nil
        core.addedModelsInWrite = false
        core.didChange()
    }
}
