import CSQLite
import RealmSchema

/// What `realm-import` needs beyond the public store API: one transaction that also holds a
/// schema migration, a change counter that tells "unchanged" upserts apart, and a create
/// without the per-call savepoint.
extension Store {
    /// Starts the import's write transaction and, when `schema` differs from the stored one,
    /// migrates inside it, so a failed or cancelled import also undoes the migration.
    ///
    /// Only changes that need no migration block apply (new models, new properties, index
    /// changes); anything else throws `StoreError.Code.migrationRequired` listing every
    /// difference, and nothing is changed.
    ///
    /// - Returns: the schema the store had before, for `cancelImport(restoring:)`.
    ///
    /// For example:
    ///
    ///     let before = try store.beginImport(schema: schema)
    ///     do { try load(store); try store.commitWrite() } catch { try store.cancelImport(restoring: before) }
    @discardableResult
    public func beginImport(schema newSchema: CompiledSchema?) throws -> CompiledSchema {
        let before = schema
        try setPageCache(kibibytes: Store.defaultPageCacheKibibytes)
        try beginWrite()
        trustsLinkKeys = true
        guard let newSchema, SchemaCoding.encode(newSchema) != SchemaCoding.encode(before) else {
            try filterImportedKeys()
            return before
        }
        do {
            try migrate(from: before, to: newSchema, migration: nil)
            try saveSchema(newSchema)
            try filterImportedKeys()
        } catch {
            try cancelImport(restoring: before)
            throw error
        }
        return before
    }

    /// Gives each class with a primary key that holds no objects yet a `PrimaryKeyFilter` for
    /// the import, so that creating its objects skips the lookup of keys it cannot hold.
    private func filterImportedKeys() throws {
        for info in classes.values where info.primaryKey != nil && !info.isEmbedded && !info.isAsymmetric {
            let statement = try connection.cached("SELECT 1 FROM \(info.table) LIMIT 1")
            defer { statement.reset() }
            info.importedKeys = try statement.step() ? nil : PrimaryKeyFilter()
        }
    }

    /// Drops the import's primary-key filters (its transaction has ended).
    func dropImportedKeys() {
        for info in classes.values { info.importedKeys = nil }
    }

    /// Rolls back the import's transaction (and any migration `beginImport` applied) and
    /// returns the store to the schema it had before.
    public func cancelImport(restoring before: CompiledSchema) throws {
        if inWriteTransaction { try cancelWrite() }
        if SchemaCoding.encode(before) != SchemaCoding.encode(schema) {
            try installSchema(before)
        }
    }

    /// Rows inserted, updated or deleted through this store since it was opened (SQLite's
    /// `total_changes`): an upsert that leaves it unchanged changed nothing.
    public var totalChanges: Int {
        Int(sqlite3_total_changes64(connection.handle))
    }
}

extension Store {
    /// `create(_:value:update:)` for the importer: also says whether the object existed, and
    /// with `savepoint: false` runs without the savepoint that makes one call atomic, for an
    /// importer that rolls the whole transaction back on any error (after such a call throws,
    /// the transaction may hold part of the object and must not be committed).
    public func createForImport(_ className: String, value fields: [String: InputValue], update policy: UpdatePolicy,
                                savepoint: Bool) throws -> (key: ObjectKey, existed: Bool) {
        try createForImport(try creatableClass(className, policy), fields, policy: policy, savepoint: savepoint)
    }

    /// `createForImport(_:value:update:savepoint:)` with the fields by property position, as the
    /// importer builds them (`FieldsByPosition`, in the order of the class's persisted properties).
    package func createForImport(_ className: String, fields: consuming FieldsByPosition, update policy: UpdatePolicy,
                                 savepoint: Bool) throws -> (key: ObjectKey, existed: Bool) {
        let info = try creatableClass(className, policy)
        precondition(fields.inputs.count == info.properties.count, StoreError.Trap.fieldsOfAnotherSchema(className))
        return try createForImport(info, fields, policy: policy, savepoint: savepoint)
    }

    private func createForImport(_ info: ClassInfo, _ fields: consuming some ObjectFields, policy: UpdatePolicy,
                                 savepoint: Bool) throws -> (key: ObjectKey, existed: Bool) {
        let created: (key: Int64, existed: Bool)
        if savepoint {
            // A closure cannot consume what it captures: the savepoint's path works on a copy.
            let captured = fields
            created = try atomically { try createOrUpdateObject(info, captured, policy: policy) }
        } else {
            created = try createOrUpdateObject(info, fields, policy: policy)
        }
        return (ObjectKey(className: info.name, key: created.key), created.existed)
    }
}
