/// A class as a `.realm` file stores it: an object-store table named `class_<Name>`, its
/// properties (public columns, in column order) and the backlink columns other classes' links
/// create in it.
public struct RealmClass: Sendable, Equatable {
    /// How objects of the class live.
    public enum Kind: String, Sendable, Equatable {
        /// Top-level objects.
        case object
        /// Embedded objects, owned by exactly one link.
        case embedded
        /// Top-level asymmetric objects (sync's "ingest" objects).
        case asymmetric
    }

    /// The object-store prefix of class tables.
    public static let tablePrefix = "class_"

    /// The class name (the table name without `class_`).
    public var name: String
    /// The table's name as stored.
    public var tableName: String
    /// The table key (the table's position in the group and a tag).
    public var tableKey: Int64
    /// The kind of class.
    public var kind: Kind
    /// The properties, in the table's column order.
    public var properties: [RealmProperty]
    /// The primary key property's name, if the class has one.
    public var primaryKey: String?
    /// The backlink columns: one per (origin class, origin property) that links here. Realm does not
    /// store `linkingObjects` property names; a caller matches these to a schema's declarations.
    public var backlinks: [RealmBacklinkColumn]

    /// A class. `tableName` is `class_<name>` for an object-store class; what `RealmFileWriter`
    /// writes it computes itself from the name (table keys, backlinks).
    public init(name: String, tableName: String, tableKey: Int64, kind: Kind, properties: [RealmProperty],
                primaryKey: String?, backlinks: [RealmBacklinkColumn]) {
        self.name = name
        self.tableName = tableName
        self.tableKey = tableKey
        self.kind = kind
        self.properties = properties
        self.primaryKey = primaryKey
        self.backlinks = backlinks
    }

    /// The class name for a table name, or nil when the table is not an object-store class.
    public static func className(forTable tableName: String) -> String? {
        guard tableName.hasPrefix(tablePrefix) else { return nil }
        return String(tableName.dropFirst(tablePrefix.count))
    }

    /// The property called `name`, if any.
    public func property(named name: String) -> RealmProperty? {
        properties.first { $0.name == name }
    }
}

/// One property (public column) of a class.
public struct RealmProperty: Sendable, Equatable {
    /// The value type of the property (of its elements, for a collection).
    public enum ValueType: Sendable, Equatable {
        case int, bool, string, data, date, float, double, decimal128, objectId, uuid, mixed
        /// A link to objects of the named class (or table, when the target is not a class table).
        case object(String)
        /// A typed link column (any table; rare outside sync internals).
        case typedLink
    }

    /// Whether the property is a collection, and which kind.
    public enum Collection: String, Sendable, Equatable {
        case none, list, set, map
    }

    /// The property's name.
    public var name: String
    /// Its value (or element) type.
    public var type: ValueType
    /// Its collection kind.
    public var collection: Collection
    /// Whether the column is nullable (single links and mixed values always are).
    public var isOptional: Bool
    /// Whether the column has a general search index (a primary key always has one); false for a
    /// full-text index, as Realm's object store reports it.
    public var isIndexed: Bool
    /// Whether the column has a full-text index.
    public var isFullTextIndexed: Bool
    /// Whether this is the class's primary key.
    public var isPrimaryKey: Bool
    /// The column key as stored (leaf index, type, attributes, tag).
    public var columnKey: Int64

    /// A property. `RealmFileWriter` assigns column keys itself (give 0).
    public init(name: String, type: ValueType, collection: Collection, isOptional: Bool, isIndexed: Bool,
                isFullTextIndexed: Bool, isPrimaryKey: Bool, columnKey: Int64) {
        self.name = name
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.isIndexed = isIndexed
        self.isFullTextIndexed = isFullTextIndexed
        self.isPrimaryKey = isPrimaryKey
        self.columnKey = columnKey
    }
}

/// A backlink column: where the links pointing at a class come from.
public struct RealmBacklinkColumn: Sendable, Equatable {
    /// The table the links come from, as stored (e.g. `class_Person`).
    public var originTable: String
    /// The origin property's name.
    public var originProperty: String
    /// The backlink column's key as stored.
    public var columnKey: Int64

    /// The origin class's name, or nil when the origin table is not a class.
    public var originClass: String? { RealmClass.className(forTable: originTable) }
}

/// One object: its key and its values in the class's property order, and the origin object keys
/// of each backlink column (in the class's backlink order).
public struct RealmObject: Sendable, Equatable {
    /// The object key (unique within its table).
    public var key: Int64
    /// The values, one per property of the class, in property order.
    public var values: [RealmValue]
    /// For each backlink column of the class, the keys of the objects whose links point here (a
    /// list linking twice counts twice).
    public var backlinks: [[Int64]]

    /// An object (`backlinks` is ignored by `RealmFileWriter`, which computes them).
    public init(key: Int64, values: [RealmValue], backlinks: [[Int64]] = []) {
        self.key = key
        self.values = values
        self.backlinks = backlinks
    }
}
