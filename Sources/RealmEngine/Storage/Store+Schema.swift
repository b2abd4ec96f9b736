import RealmSchema

extension Store {
    /// The schema stored in the file and its JSON text, or nil for a file without one.
    static func storedSchema(_ connection: Connection) throws -> (schema: CompiledSchema, json: String)? {
        let hasMeta = try connection.scalarText(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_realm_meta'") != nil
        guard hasMeta, let json = try connection.scalarText("SELECT value FROM _realm_meta WHERE key = 'schema'") else {
            return nil
        }
        return (try SchemaCoding.decode(json), json)
    }

    /// Creates the store's tables for `schema`, or checks and migrates an existing file.
    func openSchema(_ schema: CompiledSchema, migration: ((Migration) throws -> Void)?) throws {
        let json = SchemaCoding.encode(schema)
        if let stored = try Store.storedSchema(connection), stored.json == json {
            try installSchema(stored.schema)
            return
        }
        try connection.execute("BEGIN IMMEDIATE")
        do {
            if let stored = try Store.storedSchema(connection) {
                if stored.json != json {
                    try migrate(from: stored.schema, to: schema, migration: migration)
                    try saveSchema(schema)
                }
            } else {
                try createStore(schema)
            }
            try bumpVersion()
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            inWriteTransaction = false
            throw error
        }
        try installSchema(schema)
    }

    private func createStore(_ schema: CompiledSchema) throws {
        let others = try connection.scalarText(
            "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        guard others == "0" else {
            throw StoreError.foreignDatabase(path)
        }
        try connection.execute("""
            CREATE TABLE _realm_meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
            CREATE TABLE _realm_classes(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE _realm_mixed(node INTEGER NOT NULL, slot NOT NULL, type INTEGER NOT NULL, value BLOB,
                PRIMARY KEY(node, slot)) WITHOUT ROWID;
            INSERT INTO _realm_meta(key, value) VALUES ('format', 1), ('nextNode', 1);
            """)
        for model in schema.models {
            try createClass(model, in: schema)
        }
        try saveSchema(schema)
    }

    /// Creates the tables of one model and gives it a class id.
    func createClass(_ model: ModelSchema, in schema: CompiledSchema) throws {
        let insert = try Statement(database: connection.handle, sql: "INSERT INTO _realm_classes(name) VALUES (?)")
        insert.bind(1, model.name)
        try insert.run()
        let info = ClassInfo(model: model, classID: connection.lastInsertRowID, schema: schema)
        for statement in info.creationStatements {
            try connection.execute(statement)
        }
    }

    func saveSchema(_ schema: CompiledSchema) throws {
        let statement = try Statement(database: connection.handle,
                                      sql: "INSERT OR REPLACE INTO _realm_meta(key, value) VALUES ('schema', ?), ('schemaVersion', ?)")
        statement.bind(1, SchemaCoding.encode(schema))
        statement.bind(2, Int64(bitPattern: schema.schemaVersion))
        try statement.run()
    }
}
