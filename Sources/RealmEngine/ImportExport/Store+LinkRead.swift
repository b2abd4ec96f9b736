// Reading links by their targets, for realm-export --type realm: a Realm file keeps, beside each object, the objects that link to it (backlinks).

/// Links read in target order: what `realm-export --type realm` writes as backlinks while it
/// writes the target class, instead of holding every link of the store.
extension Store {
    /// The links of the link property `property` of `className` (single, List, MutableSet or
    /// Map), ordered by the target's key, then the origin's: one `(target, origin)` pair per link
    /// (a list linking twice gives two). One statement, stepped by the cursor; for links into
    /// embedded classes, whose link columns have no index, SQLite sorts them first.
    ///
    /// For example:
    ///
    ///     let cursor = try store.linksByTarget("Person", property: "dogs")
    ///     while let (dog, person) = try cursor.next() { … }
    package func linksByTarget(_ className: String, property: String) throws -> StoreLinkCursor {
        let info = try queryableClass(className)
        let link = try info.property(property)
        guard link.isLink else { throw StoreError.unknownProperty(className, property) }
        let sql = link.isSingle
            ? "SELECT \(link.column), _key FROM \(info.table) WHERE \(link.column) IS NOT NULL ORDER BY \(link.column), _key"
            : "SELECT value, owner FROM \(link.sideTable) WHERE value IS NOT NULL ORDER BY value, owner"
        return StoreLinkCursor(try Statement(database: connection.handle, sql: sql))
    }

    /// Whether SQLite sorts the links of `linksByTarget(className, property:)` before it gives
    /// the first: links into an embedded class, whose link values have no index.
    package func linksByTargetAreSorted(_ className: String, property: String) throws -> Bool {
        let link = try queryableClass(className).property(property)
        return link.isLink && link.targetIsEmbedded
    }

    /// The smallest and largest key of `className` and how many objects it has (nil when it has
    /// none): when `last - first + 1 == count` the keys have no gaps.
    ///
    /// Three statements, none of which reads a row: `count(*)` alone counts the entries of the
    /// table's smallest b-tree, `min(_key)` and `max(_key)` alone each look at one end of it
    /// (asked together in one statement, SQLite would read every row).
    package func keyRange(_ className: String) throws -> (first: Int64, last: Int64, count: Int64)? {
        let info = try queryableClass(className)
        func single(_ sql: String) throws -> Int64 {
            let statement = try Statement(database: connection.handle, sql: sql)
            guard try statement.step() else { return 0 }
            return statement.int64(0)
        }
        let count = try single("SELECT count(*) FROM \(info.table)")
        guard count > 0 else { return nil }
        return (try single("SELECT min(_key) FROM \(info.table)"), try single("SELECT max(_key) FROM \(info.table)"), count)
    }

    /// Calls `body` with every key of `className` in ascending order (insertion order).
    package func forEachKey(_ className: String, _ body: (Int64) throws -> Void) throws {
        let info = try queryableClass(className)
        let statement = try Statement(database: connection.handle, sql: "SELECT _key FROM \(info.table) ORDER BY _key")
        while try statement.step() { try body(statement.int64(0)) }
    }

    /// Calls `body` with every link held by the mixed property `property` of `className` (a
    /// single mixed value or a collection of them), nested lists and dictionaries included: the
    /// origin's key and the target, in no particular order.
    package func forEachMixedLink(_ className: String, property: String,
                                  _ body: (_ origin: Int64, _ target: ObjectKey) throws -> Void) throws {
        let info = try queryableClass(className)
        let mixed = try info.property(property)
        guard mixed.isMixed else { return }
        func linksOrCollections(_ tag: String) -> String {
            "\(tag) >= \(MixedTag.linkBase) OR \(tag) IN (\(MixedTag.list), \(MixedTag.dictionary))"
        }
        let sql = mixed.isSingle
            ? "SELECT _key, \(mixed.column), \(mixed.typeColumn) FROM \(info.table) WHERE \(linksOrCollections(mixed.typeColumn))"
            : "SELECT owner, value, type FROM \(mixed.sideTable) WHERE \(linksOrCollections("type"))"
        let statement = try Statement(database: connection.handle, sql: sql)
        while try statement.step() {
            try mixedLinks(origin: statement.int64(0), tag: statement.int64(2), value: statement.int64(1), body)
        }
    }

    private func mixedLinks(origin: Int64, tag: Int64, value: Int64,
                            _ body: (_ origin: Int64, _ target: ObjectKey) throws -> Void) throws {
        if MixedTag.isCollection(tag) {
            for slot in try nodeSlots(value) where slot.tag >= MixedTag.linkBase || MixedTag.isCollection(slot.tag) {
                try mixedLinks(origin: origin, tag: slot.tag, value: slot.value.int, body)
            }
        } else if tag >= MixedTag.linkBase {
            guard let className = classNames[tag - MixedTag.linkBase] else { throw StoreError.unknownMixedTag(path, tag) }
            try body(origin, ObjectKey(className: className, key: value))
        }
    }
}

/// A statement yielding `(target, origin)` key pairs in order (`Store.linksByTarget`).
package final class StoreLinkCursor {
    private let statement: Statement

    init(_ statement: Statement) {
        self.statement = statement
    }

    /// The next pair, or nil after the last.
    package func next() throws -> (target: Int64, origin: Int64)? {
        guard try statement.step() else { return nil }
        return (statement.int64(0), statement.int64(1))
    }
}
