import Foundation

/// The change log: what each commit changed, in the store file, for observers in any process.
///
/// Every write transaction records its changes (`ChangeRecorder`); its commit writes them to
/// `_realm_changes(version, seq, class, kind, low, high, properties)`, stamped with the
/// version the commit makes (`_realm_meta.version`): insertions and deletions as key ranges
/// of a class id, modifications one row per object with its changed property names (joined
/// by commas); a commit that changed no object gets a row of kind `none`, so a version without a
/// row was committed by a writer that does not log (an older realm-tools, a migration) and the
/// log does not cover it. `_realm_meta.changesFrom` is the oldest version the log covers: the table is
/// made by the first commit that logs (older versions are not covered), and trimming moves
/// it. A commit whose changes exceed `ChangeRecorder.limit` events is logged as an overflow.
/// `changes(from:to:)` answers nil for any range the log does not cover exactly: the
/// observer then compares its keys afresh, so no change goes unnoticed.
///
/// For example:
///
///     let before = store.version
///     try store.write { try store.create("Dog", value: ["name": "Rex"]) }
///     try store.changes(from: before, to: store.version)?["Dog"].inserted    // [1]
extension Store {
    /// The versions the log keeps at least; older entries go (a few dozen commits late, so
    /// trimming is rare).
    package static let changeLogSlack: UInt64 = 64

    /// The merged changes of the commits after `from` up to and including `to`, or nil when
    /// the log cannot tell them exactly (the range was trimmed, began before the log, holds an
    /// overflowing commit, or reaches past the version this store reads).
    ///
    /// For example:
    ///
    ///     if let changes = try store.changes(from: old, to: store.version) {
    ///         print(changes["Item"].modified)
    ///     }
    public func changes(from: UInt64, to: UInt64) throws -> StoreChanges? {
        guard from <= to else { return nil }
        if from == to { return StoreChanges() }
        return try serialized { () throws -> StoreChanges? in
            guard to <= (try versionCounter()), try hasChangeLog(),
                  let start = try metaInteger("changesFrom"), from >= UInt64(max(0, start)) else { return nil }
            var changes = StoreChanges()
            var versions = 0
            var last: Int64 = -1
            let statement = try connection.cached("""
                SELECT class, kind, low, high, properties, version FROM _realm_changes
                WHERE version > ? AND version <= ? ORDER BY version, seq
                """)
            statement.bind(1, Int64(from))
            statement.bind(2, Int64(to))
            defer { statement.reset() }
            while try statement.step() {
                if statement.int64(5) != last {
                    last = statement.int64(5)
                    versions += 1
                }
                guard let kind = ChangeRecorder.Kind(rawValue: statement.int64(1)), kind != .overflow else { return nil }
                // A class removed by a migration since: its changes concern nobody.
                guard let name = classNames[statement.int64(0)] else { continue }
                let properties = statement.isNull(4) ? [] : statement.string(4).split(separator: ",").map(String.init)
                let low = statement.int64(2), high = max(low, statement.int64(3))
                changes.apply(kind, className: name, keys: low...high, properties: properties)
            }
            // Every commit that logs has a row: a version without one was not logged.
            return versions == Int(to - from) ? changes : nil
        }
    }

    /// Records an object created in the open transaction.
    func noteInserted(_ info: ClassInfo, _ key: Int64) {
        guard logsChanges else { return }
        changeRecorder.inserted(info.classID, key)
    }

    /// Records an object deleted in the open transaction.
    func noteDeleted(_ info: ClassInfo, _ key: Int64) {
        guard logsChanges else { return }
        changeRecorder.deleted(info.classID, key)
    }

    /// Records changed properties of an object in the open transaction.
    func noteModified(_ info: ClassInfo, _ key: Int64, _ properties: some Sequence<String>) {
        guard logsChanges else { return }
        changeRecorder.modified(info.classID, key, properties)
    }

    /// Records a changed collection property (`property.className` names its class).
    func noteModified(_ property: PropertyInfo, owner: Int64) {
        guard logsChanges, let info = classes[property.className] else { return }
        changeRecorder.modified(info.classID, owner, CollectionOfOne(property.name))
    }

    /// Writes the recorded changes under the version the committing transaction made, then
    /// trims the log when it has grown `changeLogSlack` versions past `changeLogRetention`.
    func logChanges() throws {
        defer { changeRecorder.removeAll() }
        let version = try versionCounter()
        if !changeLogReady {
            if try !hasChangeLog() {
                try connection.execute("""
                    CREATE TABLE _realm_changes(version INTEGER NOT NULL, seq INTEGER NOT NULL,
                        class INTEGER NOT NULL, kind INTEGER NOT NULL, low INTEGER NOT NULL,
                        high INTEGER NOT NULL, properties TEXT, PRIMARY KEY(version, seq)) WITHOUT ROWID;
                    """)
                try setMeta("changesFrom", Int64(version) - 1)
            }
            changeLogReady = true
        }
        let insert = try connection.cached("""
            INSERT INTO _realm_changes(version, seq, class, kind, low, high, properties) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        if changeRecorder.events.isEmpty {
            let kind: ChangeRecorder.Kind = changeRecorder.overflowed || !logsChanges ? .overflow : .none
 try insert.run(binding: [.int(Int64(version)), .int(0), .int(0), .int(kind.rawValue),
                                     .int(0), .int(0), .null])
        }
        for (seq, event) in changeRecorder.events.enumerated() {
            let properties: SQLValue = event.properties.isEmpty ? .null : .text(event.properties.sorted().joined(separator: ","))
            try insert.run(binding: [.int(Int64(version)), .int(Int64(seq)), .int(event.classID), .int(event.kind.rawValue),
                                     .int(event.low), .int(event.high), properties])
        }
        try trimChangeLog(at: version)
    }

    /// Drops the entries of versions older than the last `changeLogRetention`, once there are
    /// `changeLogSlack` more of them.
    private func trimChangeLog(at version: UInt64) throws {
        guard version > changeLogRetention, let start = try metaInteger("changesFrom") else { return }
        let keepFrom = version - changeLogRetention
        guard Int64(keepFrom) - start >= Int64(Store.changeLogSlack) else { return }
        try run("DELETE FROM _realm_changes WHERE version <= ?", Int64(keepFrom))
        try setMeta("changesFrom", Int64(keepFrom))
    }

    /// Whether the file has a change log table.
    private func hasChangeLog() throws -> Bool {
        let statement = try connection.cached("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_realm_changes'")
        defer { statement.reset() }
        return try statement.step()
    }

    private func metaInteger(_ key: String) throws -> Int64? {
        let statement = try connection.cached("SELECT value FROM _realm_meta WHERE key = ?")
        statement.bind(1, key)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : nil
    }

    private func setMeta(_ key: String, _ value: Int64) throws {
        let statement = try connection.cached("INSERT OR REPLACE INTO _realm_meta(key, value) VALUES (?, ?)")
        statement.bind(1, key)
        statement.bind(2, value)
        try statement.run()
    }
}
