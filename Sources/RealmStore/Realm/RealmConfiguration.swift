import Foundation
import RealmEngine

extension Realm {
    /// Called when a store file has an older schema: `migration` gives the old objects and
    /// the store (on the new schema); `oldSchemaVersion` is the file's version.
    public typealias MigrationBlock = (_ migration: Migration, _ oldSchemaVersion: UInt64) -> Void

    /// Where and how a Realm is opened, as in Realm Swift.
    ///
    /// `objectTypes` nil means every model type the program has used so far, and the schema
    /// grows when a new type is first used (an additive migration of the file).
    ///
    /// For example:
    ///
    ///     var config = Realm.Configuration(fileURL: URL(fileURLWithPath: "app.realm"), schemaVersion: 2)
    ///     config.migrationBlock = { migration, oldVersion in }
    ///     let realm = try Realm(configuration: config)
    public struct Configuration {
        /// The configuration `Realm()` uses; the file is `default.realm` in the current directory.
        // nonisolated(unsafe): Realm Swift's API makes this a plain settable static, set by apps before they open Realms on other threads.
        nonisolated(unsafe) public static var defaultConfiguration = Configuration()

        /// The store file; setting it clears `inMemoryIdentifier` (they exclude each other).
        public var fileURL: URL? {
            get { _fileURL }
            set {
                _fileURL = newValue
                _inMemoryIdentifier = nil
            }
        }
        /// The name of an in-memory Realm, shared by every Realm of the process opened with the
        /// same name and gone when the last of them is; setting it clears `fileURL`. Its store
        /// is a hidden temporary file (InMemoryStores; docs/differences-from-realm.md).
        public var inMemoryIdentifier: String? {
            get { _inMemoryIdentifier }
            set {
                _inMemoryIdentifier = newValue
                if newValue != nil { _fileURL = nil }
            }
        }
        /// Opens the file without ever writing to it; it must exist and hold the models, and
        /// beginning a write transaction traps, as in Realm.
        public var readOnly: Bool
        /// The schema version; raise it together with a `migrationBlock` for breaking changes.
        public var schemaVersion: UInt64
        /// Runs when the file's schema version is lower than `schemaVersion`.
        public var migrationBlock: MigrationBlock?
        /// Deletes the file and starts afresh where a migration would be needed or run (the
        /// stored models differ, or the stored schema version is not `schemaVersion`).
        public var deleteRealmIfMigrationNeeded: Bool
        /// The model types of the Realm (nil: every type used so far, growing on first use).
        public var objectTypes: [ObjectBase.Type]?
        /// A store file copied to `fileURL` when a Realm opens and no file is there yet: the
        /// pre-populated store an app bundles (a Realm file of a Realm SDK is turned into one
        /// by `realm-import`). Ignored for in-memory Realms.
        public var seedFilePath: URL?

        private var _fileURL: URL?
        private var _inMemoryIdentifier: String?
        /// The store file of an in-memory Realm, fixed when a Realm of it opens (RealmCore).
        var memoryPath: String?

        public init(fileURL: URL? = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("default.realm"),
                    inMemoryIdentifier: String? = nil, readOnly: Bool = false,
                    schemaVersion: UInt64 = 0, migrationBlock: MigrationBlock? = nil,
                    deleteRealmIfMigrationNeeded: Bool = false, objectTypes: [ObjectBase.Type]? = nil,
                    seedFilePath: URL? = nil) {
            self._fileURL = fileURL
            self.readOnly = readOnly
            self.schemaVersion = schemaVersion
            self.migrationBlock = migrationBlock
            self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
            self.objectTypes = objectTypes
            self.seedFilePath = seedFilePath
            if let inMemoryIdentifier { self.inMemoryIdentifier = inMemoryIdentifier }
        }

        /// The store file path.
        var path: String {
            if let memoryPath { return memoryPath }
            if let identifier = _inMemoryIdentifier { return InMemoryStores.path(for: identifier) }
            return (fileURL ?? URL(fileURLWithPath: "default.realm")).standardizedFileURL.path
        }
    }
}
