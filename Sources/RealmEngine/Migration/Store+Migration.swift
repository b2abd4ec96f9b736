import Foundation
import RealmSchema

extension Store {
    /// Brings the file from `old` to `new` inside the caller's transaction (see `SchemaDiff`):
    /// additive changes first, then changed and removed classes are set aside and the changed
    /// ones rebuilt, the migration block runs on the new schema, and the old tables go.
    func migrate(from old: CompiledSchema, to new: CompiledSchema, migration: ((Migration) throws -> Void)?) throws {
        let diff = try allowedDiff(from: old, to: new, hasMigrationBlock: migration != nil)
        let ids = try classIDs()
        try addModelsAndProperties(diff, in: new)
        try changeIndexes(diff, in: new)
        let (oldClasses, retired) = try setAsideOldClasses(diff, from: old, to: new, ids: ids)
        try forgetRemovedClasses(diff)
        for model in new.models where diff.changedModels.contains(model.name) {
            try rebuild(model, from: oldClasses[model.name]!, id: ids[model.name]!, in: new)
        }
        try installSchema(new)
        if let migration, !diff.differences.isEmpty || new.schemaVersion > old.schemaVersion {
            try runMigrationBlock(migration, Migration(oldSchema: old, newSchema: new, store: self, oldClasses: oldClasses))
        }
        for info in retired {
            try dropRetired(info, keeping: new.model(named: Store.retiredClassName(info.name)))
        }
        connection.clearCache()
    }

    /// The differences from `old` to `new`, when they may be applied: the schema version does
    /// not go down, and breaking differences come with a higher version and a migration block.
    private func allowedDiff(from old: CompiledSchema, to new: CompiledSchema, hasMigrationBlock: Bool) throws -> SchemaDiff {
        if new.schemaVersion < old.schemaVersion {
            throw StoreError.schemaVersionDecreased(to: new.schemaVersion, from: old.schemaVersion)
        }
        let diff = SchemaDiff(old: old, new: new)
        if !diff.differences.isEmpty && (new.schemaVersion <= old.schemaVersion || !hasMigrationBlock) {
            throw diff.error
        }
        return diff
    }

    /// Creates the tables of new models and the columns of new properties of unchanged models
    /// (changed models get theirs when rebuilt).
    private func addModelsAndProperties(_ diff: SchemaDiff, in new: CompiledSchema) throws {
        for model in diff.addedModels {
            try createClass(model, in: new)
        }
        for (model, property) in diff.addedProperties where !diff.changedModels.contains(model.name) {
            try addProperty(property, to: model, in: new)
        }
    }

    /// Replaces the indexes of properties whose `indexed` changed (in unchanged models),
    /// filling a new full-text index from the existing rows.
    private func changeIndexes(_ diff: SchemaDiff, in new: CompiledSchema) throws {
        for (model, previous, property) in diff.indexChanges where !diff.changedModels.contains(model.name) {
            try dropIndexes(of: previous, table: model.name)
            for statement in PropertyInfo(schema: property, className: model.name, model: new.model(named:)).indexDefinitions(table: model.name) {
                try connection.execute(statement)
            }
            if property.indexed == .fulltext {
                let fts = quoted(model.name + "." + property.storedName + ".fts")
                try connection.execute("INSERT INTO \(fts)(\(fts)) VALUES ('rebuild')")
            }
        }
    }

    /// The storage of every old class, for the migration block: changed and removed classes
    /// are renamed aside (`retire`) and also returned as `retired`, to drop at the end;
    /// the others stay where they are.
    private func setAsideOldClasses(_ diff: SchemaDiff, from old: CompiledSchema, to new: CompiledSchema,
                                    ids: [String: Int64]) throws -> (oldClasses: [String: ClassInfo], retired: [ClassInfo]) {
        var oldClasses: [String: ClassInfo] = [:]
        var retired: [ClassInfo] = []
        for model in old.models {
            guard let id = ids[model.name] else { continue }
            if diff.changedModels.contains(model.name) || new.model(named: model.name) == nil {
                let info = try retire(model, id: id, in: old)
                retired.append(info)
                oldClasses[model.name] = info
            } else {
                oldClasses[model.name] = ClassInfo(model: model, classID: id, schema: old)
            }
        }
        return (oldClasses, retired)
    }

    /// Takes removed classes out of `_realm_classes`.
    private func forgetRemovedClasses(_ diff: SchemaDiff) throws {
        for model in diff.removedModels {
            let statement = try Statement(database: connection.handle, sql: "DELETE FROM _realm_classes WHERE name = ?")
            statement.bind(1, model.name)
            try statement.run()
        }
    }

    /// Runs the migration block as a write transaction on the new schema (the caller's
    /// transaction is already open), keeping the nested-collection node counter it advanced.
    private func runMigrationBlock(_ block: (Migration) throws -> Void, _ migration: Migration) throws {
        inWriteTransaction = true
        defer { inWriteTransaction = false }
        try block(migration)
        try saveNextNode()
    }

    private func classIDs() throws -> [String: Int64] {
        let statement = try Statement(database: connection.handle, sql: "SELECT name, id FROM _realm_classes")
        var ids: [String: Int64] = [:]
        while try statement.step() { ids[statement.string(0)] = statement.int64(1) }
        return ids
    }

    /// Adds a column (or side table) for a new property and fills existing objects with its
    /// default.
    private func addProperty(_ schema: PropertySchema, to model: ModelSchema, in new: CompiledSchema) throws {
        let property = PropertyInfo(schema: schema, className: model.name, model: new.model(named:))
        let table = quoted(model.name)
        for definition in property.columnDefinitions {
            try connection.execute("ALTER TABLE \(table) ADD COLUMN \(definition)")
        }
        if let side = property.sideTableDefinition { try connection.execute(side) }
        for statement in property.indexDefinitions(table: model.name) { try connection.execute(statement) }
        try fillDefault(property, table: table)
    }

    /// Sets a new non-optional scalar column to its default on every existing row.
    func fillDefault(_ property: PropertyInfo, table: String) throws {
        guard property.isSingle, !property.isOptional, !property.isMixed, !property.isLink else { return }
        var value = defaultValue(property)
        if property.schema.defaultValue == nil {
            switch property.base {
            case .objectId: value = .objectId(ObjectId())
            case .uuid: value = .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
            case .date: value = .date(Timestamp(seconds: 0))
            default: break
            }
        }
        let statement = try Statement(database: connection.handle, sql: "UPDATE \(table) SET \(property.column) = ?")
        statement.bind(1, try encode(value, property, optional: false))
        try statement.run()
    }
}
