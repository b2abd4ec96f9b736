import RealmSchema

/// One statement of an export reader (`Store.exportReader`): a class's rows, or the elements of
/// one collection property for every object of a class, stepped in the objects' order.
///
/// Columns are read where SQLite holds them: integers, reals and text bytes for the common
/// types, and a decoded `StoreValue` for everything else (`value(_:_:)`, `mixed(_:)`, `element()`)
/// with the store's own decoding and errors. Text bytes stay valid until the next step.
///
/// For example:
///
///     while try rows.step() { print(rows.int64(0)) }
package final class ExportRows {
    let store: Store
    /// Prepared once the tree's columns are known (`prepare`).
    private var statement: Statement!
    /// The collection property whose elements these rows are (nil for rows of objects).
    let property: PropertyInfo?
    /// Whether the statement stands on a row.
    /// (Read on every value of a merge: no runtime exclusivity checks; one thread steps a reader.)
    @exclusivity(unchecked) package private(set) var hasRow = false
    /// The SQL, for tests.
    package var sql: String { statement.sql }

    init(_ store: Store, property: PropertyInfo? = nil) {
        self.store = store
        self.property = property
    }

    /// Prepares `sql`, with `bound` as its parameter `?1` when given (`ExportPart`).
    func prepare(_ sql: String, bound: SQLValue? = nil) throws {
        statement = try Statement(database: store.connection.handle, sql: sql)
        if let bound { statement.bind(1, bound) }
    }

    /// Moves to the next row; false at the end.
    @discardableResult
    package func step() throws -> Bool {
        hasRow = try statement.step()
        return hasRow
    }

    /// Rows come by ascending owner without a join to the owners (`Store.exportReader` reads a
    /// side table alone): rows of owners before the one asked for (which cannot exist in a
    /// sound file) are passed over rather than stopping the merge.
    @exclusivity(unchecked) var ownersAscend = false

    /// Whether the statement stands on a row whose column 0 (the owner) is `owner`.
    package func isOwned(by owner: Int64) throws -> Bool {
        if ownersAscend {
            while hasRow && statement.int64(0) < owner { try step() }
        }
        return hasRow && statement.int64(0) == owner
    }

    /// SQLite's type of a column: 1 integer, 2 real, 3 text, 4 blob, 5 null.
    package func type(_ column: Int32) -> Int32 { statement.columnType(column) }

    package func isNull(_ column: Int32) -> Bool { statement.isNull(column) }

    package func int64(_ column: Int32) -> Int64 { statement.int64(column) }

    package func double(_ column: Int32) -> Double { statement.double(column) }

    /// The UTF-8 bytes of a text column (or the bytes of a blob), without copying them.
    package func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try statement.withBytes(column) { try body($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// The column as an ObjectId when it holds one (twelve bytes), without a `StoreValue`;
    /// nil otherwise (`value(_:_:)` reports it).
    package func objectId(_ column: Int32) -> ObjectId? {
        statement.withBytes(column) { ObjectId(bytes: $0) }
    }

    /// The column as a date when it holds one (the 12-byte stored form), without a
    /// `StoreValue`; nil otherwise (`value(_:_:)` reports it).
    package func timestamp(_ column: Int32) -> Timestamp? {
        statement.withBytes(column) { Timestamp(storage: $0) }
    }

    /// The column as a Decimal128 when it holds one, without a `StoreValue`; nil otherwise.
    package func decimal128(_ column: Int32) -> Decimal128? {
        statement.withBytes(column) { Decimal128(storage: $0) }
    }

    /// The raw bytes of a blob column (a UUID's 16), without copying them.
    package func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try statement.withBytes(column, body)
    }

    /// The column decoded as a stored value of `base` (not mixed).
    ///
    /// - Throws: `StoreError.malformedStoredValue` as a read of the object would.
    package func value(_ column: Int32, _ base: BaseType) throws -> StoreValue {
        try store.decoded(LiveColumn(statement: statement, index: column), base)
    }

    /// A mixed value stored in `column`, its type tag in the next.
    package func mixed(_ column: Int32) throws -> StoreValue {
        try store.readMixed(tag: statement.int64(column + 1), value: statement.raw(column))
    }

    /// The current element of a collection cursor (`ExportCollection`), as `Store.get` gives it.
    package func element(_ column: Int32, tag: Int32?) throws -> StoreValue {
        try store.element(statement.raw(column), tag: tag.map { statement.int64($0) } ?? 0, property!)
    }
}

/// The objects of one class in an export: where each one's key and persisted properties are
/// found in `rows` (`fields`, in schema order), and the cursors of its collections and embedded
/// objects, all stepped in the same order.
///
/// A node of a top-level class owns its rows; an embedded object reached by a to-one link is
/// read in its parent's rows (a `LEFT JOIN`); the embedded elements of a List have rows of their
/// own, owned by the parent (`ownerColumn`).
package final class ExportNode {
    package let className: String
    package let rows: ExportRows
    /// The object's `_key` (NULL when a link names no existing object).
    package let keyColumn: Int32
    /// The stored link to the object (the parent's column or the List element), when it has a parent.
    package let linkColumn: Int32?
    /// One field per persisted property, in schema order.
    package internal(set) var fields: [ExportField] = []

    init(className: String, rows: ExportRows, keyColumn: Int32, linkColumn: Int32?) {
        self.className = className
        self.rows = rows
        self.keyColumn = keyColumn
        self.linkColumn = linkColumn
    }
}

/// Where one property of an `ExportNode`'s object is read.
package enum ExportField {
    /// Left out (`--fields`).
    case skipped
    /// A typed single value in a column of the node's rows.
    case value(Int32, BaseType)
    /// A mixed single value: its value column, its type tag in the next.
    case mixed(Int32)
    /// A to-one link to a class with a primary key: the link column and the target's key
    /// column (NULL when the target does not exist or its key is null).
    case primaryKeyLink(link: Int32, key: Int32, target: String, keyBase: BaseType)
    /// A to-one link to an embedded object, read in the same rows.
    case embedded(ExportNode)
    /// A List of embedded objects, with rows of their own.
    case embeddedList(ExportNode)
    /// A List, MutableSet or Map of other values.
    case collection(ExportCollection)
    /// Read object by object (`Store.get`): what the cursors above do not cover.
    case perObject(String)
}

/// The elements of one List, MutableSet or Map property for every object of a class, in order.
package struct ExportCollection {
    package let rows: ExportRows
    package let kind: CollectionKind
    package let base: BaseType
    /// The map key's column (maps only).
    package let keyColumn: Int32?
    package let valueColumn: Int32
    /// The mixed type tag or the optional set's null marker.
    package let tagColumn: Int32?
    /// The linked object's primary key (links to a class with one) and its type.
    package let targetKeyColumn: Int32?
    package let targetKeyBase: BaseType?
}

extension ExportCollection {
    /// The map entries `owner` has at the cursor, consumed (keys as stored, in row order): what
    /// the JSON and BSON exporters write as one document.
    package func takeEntries(of owner: Int64) throws -> [(key: String, value: StoreValue)] {
        var entries: [(key: String, value: StoreValue)] = []
        while try rows.isOwned(by: owner) {
            let key = rows.withText(keyColumn!) { String(decoding: $0, as: UTF8.self) }
            entries.append((key, try rows.element(valueColumn, tag: tagColumn)))
            try rows.step()
        }
        return entries
    }

    /// The elements `owner` has at the cursor, consumed, as values (for a set of links, which
    /// the exporters write in their targets' export order).
    package func takeElements(of owner: Int64) throws -> [StoreValue] {
        var elements: [StoreValue] = []
        while try rows.isOwned(by: owner) {
            elements.append(try rows.element(valueColumn, tag: tagColumn))
            try rows.step()
        }
        return elements
    }
}
