/// A `.realm` file opened read-only: its format, its object-store schema and schema version, and
/// its objects class by class (docs/realm-file.md).
///
/// Opening maps the file (`O_RDONLY`, `PROT_READ`, `MAP_PRIVATE`) and reads the group and the
/// tables' layouts; objects are decoded only when asked for, one cluster leaf at a time. The file
/// is never written, locked or accompanied by `.lock`, `.note` or `.management` files.
///
/// For example:
///
/// ```swift
/// let file = try RealmFile(path: "default.realm")
/// for cls in file.classes where cls.kind != .embedded {
///     try file.forEachObject(in: cls) { object in print(cls.name, object.key, object.values) }
/// }
/// ```
public struct RealmFile: Sendable {
    let bytes: FileBytes
    let header: FileHeader
    let group: GroupLayout

    /// The file format version of the version read (22, 23 or 24; 0 for a file that never had a commit).
    public var formatVersion: Int { header.formatVersion }
    /// Whether the file is in the streaming form (`writeCopy`, compaction) rather than the normal form.
    public var isStreamingForm: Bool { header.isStreamingForm }
    /// The object-store schema version (the `metadata` table), or nil when the file has none.
    public let schemaVersion: UInt64?
    /// The object-store classes (tables named `class_<Name>`), in table order.
    public let classes: [RealmClass]
    /// The names of the other tables (e.g. `metadata`), which are not part of the schema.
    public let otherTables: [String]

    /// Opens the file at `path` read-only and reads its header, tables and schema.
    public init(path: String) throws(RealmFileError) {
        try self.init(FileBytes(mapping: path))
    }

    /// Reads a Realm file from memory (a copy of `bytes` is kept).
    public init(bytes: [UInt8]) throws(RealmFileError) {
        try self.init(FileBytes(copying: bytes))
    }

    init(_ bytes: FileBytes) throws(RealmFileError) {
        self.bytes = bytes
        header = try FileHeader(bytes)
        guard header.topRef != 0 else {
            group = GroupLayout(tables: [], tableIndexByKey: [:])
            schemaVersion = nil
            classes = []
            otherTables = []
            return
        }
        let reader = NodeReader(bytes: bytes, end: header.nodeAreaEnd, formatVersion: header.formatVersion)
        let group = try reader.group(topRef: header.topRef)
        reader.tableNamesByKey = Dictionary(group.tables.map { ($0.key, $0.name) }) { first, _ in first }
        self.group = group
        let legacyKeys = try Self.legacyPrimaryKeys(group: group, reader: reader)
        var classes: [RealmClass] = []
        for table in group.tables {
            if let cls = try SchemaReader.realmClass(table, group: group, legacyPrimaryKeys: legacyKeys) {
                classes.append(cls)
            }
        }
        self.classes = classes
        otherTables = group.tables.filter { RealmClass.className(forTable: $0.name) == nil }.map(\.name)
        schemaVersion = try Self.schemaVersion(group: group, reader: reader)
    }

    /// Calls `body` with every object of `cls`, in object-key order, decoding one cluster leaf at a
    /// time. Throws a `RealmFileError` (located by class, object key, property and byte offset) for
    /// damaged data, or whatever `body` throws.
    public func forEachObject(in cls: RealmClass, _ body: (RealmObject) throws -> Void) throws {
        guard let table = group.table(key: cls.tableKey) else {
            throw RealmFileError(.badValue, RealmFileMessages.unknownClass(cls.name))
        }
        let reader = makeReader()
        let columns = cls.properties.compactMap { property in table.columns.first { $0.key == property.columnKey } }
        let backlinks = cls.backlinks.compactMap { link in table.columns.first { $0.key == link.columnKey } }
        do {
            try reader.forEachLeafOfRows(table, columns: columns, backlinks: backlinks, group: group) { rows in
                for row in rows {
                    try body(RealmObject(key: row.key, values: row.values, backlinks: row.backlinks))
                }
            }
        } catch let error as RealmFileError {
            throw error.locating(className: cls.name)
        }
    }

    /// Every object of `cls`, in object-key order (the whole class in memory; prefer `forEachObject`
    /// for large classes).
    public func objects(in cls: RealmClass) throws(RealmFileError) -> [RealmObject] {
        var result: [RealmObject] = []
        do {
            try forEachObject(in: cls) { result.append($0) }
        } catch let error as RealmFileError {
            throw error
        } catch {
            throw RealmFileError(.badValue, String(describing: error))
        }
        return result
    }

    /// The table called `tableName` read as a class of the same name, whether or not it follows the
    /// object-store's `class_` convention (realm-core's own test and tool files do not), or nil
    /// when the file has no such table.
    func table(named tableName: String) throws(RealmFileError) -> RealmClass? {
        guard let table = group.tables.first(where: { $0.name == tableName }) else { return nil }
        let legacyKeys = try Self.legacyPrimaryKeys(group: group, reader: makeReader())
        return try SchemaReader.realmClass(table, group: group, legacyPrimaryKeys: legacyKeys, name: tableName)
    }

    /// Lets the kernel take the pages of the file read so far out of the process's resident
    /// memory: they stay in the page cache, and a page read again is mapped again (the map is
    /// read-only, so the bytes are the same). A long read that calls this every few megabytes
    /// keeps its resident memory bounded by what it reads in between, not by the size of the
    /// file. Values read in place (`RealmScalarLeaf`) stay valid. Nothing for a file read from
    /// memory (`init(bytes:)`).
    public func releaseResidentPages() {
        bytes.releaseResidentPages()
    }

    /// The class called `name`, if the file has it.
    public func realmClass(named name: String) -> RealmClass? {
        classes.first { $0.name == name }
    }

    func makeReader() -> NodeReader {
        let reader = NodeReader(bytes: bytes, end: header.nodeAreaEnd, formatVersion: header.formatVersion)
        reader.tableNamesByKey = Dictionary(group.tables.map { ($0.key, $0.name) }) { first, _ in first }
        return reader
    }
}
