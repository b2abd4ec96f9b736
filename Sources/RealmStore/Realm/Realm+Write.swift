import RealmEngine

extension Realm {
    /// Runs `block` in a write transaction and commits it; when `block` throws, or an
    /// operation in it failed, the transaction is rolled back and the error thrown.
    ///
    /// For example:
    ///
    ///     try realm.write { realm.add(dog) }
    @discardableResult
    public func write<Result>(_ block: () throws -> Result) throws -> Result {
        beginWrite()
        let result: Result
        do {
            result = try block()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw error
        }
        if isInWriteTransaction { try commitWrite() }
        return result
    }

    /// Starts a write transaction (traps when one is open, as Realm does).
    public func beginWrite() {
        do {
            try core.store.beginWrite()
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
        core.pendingError = nil
        core.addedModelsInWrite = false
        core.didChange()
    }

    /// Commits the write transaction, or rolls it back and throws the first error of an
    /// operation in it.
    public func commitWrite() throws {
        if let error = core.pendingError {
            cancelWrite()
            throw error
        }
        try core.store.commitWrite()
        core.addedModelsInWrite = false
        core.didChange()
    }

    /// Discards every change of the write transaction.
    public func cancelWrite() {
        do {
            try core.store.cancelWrite()
            if core.addedModelsInWrite {
                try core.store.reloadStoredSchema()
                core.dropTypesMissingFromStore()
            }
        } catch {
            RealmError.trap(RealmError.message(of: error))
        }
        core.pendingError = nil
        core.addedModelsInWrite = false
        core.didChange()
    }
}
