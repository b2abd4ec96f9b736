/// Realm's column types (the low 16 bits of a Spec type entry and bits 16–21 of a column key).
enum ColumnType: Int {
    case int = 0, bool = 1, string = 2, binary = 4, mixed = 6, timestamp = 8, float = 9, double = 10,
         decimal = 11, link = 12, linkList = 13, backlink = 14, objectId = 15, typedLink = 16, uuid = 17
}

/// One column of a table as its Spec, column key and table arrays describe it
/// (docs/realm-file.md, sections 4 and 5).
struct ColumnLayout: Sendable {
    /// Column attribute bits (Spec slot 2).
    enum Attribute {
        static let indexed = 1, nullable = 16, list = 32, dictionary = 64, set = 128, fullText = 256
    }

    /// The name (nil for backlink columns, which have none).
    var name: String?
    /// The column type.
    var type: ColumnType
    /// The attribute bits.
    var attributes: Int
    /// The column key as stored.
    var key: Int64
    /// For a dictionary, the key's data type (Spec type >> 16; 2 = string).
    var dictionaryKeyType: Int
    /// For a link or backlink column, the opposite table's key.
    var oppositeTable: Int64?
    /// For a link or backlink column, the opposite column's key.
    var oppositeColumn: Int64?
    /// Whether the column has a search index.
    var isIndexed: Bool

    /// The slot of this column in every cluster leaf (the low 16 bits of the key).
    var leafIndex: Int { Int(key & 0xffff) }
    var isNullable: Bool { attributes & Attribute.nullable != 0 }
    var isList: Bool { attributes & Attribute.list != 0 }
    var isSet: Bool { attributes & Attribute.set != 0 }
    var isDictionary: Bool { attributes & Attribute.dictionary != 0 }
    var isCollection: Bool { isList || isSet || isDictionary }
    var isFullText: Bool { attributes & Attribute.fullText != 0 }
}

/// One table of the group: name, key, columns, cluster tree root, primary key and kind.
struct TableLayout: Sendable {
    /// The table's name as stored.
    var name: String
    /// The table key.
    var key: Int64
    /// The ref of the table's top array.
    var ref: Int
    /// The ref of the cluster tree's root, and the byte it was read from.
    var clusterRoot: Int64
    var clusterRootSource: Int
    /// Every column, in Spec order: public columns, then backlink columns.
    var columns: [ColumnLayout]
    /// The primary key column's key, or nil. The slot holds the key tagged, or 0 for none: a key
    /// can itself be 0 (the first column of a table whose key tag is 0).
    var primaryKeyColumn: Int64?
    /// The table type: 0 top-level, 1 embedded, 2 top-level asymmetric.
    var tableType: Int

    /// The public columns (the properties).
    var publicColumns: [ColumnLayout] { columns.filter { $0.type != .backlink } }
    /// The backlink columns.
    var backlinkColumns: [ColumnLayout] { columns.filter { $0.type == .backlink } }
}

/// The group: every table of the file, by position and by key.
struct GroupLayout: Sendable {
    var tables: [TableLayout]
    var tableIndexByKey: [Int64: Int]

    /// The table with key `key`, if any.
    func table(key: Int64) -> TableLayout? {
        tableIndexByKey[key].map { tables[$0] }
    }

    /// The table called `name`, if any.
    func table(named name: String) -> TableLayout? {
        tables.first { $0.name == name }
    }
}
