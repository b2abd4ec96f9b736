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
        nonisolated(unsafe) public static var defaultConfiguration = Configuration()

        /// The store file.
        public var fileURL: URL?
        /// The schema version; raise it together with a `migrationBlock` for breaking changes.
        public var schemaVersion: UInt64
        /// Runs when the file's schema version is lower than `schemaVersion`.
        public var migrationBlock: MigrationBlock?
        /// The model types of the Realm (nil: every type used so far, growing on first use).
        public var objectTypes: [ObjectBase.Type]?

        public init(fileURL: URL? = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("default.realm"),
                    schemaVersion: UInt64 = 0, migrationBlock: MigrationBlock? = nil, objectTypes: [ObjectBase.Type]? = nil) {
            self.fileURL = fileURL
            self.schemaVersion = schemaVersion
            self.migrationBlock = migrationBlock
            self.objectTypes = objectTypes
        }

        /// The store file path.
        var path: String {
            (fileURL ?? URL(fileURLWithPath: "default.realm")).standardizedFileURL.path
        }
    }
}
