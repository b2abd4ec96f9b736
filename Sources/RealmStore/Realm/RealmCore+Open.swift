import Foundation
import RealmEngine
import RealmSchema

/// Opening a core's store as the configuration asks: read-only, deleting a file that needs a
/// migration (`deleteRealmIfMigrationNeeded`), or migrating it.
extension RealmCore {
    /// The store of `path` and the model types the core registers.
    static func openStore(_ configuration: Realm.Configuration, path: String, infos: [TypeInfo]) throws -> (Store, [TypeInfo]) {
        if configuration.readOnly { return try openReadOnly(configuration, path: path, infos: infos) }
        guard configuration.deleteRealmIfMigrationNeeded, !isOpen(path) else {
            return (try openMigrating(configuration, path: path, infos: infos), infos)
        }
        if let stored = try? Store.storedSchema(at: path), stored.schemaVersion != configuration.schemaVersion {
            try Realm.deleteStoreFiles(path)
        }
        do {
            return (try openMigrating(configuration, path: path, infos: infos), infos)
        } catch let error as StoreError where error.code == .migrationRequired || error.code == .invalidSchemaVersion {
            try Realm.deleteStoreFiles(path)
            return (try openMigrating(configuration, path: path, infos: infos), infos)
        }
    }

    /// Opens the file, running the migration block when its schema version is older.
    private static func openMigrating(_ configuration: Realm.Configuration, path: String, infos: [TypeInfo]) throws -> Store {
        let schema = try mergedSchema(path: path, infos: infos, version: configuration.schemaVersion)
        let oldVersion = (try? Store.storedSchema(at: path).schemaVersion) ?? 0
        let migration: ((Migration) throws -> Void)? = configuration.migrationBlock.map { block in
            { migration in block(migration, oldVersion) }
        }
        return try Store(path: path, schema: schema, migration: migration)
    }

    /// Opens an existing file without writing to it: each model type must be stored as it is
    /// declared (types of a configuration without `objectTypes` the file lacks are left out).
    private static func openReadOnly(_ configuration: Realm.Configuration, path: String, infos: [TypeInfo]) throws -> (Store, [TypeInfo]) {
        let store = try Store(path: path, readOnly: true)
        var kept: [TypeInfo] = []
        for info in infos {
            guard store.schema.model(named: info.className) != nil else {
                if configuration.objectTypes == nil { continue }
                throw RealmMessages.readOnlyWithoutModel(info.className, path)
            }
            try store.requireNoMigration(for: info.model)
            kept.append(info)
        }
        return (store, kept)
    }
}
