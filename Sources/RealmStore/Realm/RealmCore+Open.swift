import Foundation
import RealmEngine
import RealmSchema

/// Opening a core's store as the configuration asks: read-only, deleting a file that needs a
/// migration (`deleteRealmIfMigrationNeeded`), or migrating it.
extension RealmCore {
    /// The store of `path` and the model types the core registers.
    static func openStore(_ configuration: Realm.Configuration, path: String, infos: [TypeInfo]) throws -> (Store, [TypeInfo]) {
        if let seed = configuration.seedFilePath, configuration.inMemoryIdentifier == nil {
            try copySeed(seed.path, to: path)
        }
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

    /// Copies the store at `seed` to `path` unless a file is there: through a temporary file
    /// beside `path`, linked into place so that a file another thread or process put there
    /// first is kept. A seed that is missing or not a store fails with the file untouched.
    private static func copySeed(_ seed: String, to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let url = URL(fileURLWithPath: path)
        guard let handle = FileHandle(forReadingAtPath: seed) else {
            throw Realm.Error(.fileNotFound, RealmMessages.seedMissing(seed), fileURL: url)
        }
        let header = (try? handle.read(upToCount: 20)) ?? Data()
        try? handle.close()
        guard header.starts(with: Array("SQLite format 3\0".utf8)) else {
            let realmFile = header.count == 20 && header.suffix(4).elementsEqual("T-DB".utf8)
            throw Realm.Error(.invalidDatabase, realmFile ? RealmMessages.seedIsRealmFile(seed) : RealmMessages.seedNotAStore(seed),
                              fileURL: url)
        }
        let temporary = path + ".seed-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do {
            try FileManager.default.copyItem(atPath: seed, toPath: temporary)
        } catch {
            throw Realm.Error(.fileOperationFailed, RealmMessages.seedNotCopied(seed, path), fileURL: url)
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw Realm.Error(.fileOperationFailed, RealmMessages.seedNotCopied(seed, path), fileURL: url)
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
