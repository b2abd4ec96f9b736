import RealmSchema

extension Store {
    /// The objects whose `property` links to `object`: the value of a `linkingObjects`
    /// property, computed from the links (one entry per link, ordered by owner).
    func linkingObjects(_ object: ObjectKey, _ linking: PropertySchema) throws -> [ObjectKey] {
        guard case .linkingObjects(let originClass, let originProperty) = linking.type.base else { return [] }
        let origin = try classInfo(originClass)
        let property = try origin.property(originProperty)
        let sql: String
        switch property.collection {
        case .single:
            sql = "SELECT _key FROM \(origin.table) WHERE \(property.column) = ? ORDER BY _key"
        case .list:
            sql = "SELECT owner FROM \(property.sideTable) WHERE value = ? ORDER BY owner, pos"
        case .set, .map:
            sql = "SELECT owner FROM \(property.sideTable) WHERE value = ? ORDER BY owner"
        }
        let statement = try connection.cached(sql)
        statement.bind(1, object.key)
        defer { statement.reset() }
        var result: [ObjectKey] = []
        while try statement.step() {
            result.append(ObjectKey(className: originClass, key: statement.int64(0)))
        }
        return result
    }

    /// The objects of an asymmetric class waiting in the outbox, oldest first (at most
    /// `limit`). Read their values with `values(of:)`, then `drainOutbox` what was written.
    ///
    /// For example:
    ///
    ///     let batch = try store.outbox("Reading", limit: 1000)
    public func outbox(_ className: String, limit: Int = .max) throws -> [ObjectKey] {
        let info = try outboxClass(className)
        let statement = try connection.cached("SELECT _key FROM \(info.table) ORDER BY _key LIMIT ?")
        statement.bind(1, Int64(min(limit, Int(Int64.max))))
        defer { statement.reset() }
        var result: [ObjectKey] = []
        while try statement.step() {
            result.append(ObjectKey(className: className, key: statement.int64(0)))
        }
        return result
    }

    /// Removes outbox objects (with their embedded objects), typically those just exported,
    /// in the caller's write transaction.
    public func drainOutbox(_ objects: [ObjectKey]) throws {
        try requireWrite()
        try atomically {
            for object in objects {
                try deleteObject(try outboxClass(object.className), object.key, fromOwner: false)
            }
        }
    }

    /// The storage of an asymmetric class, whose objects wait in its outbox.
    ///
    /// - Throws: `StoreError.notAsymmetric` for any other class.
    func outboxClass(_ className: String) throws -> ClassInfo {
        let info = try classInfo(className)
        guard info.isAsymmetric else { throw StoreError.notAsymmetric(className) }
        return info
    }
}
