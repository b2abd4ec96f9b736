import RealmSchema

extension Store {
    /// The prefix of the tables of a retired class (`_realm_old.<name>`).
    private static let retiredPrefix = "_realm_old."

    /// The model name of a retired class's table name.
    static func retiredClassName(_ table: String) -> String {
        String(table.dropFirst(retiredPrefix.count))
    }

    /// Moves a changed or removed class aside: drops its indexes, triggers and FTS tables and
    /// renames its tables to `_realm_old.<name>`; returns the storage of the renamed tables.
    func retire(_ model: ModelSchema, id: Int64, in schema: CompiledSchema) throws -> ClassInfo {
        let info = ClassInfo(model: model, classID: id, schema: schema)
        var renamed = model
        renamed.name = Store.retiredPrefix + model.name
        for property in info.properties {
            try dropIndexes(of: property.schema, table: model.name)
            if !property.isSingle {
                try connection.execute("ALTER TABLE \(property.sideTable) RENAME TO \(quoted(renamed.name + "." + property.storedName))")
            }
        }
        try connection.execute("ALTER TABLE \(info.table) RENAME TO \(quoted(renamed.name))")
        return ClassInfo(model: renamed, classID: id, schema: schema)
    }

    /// Drops every index, trigger and FTS table the store made for a property.
    func dropIndexes(of property: PropertySchema, table: String) throws {
        let base = table + "." + property.storedName
        var sql = ["pk", "index", "value"].map { "DROP INDEX IF EXISTS \(quoted(base + "." + $0));" }
        sql += ["insert", "delete", "update"].map { "DROP TRIGGER IF EXISTS \(quoted(base + ".fts." + $0));" }
        sql.append("DROP TABLE IF EXISTS \(quoted(base + ".fts"));")
        try connection.execute(sql.joined(separator: " "))
    }

    /// Creates the new tables of a changed class and copies what is unchanged: every key, the
    /// columns and collections whose stored name and type are the same; other non-optional
    /// columns get their default.
    func rebuild(_ model: ModelSchema, from old: ClassInfo, id: Int64, in schema: CompiledSchema) throws {
        let info = ClassInfo(model: model, classID: id, schema: schema)
        for statement in info.creationStatements {
            try connection.execute(statement)
        }
        var newColumns = ["_key"], oldColumns = ["_key"]
        var filled: [PropertyInfo] = []
        for property in info.properties {
            let previous = old.properties.first { $0.storedName == property.storedName && $0.schema.type == property.schema.type }
            guard let previous else {
                if property.isSingle { filled.append(property) }
                continue
            }
            if property.isSingle {
                newColumns.append(property.column)
                oldColumns.append(previous.column)
                if property.isMixed {
                    newColumns.append(property.typeColumn)
                    oldColumns.append(previous.typeColumn)
                }
            } else {
                try connection.execute("INSERT INTO \(property.sideTable) SELECT * FROM \(previous.sideTable)")
            }
        }
        try connection.execute("INSERT INTO \(info.table)(\(newColumns.joined(separator: ", "))) "
            + "SELECT \(oldColumns.joined(separator: ", ")) FROM \(old.table)")
        for property in filled {
            try fillDefault(property, table: info.table)
        }
    }

    /// Drops the tables of a retired class, with the nested mixed collections of mixed
    /// properties that were not carried over to `successor`.
    func dropRetired(_ info: ClassInfo, keeping successor: ModelSchema?) throws {
        for property in info.properties {
            let carried = successor?.persistedProperties.contains {
                $0.storedName == property.storedName && $0.type == property.schema.type
            } ?? false
            if property.isMixed && !carried {
                let sql = property.isSingle
                    ? "SELECT \(property.typeColumn), \(property.column) FROM \(info.table)"
                    : "SELECT type, value FROM \(property.sideTable)"
                let statement = try Statement(database: connection.handle, sql: sql)
                var slots: [MixedSlot] = []
                while try statement.step() { slots.append((statement.int64(0), statement.raw(1))) }
                for slot in slots { try deleteMixed(slot) }
            }
            if !property.isSingle {
                try connection.execute("DROP TABLE \(property.sideTable)")
            }
        }
        try connection.execute("DROP TABLE \(info.table)")
    }
}
