extension Store {
    /// Sets one property of an existing object, as a Realm property setter does: collections
    /// are replaced, a nested object input creates a new object (or upserts one with a primary
    /// key), a replaced embedded object is deleted.
    ///
    /// - Throws: `Cannot modify primary key after creation: 'C.p'` for a changed primary key,
    ///   `Object has been deleted or invalidated.`, type errors, the write-transaction error.
    ///
    /// For example:
    ///
    ///     try store.set(order, "addr", ["city": "Bergen"])
    public func set(_ object: ObjectKey, _ property: String, _ value: InputValue) throws {
        try requireWrite()
        let info = try classInfo(object.className)
        let property = try info.property(property)
        guard try exists(info, object.key) else { throw StoreError.invalidatedObject }
        if property.isPrimaryKey {
            let current = try get(object, property.name)
            if current != (try scalarInput(value, property)) {
                throw StoreError.primaryKeyModified(info.name, property.name)
            }
            return
        }
        try atomically { try updateObject(info, object.key, [property.name: value], policy: .all) }
    }

    /// Applies the supplied properties to an existing object under `.all` or `.modified`
    /// (REALM-RULES §3.6); absent properties stay untouched, the primary key is not written.
    func updateObject(_ info: ClassInfo, _ key: Int64, _ fields: [String: InputValue], policy: UpdatePolicy) throws {
        guard let row = try readRow(info, key) else { throw StoreError.invalidatedObject }
        let columns = info.rowColumns
        for position in info.singlePositions {
            let property = info.properties[position]
            guard let input = fields[property.name], !property.isPrimaryKey else { continue }
            let column = Int(columns[position]!)
            if property.isMixed {
                let old: MixedSlot = (row[column + 1].int, row[column])
                if let new = try assignMixed(old: old, new: input.mixedValue, policy: policy) {
                    try updateColumns(info, property, key, [new.value, .int(new.tag)])
                }
            } else if property.isLink {
                let current = row[column].isNull ? nil : row[column].int
                let target = try linkTarget(property, input, current: current, policy: policy)
                if target != current {
                    try updateColumns(info, property, key, [target.map { .int($0) } ?? .null])
                    if property.targetIsEmbedded, let current {
                        try deleteObject(try classInfo(property.target!), current, fromOwner: true)
                    }
                }
            } else {
                let value = try scalarInput(input, property)
                let encoded = try encode(value, property, optional: property.isOptional)
                if policy == .modified, try decoded(row[column], property.base) == value { continue }
                try updateColumns(info, property, key, [encoded])
            }
        }
        for position in info.collectionPositions {
            let property = info.properties[position]
            if let input = fields[property.name] {
                try writeCollection(property, owner: key, input, policy: policy, isNew: false)
            }
        }
    }

    /// `UPDATE` of one property's column(s) (value, and the type tag for mixed).
    private func updateColumns(_ info: ClassInfo, _ property: PropertyInfo, _ key: Int64, _ values: [SQLValue]) throws {
        let assignments = property.isMixed ? "\(property.column) = ?, \(property.typeColumn) = ?" : "\(property.column) = ?"
        let statement = try connection.cached("UPDATE \(info.table) SET \(assignments) WHERE _key = ?")
        for (index, value) in values.enumerated() {
            statement.bind(Int32(index + 1), value)
        }
        statement.bind(Int32(values.count + 1), key)
        try statement.run()
    }
}
