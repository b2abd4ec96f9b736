extension Store {
    /// Deletes an object, as Realm does: embedded objects it owns are deleted with it, to-one
    /// links to it become null, List and MutableSet entries pointing at it are removed, Map
    /// entries pointing at it keep their key with a null value, links in mixed values become
    /// null. Deleting an embedded object directly unlinks it from its owner.
    ///
    /// For example:
    ///
    ///     try store.write { try store.delete(item) }
    public func delete(_ object: ObjectKey) throws {
        try requireWrite()
        let info = try classInfo(object.className)
        guard try exists(info, object.key) else { throw StoreError.invalidatedObject }
        try atomically { try deleteObject(info, object.key, fromOwner: false) }
    }

    /// Deletes every object of a class (with the same cascades as `delete`).
    public func deleteAll(_ className: String) throws {
        try requireWrite()
        let info = try classInfo(className)
        try atomically {
            for object in try keys(of: info, order: .insertion) {
                try deleteObject(info, object.key, fromOwner: false)
            }
        }
    }

    /// Deletes one object; `fromOwner` is set when its owner is removing it (no need to
    /// unlink it from that owner).
    func deleteObject(_ info: ClassInfo, _ key: Int64, fromOwner: Bool) throws {
        guard let row = try readRow(info, key) else { return }
        let columns = info.rowColumns
        for position in info.singlePositions {
            let property = info.properties[position]
            let column = Int(columns[position])
            if property.isMixed {
                try deleteMixed((row[column + 1].int, row[column]))
            } else if property.targetIsEmbedded, !row[column].isNull {
                try deleteObject(try targetInfo(property), row[column].int, fromOwner: true)
            }
        }
        for position in info.collectionPositions {
            try clearCollection(info.properties[position], owner: key)
        }
        let statement = try prepared(&info.deleteStatement, info.deleteSQL)
        statement.bind(1, key)
        try statement.run()
        noteDeleted(info, key)
        if !(info.isEmbedded && fromOwner) {
            try unlink(info, key)
        }
    }

    /// Removes or nulls every link to a deleted object (each holder noted as modified).
    private func unlink(_ info: ClassInfo, _ key: Int64) throws {
        for (source, property) in incomingLinks[info.name] ?? [] {
            switch property.collection {
            case .single:
                try noteHolders(source, property, "SELECT _key FROM \(source.table) WHERE \(property.column) = ?", key)
                try run("UPDATE \(source.table) SET \(property.column) = NULL WHERE \(property.column) = ?", key)
            case .map:
                try noteHolders(source, property, "SELECT DISTINCT owner FROM \(property.sideTable) WHERE value = ?", key)
                try run("UPDATE \(property.sideTable) SET value = NULL WHERE value = ?", key)
            case .set:
                try noteHolders(source, property, "SELECT DISTINCT owner FROM \(property.sideTable) WHERE value = ?", key)
                try run("DELETE FROM \(property.sideTable) WHERE value = ?", key)
            case .list:
                try noteHolders(source, property, "SELECT DISTINCT owner FROM \(property.sideTable) WHERE value = ?", key)
                try removeFromLists(property, key)
            }
        }
        let tag = MixedTag.linkBase + info.classID
        for (source, property) in mixedProperties {
            if property.isSingle {
                try noteHolders(source, property, "SELECT _key FROM \(source.table) "
                    + "WHERE \(property.typeColumn) = \(tag) AND \(property.column) = ?", key)
                try run("UPDATE \(source.table) SET \(property.column) = NULL, \(property.typeColumn) = 0 "
                    + "WHERE \(property.typeColumn) = \(tag) AND \(property.column) = ?", key)
            } else {
                try noteHolders(source, property, "SELECT DISTINCT owner FROM \(property.sideTable) "
                    + "WHERE type = \(tag) AND value = ?", key)
                if property.collection == .set {
                    try run("DELETE FROM \(property.sideTable) WHERE type = \(tag) AND value = ?", key)
                } else {
                    try run("UPDATE \(property.sideTable) SET value = NULL, type = 0 WHERE type = \(tag) AND value = ?", key)
                }
            }
        }
        if !mixedProperties.isEmpty {
            try run("UPDATE _realm_mixed SET value = NULL, type = 0 WHERE type = \(tag) AND value = ?", key)
        }
    }

    /// Notes `property` as modified on each object of `source` that `sql` (one key argument)
    /// selects: the holders of a link about to be removed.
    private func noteHolders(_ source: ClassInfo, _ property: PropertyInfo, _ sql: String, _ key: Int64) throws {
        let statement = try connection.cached(sql)
        statement.bind(1, key)
        defer { statement.reset() }
        while try statement.step() {
            noteModified(source, statement.int64(0), CollectionOfOne(property.name))
        }
    }

    /// Removes a target from every list holding it and closes the gaps in positions.
    private func removeFromLists(_ property: PropertyInfo, _ key: Int64) throws {
        let owners = try connection.cached("SELECT DISTINCT owner FROM \(property.sideTable) WHERE value = ?")
        owners.bind(1, key)
        var affected: [Int64] = []
        while try owners.step() { affected.append(owners.int64(0)) }
        owners.reset()
        guard !affected.isEmpty else { return }
        try run("DELETE FROM \(property.sideTable) WHERE value = ?", key)
        let positions = try connection.cached("SELECT pos FROM \(property.sideTable) WHERE owner = ? ORDER BY pos")
        let move = try connection.cached("UPDATE \(property.sideTable) SET pos = ? WHERE owner = ? AND pos = ?")
        for owner in affected {
            positions.bind(1, owner)
            var current: [Int64] = []
            while try positions.step() { current.append(positions.int64(0)) }
            positions.reset()
            for (index, position) in current.enumerated() where Int64(index) != position {
                move.bind(1, Int64(index))
                move.bind(2, owner)
                move.bind(3, position)
                try move.run()
            }
        }
    }

    /// Runs a cached statement with one integer parameter.
    func run(_ sql: String, _ argument: Int64) throws {
        let statement = try connection.cached(sql)
        statement.bind(1, argument)
        try statement.run()
    }
}
