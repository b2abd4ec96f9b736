import Foundation
import RealmSchema

/// An embedded, transactional object store for Realm-style models in one SQLite file.
///
/// The dynamic API works with class and property names (the Swift names of the schema) and
/// `StoreValue`/`InputValue`; the importer, the exporter and the typed API build on it. A store
/// belongs to one thread at a time (like a Realm instance); open another instance elsewhere.
///
/// Storage layout (all names quoted as written; inspect with `sqlite3 FILE .tables`):
/// - `_realm_meta(key, value)`: `schema` (JSON), `schemaVersion`, `format`, `nextNode`.
/// - `_realm_classes(id, name)`: a stable id per class, used by links inside mixed values.
/// - `"<Model>"`: one table per model, `_key INTEGER PRIMARY KEY`, then one column per
///   single-valued property named by its stored name (`mapTo`), plus `"<name>.type"` beside a
///   mixed column. Embedded objects and the asymmetric outbox are model tables too.
/// - `"<Model>.<property>"`: List `(owner, pos, value)`, MutableSet `(owner, value)`,
///   Map `(owner, key, value)` side tables (`WITHOUT ROWID`, clustered by owner).
/// - `_realm_mixed(node, slot, type, value)`: elements of lists (slot = index) and
///   dictionaries (slot = key) nested inside mixed values.
/// - Value encodings: bool/int/link INTEGER, string TEXT (exact length, NUL allowed), data
///   BLOB, float/double REAL in a BLOB-declared column (no affinity, so -0.0 stays) with NaN
///   as its bit pattern in a BLOB, ObjectId/UUID 12/16-byte BLOBs, date a 12-byte BLOB that
///   sorts chronologically, decimal128 a 35-byte BLOB that sorts numerically (`Decimal128`).
/// - Indexes: unique on the primary key, `indexed: true` columns, link columns; FTS5 tables
///   `"<Model>.<property>.fts"` for `indexed: fulltext`.
///
/// Durability: WAL journal, `synchronous=NORMAL`: committed writes survive a killed process;
/// after power loss the last commits may roll back, the file stays consistent.
///
/// For example:
///
///     let store = try Store(path: "app.sqlite", schema: schema)
///     try store.write {
///         try store.create("Person", value: ["_id": .value(.objectId(.generate())), "name": "Ada"])
///     }
public final class Store {
    let connection: Connection
    /// The file path.
    public let path: String
    /// The schema the store was opened with (now also the stored schema).
    public private(set) var schema: Schema
    var classes: [String: ClassInfo] = [:]
    var classNames: [Int64: String] = [:]
    /// For each class: the properties (of any class) that link to it.
    var incomingLinks: [String: [(ClassInfo, PropertyInfo)]] = [:]
    /// Every mixed property, for nullifying links held in mixed values.
    var mixedProperties: [(ClassInfo, PropertyInfo)] = []
    var inWriteTransaction = false
    /// Whether each change (`create`, `set`, `delete`, `deleteAll`, the List, MutableSet and
    /// Map operations, `drainOutbox`) runs in its own savepoint, so that one failing call
    /// leaves none of its changes (default `true`).
    ///
    /// Bulk loaders that cancel the whole write transaction on any error (realm-import) may turn
    /// it off: the savepoint's page journal costs about a fifth of an insert. With it off, a
    /// failing call may leave part of its changes in the open transaction.
    public var atomicOperations = true
    var nextNode: Int64 = 0
    var nextNodeLoaded = false
    /// Whether links to existing objects given as keys (`.object(key)`) are taken as they are,
    /// without checking that the object still exists: only inside an import's transaction,
    /// whose importer passes only keys of objects it has just created or found, and only until
    /// anything is rolled back to a savepoint (which may remove such an object). An import
    /// with any error is rolled back as a whole, so a key it should not have trusted never
    /// reaches a commit.
    var trustsLinkKeys = false

    /// Opens or creates the store at `path` with `schema`.
    ///
    /// A new file gets the schema. An existing file's schema is compared with `schema`:
    /// additive changes (new models, new properties, index and documentation changes) apply
    /// automatically; any other difference needs a higher `schemaVersion` and a `migration`
    /// block, else the open fails with `StoreError.Code.migrationRequired` listing each
    /// difference.
    public init(path: String, schema: Schema, migration: ((Migration) throws -> Void)? = nil) throws {
        self.path = path
        self.connection = try Connection(path: path)
        self.schema = schema
        try configure()
        try openSchema(schema, migration: migration)
    }

    /// Opens an existing store with the schema stored in it.
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Store.missingFileError(path)
        }
        self.path = path
        self.connection = try Connection(path: path)
        self.schema = Schema()
        try configure()
        guard let stored = try Store.storedSchema(connection) else {
            throw StoreError.noStoredSchema(path)
        }
        try installSchema(stored.schema)
    }

    /// The schema stored in the file at `path` (for `realm-schema dump --store`).
    public static func storedSchema(at path: String) throws -> Schema {
        try Store(path: path).schema
    }

    /// The schema version of the open store.
    public var schemaVersion: UInt64 { schema.schemaVersion }

    private func configure() throws {
        _ = try connection.scalarText("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF")
        try setPageCache(kibibytes: Store.defaultPageCacheKibibytes)
    }

    /// Builds the per-class storage descriptions for `schema` from `_realm_classes` ids.
    func installSchema(_ schema: Schema) throws {
        self.schema = schema
        var ids: [String: Int64] = [:]
        let statement = try Statement(database: connection.handle, sql: "SELECT id, name FROM _realm_classes")
        while try statement.step() {
            ids[statement.string(1)] = statement.int64(0)
        }
        releaseClasses()
        classNames = [:]
        incomingLinks = [:]
        mixedProperties = []
        for model in schema.models {
            guard let id = ids[model.name] else {
                throw StoreError.classWithoutID(path, model.name)
            }
            let info = ClassInfo(model: model, classID: id, schema: schema)
            classes[model.name] = info
            classNames[id] = model.name
        }
        for info in classes.values {
            for property in info.properties {
                property.targetInfo = property.target.flatMap { classes[$0] }
                if let target = property.target { incomingLinks[target, default: []].append((info, property)) }
                if property.isMixed { mixedProperties.append((info, property)) }
            }
        }
        connection.clearCache()
    }

    /// Drops the per-class storage descriptions, first unlinking their resolved link targets
    /// (`PropertyInfo.targetInfo`), which would keep them alive in a cycle.
    private func releaseClasses() {
        for info in classes.values {
            for property in info.properties { property.targetInfo = nil }
        }
        classes = [:]
    }

    deinit {
        releaseClasses()
    }

    /// The storage description of a class.
    func classInfo(_ name: String) throws -> ClassInfo {
        guard let info = classes[name] else { throw StoreError.unknownClass(name) }
        return info
    }

    /// The storage description of the class a link property points to.
    func targetInfo(_ property: PropertyInfo) throws -> ClassInfo {
        if let target = property.targetInfo { return target }
        return try classInfo(property.target!)
    }

    /// Runs `PRAGMA integrity_check` and returns its first line (`ok` when the file is sound).
    public func integrityCheck() throws -> String {
        try connection.scalarText("PRAGMA integrity_check") ?? ""
    }

    /// Writes the WAL into the main file (e.g. before copying the file elsewhere).
    public func checkpoint() throws {
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
