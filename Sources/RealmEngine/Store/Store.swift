import Foundation
import RealmSchema

/// An embedded, transactional object store for Realm-style models in one SQLite file.
///
/// The dynamic API works with class and property names (the Swift names of the schema) and
/// `StoreValue`/`InputValue`; the importer, the exporter and the typed API build on it. A store
/// belongs to one thread at a time (like a Realm instance); open another instance elsewhere.
///
/// Storage layout (all names quoted as written; inspect with `sqlite3 FILE .tables`):
/// - `_realm_meta(key, value)`: `schema` (JSON), `schemaVersion`, `format`, `nextNode`,
///   `version` (commits so far, Store+Versions).
/// - `_realm_classes(id, name)`: a stable id per class, used by links inside mixed values.
/// - `_realm_changes(version, seq, class, kind, low, high, properties)`: the change log
///   (Store+ChangeLog).
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
    /// The SQLite connection; a store pinning versions moves to a new one when frozen stores
    /// still read the old one (Store+Versions).
    var connection: Connection
    /// The file path.
    public let path: String
    /// The schema the store was opened with (now also the stored schema).
    public private(set) var schema: CompiledSchema
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
    /// Whether a read transaction stays open between operations (Store+Versions).
    var pinsVersions = false
    /// Whether the pinned read transaction is open.
    var readIsOpen = false
    /// The version (commit count) the store reads, when pinning versions.
    var pinnedVersion: UInt64 = 0
    /// SQLite's schema cookie as of the installed schema, when pinning versions.
    var schemaCookie: Int64 = -1
    /// Whether this is a frozen snapshot sharing another store's connection.
    var frozen = false
    /// The open row streams of iterations (TypedAPI/ResultRowStream.swift), detached before the read
    /// transaction ends.
    var rowStreams: [WeakRowStream] = []
    /// What the open write transaction changed, for the change log (Store+ChangeLog).
    var changeRecorder = ChangeRecorder()
    /// Whether the change log table is known to exist.
    var changeLogReady = false
    /// How many versions the change log keeps at least (Store+ChangeLog; `package` for tests).
    package var changeLogRetention: UInt64 = 1024
    /// Whether `checkedForDamage` found the file sound.
    private var checkedSound = false
    /// Whether commits log their changes one by one (`package`, for the benchmark of the log's
    /// cost): when off, each commit is logged as an overflow, so observers re-read everything.
    package var logsChanges = true

    /// Opens or creates the store at `path` with `schema`.
    ///
    /// A new file (or an empty one) gets the schema. An existing file's schema is compared
    /// with `schema`: additive changes (new models, new properties, index and documentation
    /// changes) apply automatically; any other difference needs a higher `schemaVersion` and a
    /// `migration` block, else the open fails with `StoreError.Code.migrationRequired` listing
    /// each difference. A file that is not a store fails the open unchanged.
    ///
    /// `onWait` is told once when a lock held by another process has been waited for a second
    /// (the store waits up to 10 seconds, then fails naming the busy store).
    public init(path: String, schema: CompiledSchema, migration: ((Migration) throws -> Void)? = nil,
                onWait: (@Sendable (String) -> Void)? = nil) throws {
        self.path = path
        self.connection = try Store.connect(path, access: .create, onWait: onWait)
        self.schema = schema
        try configure()
        try openSchema(schema, migration: migration)
    }

    /// Opens an existing store with the schema stored in it; `readOnly` opens it without ever
    /// writing to it (also in a read-only directory or mount). `onWait` as above.
    public init(path: String, readOnly: Bool = false, onWait: (@Sendable (String) -> Void)? = nil) throws {
        self.path = path
        self.connection = try Store.connect(path, access: readOnly ? .read : .write, onWait: onWait)
        self.schema = CompiledSchema()
        if readOnly {
            try setPageCache(kibibytes: Store.defaultPageCacheKibibytes)
        } else {
            try configure()
        }
        guard let stored = try Store.storedSchema(connection) else {
            throw StoreError.noStoredSchema(path)
        }
        try installSchema(stored.schema)
    }

    /// A frozen snapshot reading `live`'s connection at its pinned version (Store+Versions);
    /// the connection's statement cache stays as it is, in use by `live`.
    init(sharing live: Store) throws {
        self.path = live.path
        self.connection = live.connection
        self.schema = live.schema
        self.pinsVersions = true
        self.readIsOpen = true
        self.pinnedVersion = live.pinnedVersion
        self.schemaCookie = live.schemaCookie
        try connection.lock.withLock {
            try installSchema(live.schema, clearingCache: false)
            connection.frozenUsers += 1
            frozen = true
        }
    }

    /// The schema stored in the file at `path` (for `realm-schema dump --store`); reads only.
    public static func storedSchema(at path: String) throws -> CompiledSchema {
        try Store(path: path, readOnly: true).schema
    }

    /// The connection for `access`, once the file at `path` is known to be a store (or, to
    /// create one, to be absent, empty or an SQLite database without tables): nothing that
    /// may write, not even a journal mode, reaches a file before that (docs/store-file.md,
    /// "Opening").
    private static func connect(_ path: String, access: Connection.Access,
                                onWait: (@Sendable (String) -> Void)?) throws -> Connection {
        guard FileManager.default.fileExists(atPath: path) else {
            if access == .create { return try Connection(path: path, access: .create, onWait: onWait) }
            throw Store.missingFileError(path)
        }
        if OpenFiles.isOpen(path) {
            // Known to be a store, and its header must not be read here (OpenFiles). One that
            // nothing may write is read as it is, as below.
            if access == .read, !StoreFile.hasWriteAheadLog(path), !StoreFile.isWritable(path) {
                return try Connection(path: path, access: .readImmutable, onWait: onWait)
            }
            return try Connection(path: path, access: access == .create ? .write : access, onWait: onWait)
        }
        let walMode: Bool
        switch try StoreFile.contents(of: path) {
        case .empty:
            if access == .create { return try Connection(path: path, access: .create, onWait: onWait) }
            throw StoreError.emptyFile(path)
        case .notSQLite:
            throw StoreError.notSQLite(path)
        case .sqlite(let wal):
            walMode = wal
        }
        // A store leaves WAL mode only for the bulk load that creates it (Store+BulkLoad).
        if !walMode, FileManager.default.fileExists(atPath: path + "-journal"), StoreFile.isLockedByWriter(path) {
            throw StoreError.beingCreated(path)
        }
        // Without a write-ahead log the main file holds everything: read it as it is, with no
        // lock and no -shm file. With one, a plain read-only connection reads it too.
        let hasLog = StoreFile.hasWriteAheadLog(path)
        let writable = StoreFile.isWritable(path)
        // An immutable connection reads without locks: a writable store in WAL mode may get a
        // log and a checkpoint from another process at any moment, so it is read under
        // SQLite's locks (else the probe could read a page half-checkpointed: "malformed").
        let racy = !hasLog && walMode && writable
        let probe = try Connection(path: path, access: hasLog ? .read : racy ? .write : .readImmutable, onWait: onWait)
        if try !isStore(probe) {
            let creatable = try access == .create && probe.scalarText("SELECT count(*) FROM sqlite_master") == "0"
            guard creatable else { throw StoreError.foreignDatabase(path) }
        }
        // A store nobody may write is read as unchanging (below), so nothing writes it here
        // either; SQLite would otherwise fail at the first write with the store half-opened.
        if access != .read, !writable { throw StoreError.readOnlyStore(path) }
        switch access {
        case .read where !hasLog && !writable:
            // Nothing may write here (a read-only file, directory or mount): read the file as it
            // is, with no lock, no -wal and no -shm file (SQLite could not make them, or would
            // leave them behind).
            return probe
        case .read where !hasLog && walMode:
            // A read-only connection would make a -wal and a -shm file and leave them behind (it
            // may not delete them); this one removes them when it closes, and may not write.
            let reader = try Connection(path: path, access: .write, onWait: onWait)
            try reader.execute("PRAGMA query_only=1")
            return reader
        case .read, .readImmutable:
            return try Connection(path: path, access: .read, onWait: onWait)
        case .create, .write:
            return try Connection(path: path, access: access, onWait: onWait)
        }
    }

    /// Whether the database has realm-tools' schema table (`_realm_meta`).
    private static func isStore(_ connection: Connection) throws -> Bool {
        do {
            return try connection.scalarText(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_realm_meta'") != nil
        } catch let error as StoreError where error.code == .sqlite(SQLiteCode.notADatabase) {
            throw StoreError.notSQLite(connection.path)
        }
    }

    /// Fails with `StoreError.Code.migrationRequired` when `model` differs from the stored model
    /// of its name in a way only a migration may bring about (for a model type first used
    /// after the open, docs/migrations.md); a model the store lacks passes.
    package func requireNoMigration(for model: ModelSchema) throws {
        guard let stored = schema.model(named: model.name) else { return }
        let diff = SchemaDiff(old: CompiledSchema(schemaVersion: schema.schemaVersion, models: [stored]),
                              new: CompiledSchema(schemaVersion: schema.schemaVersion, models: [model]))
        if !diff.differences.isEmpty { throw diff.error }
    }

    /// The schema version of the open store.
    public var schemaVersion: UInt64 { schema.schemaVersion }

    func configure() throws {
        _ = try connection.scalarText("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF")
        connection.noteFileExists()
        try setPageCache(kibibytes: Store.defaultPageCacheKibibytes)
    }

    /// Builds the per-class storage descriptions for `schema` from `_realm_classes` ids.
    func installSchema(_ schema: CompiledSchema, clearingCache: Bool = true) throws {
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
        if clearingCache { connection.clearCache() }
    }

    /// Drops the per-class storage descriptions, first unlinking their resolved link targets
    /// (`PropertyInfo.targetInfo`), which would keep them alive in a cycle.
    func releaseClasses() {
        for info in classes.values {
            for property in info.properties { property.targetInfo = nil }
        }
        classes = [:]
    }

    deinit {
        // Statements are finalized on the connection, which frozen stores may share.
        connection.lock.withLock {
            releaseClasses()
            if frozen { connection.frozenUsers -= 1 }
        }
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

    /// `error`, or `StoreError.damaged` when `error` is one a sound store does not give while
    /// it is read or imported into (an object found by its key whose row is not there:
    /// `.invalidatedObject`, which a damaged page gives when a lookup reads it) and
    /// `PRAGMA quick_check` finds the file damaged. The check runs only then: it reads the
    /// whole file (docs/store-file.md, "Damaged stores").
    /// Once a check found the file sound, later errors are taken as they are (an import with
    /// many such errors reads the file once).
    package func checkedForDamage(_ error: any Error) -> any Error {
        guard let storeError = error as? StoreError, storeError.code == .invalidatedObject, !checkedSound else { return error }
        do {
            checkedSound = try connection.lock.withLock { try connection.scalarText("PRAGMA quick_check(1)") } == "ok"
            return checkedSound ? error : StoreError.damaged
        } catch let checkError as StoreError where checkError.code == .sqlite(SQLiteCode.corrupt) {
            return checkError
        } catch {
            return error
        }
    }

    /// Runs `PRAGMA integrity_check` and returns its first line (`ok` when the file is sound).
    public func integrityCheck() throws -> String {
        try connection.scalarText("PRAGMA integrity_check") ?? ""
    }

    /// Writes the WAL into the main file (e.g. before copying the file elsewhere). A store
    /// pinning a version first lets go of its read transaction, which would hold the log's
    /// frames, and then reads the newest version, as `refresh()` does.
    public func checkpoint() throws {
        guard readIsOpen, !frozen, !inWriteTransaction else {
            return try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try leaveSharedConnection()
        try endRead()
        defer { try? startRead() }
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
