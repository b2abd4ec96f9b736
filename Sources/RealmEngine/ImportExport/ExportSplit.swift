/// Where a class is cut in two for an export on two threads: the objects before `bound` in the
/// export order (primary key, else key) and those from it on, each read by an export reader of
/// its own (`Store.exportReader(_:part:keep:)`), on its own connection if need be.
///
/// A split is made in the read transaction of one connection and holds for any connection that
/// reads the same version (`Store.version`).
///
/// For example:
///
///     if let split = try store.exportSplit("Person") {
///         let second = try store.exportReader("Person", part: .second(split)) { _, _ in true }
///     }
package struct ExportSplit: Sendable {
    /// Whether the class's primary-key order is its key order: then the bound is a `_key`
    /// (and the class's own collections are read from their side tables alone), else the
    /// primary key's stored value.
    let byKey: Bool
    /// The first object of the second part: its `_key`, or its primary key as stored.
    let bound: SQLValue
    /// How many objects the first part has.
    package let firstCount: Int64
}

/// Which objects of a class an export reader reads.
package enum ExportPart: Sendable {
    case whole
    /// The objects before the split.
    case first(ExportSplit)
    /// The objects from the split on.
    case second(ExportSplit)

    var split: ExportSplit? {
        switch self {
        case .whole: nil
        case .first(let split), .second(let split): split
        }
    }
}

extension Store {
    /// The split of a class into two halves of its export order, or nil for a class of fewer
    /// than `minimumObjects` objects. Use within the read transaction that the readers of both
    /// parts read (or one at the same version).
    ///
    /// For example:
    ///
    ///     let split = try store.exportSplit("Person", minimumObjects: 1_000)    // nil for 999 people
    package func exportSplit(_ className: String, minimumObjects: Int64 = 2) throws -> ExportSplit? {
        let info = try queryableClass(className)
        let count = try Statement(database: connection.handle, sql: "SELECT count(*) FROM \(info.table)")
        guard try count.step(), count.int64(0) >= max(minimumObjects, 2) else { return nil }
        let half = count.int64(0) / 2
        let byKey = try primaryKeyFollowsKeys(info)
        let column = byKey ? "_key" : info.primaryKey!.column
        let bound = try Statement(database: connection.handle,
                                  sql: "SELECT \(column) FROM \(info.table) ORDER BY \(column) LIMIT 1 OFFSET \(half)")
        // A null primary key sorts first and is the only one (keys are unique): never the bound.
        guard try bound.step(), !bound.isNull(0) else { return nil }
        return ExportSplit(byKey: byKey, bound: bound.raw(0), firstCount: half)
    }

    /// Whether ordering the class by primary key gives its key order (objects created in key
    /// order, as an import of sorted data makes them): then the class is read in key order, and
    /// its own collections straight from their side tables, which are stored by owner (no seek
    /// per object). One pass over the primary-key index decides, up to the first key out of
    /// order (stepped here: a window function over the index costs 8 times as much).
    func primaryKeyFollowsKeys(_ info: ClassInfo) throws -> Bool {
        guard let primaryKey = info.primaryKey else { return true }
        let keys = try Statement(database: connection.handle,
                                 sql: "SELECT _key FROM \(info.table) ORDER BY \(primaryKey.column), _key")
        var last = Int64.min
        while try keys.step() {
            let key = keys.int64(0)
            if key < last { return false }
            last = key
        }
        return true
    }
}
