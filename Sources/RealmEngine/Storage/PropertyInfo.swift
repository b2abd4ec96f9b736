import RealmSchema

/// How one persisted property is stored: a column of the class table (single values), a side
/// table (List, MutableSet, Map), and for mixed values an extra `type` column. A class, so the
/// hot paths share one instance and its precomputed names.
final class PropertyInfo {
    let schema: PropertySchema
    let name: String
    let storedName: String
    let base: BaseType
    let collection: CollectionKind
    let isOptional: Bool
    /// The owning class (Swift name).
    let className: String
    /// The link target, for links and collections of links.
    let target: String?
    /// Whether the link target is an embedded model.
    let targetIsEmbedded: Bool
    /// The storage of the link target, resolved by `Store.installSchema` so links skip a
    /// lookup by name; nil until then, for properties outside the store's classes, and once
    /// the store lets go of them (`Store.releaseClasses()` breaks the reference cycle).
    var targetInfo: ClassInfo?
    /// The value column, quoted.
    let column: String
    /// The mixed type-tag column, quoted (`"<name>.type"`).
    let typeColumn: String
    /// The side table of a collection property, quoted (`"Class.property"`).
    let sideTable: String

    init(schema: PropertySchema, className: String, model: (String) -> ModelSchema?) {
        self.schema = schema
        self.name = schema.name
        self.storedName = schema.storedName
        self.base = schema.type.base
        self.collection = schema.type.collection
        self.isOptional = schema.type.isOptional
        self.isMixed = schema.type.isMixed
        self.className = className
        self.column = quoted(schema.storedName)
        self.typeColumn = quoted(schema.storedName + ".type")
        self.sideTable = quoted(className + "." + schema.storedName)
        self.target = schema.type.linkTarget
        self.targetIsEmbedded = schema.type.linkTarget.map { model($0)?.kind == .embedded } ?? false
    }

    /// Whether the value is `mixed` (stored: the hot paths ask for every property).
    let isMixed: Bool
    var isLink: Bool { target != nil }
    var isSingle: Bool { collection == .single }
    var isPrimaryKey: Bool { schema.isPrimaryKey }

    /// The unquoted side table name, for derived index names.
    var sideTableName: String { className + "." + storedName }

    /// Realm's quoted type for error messages: `'int'`, `'string?' array`, a class name for links.
    var typeDescription: String {
        let word: String
        switch base {
        case .object(let target): word = target
        case .int(let width): word = width == .int ? "int" : width.rawValue
        case .objectId: word = "object id"
        default: word = base.realmKindName
        }
        let suffix: String
        switch collection {
        case .single: suffix = ""
        case .list: suffix = " array"
        case .set: suffix = " set"
        case .map: suffix = " dictionary"
        }
        return "'" + word + (isOptional ? "?" : "") + "'" + suffix
    }

    /// The declared SQLite type of a value slot. Float, double, mixed and byte-encoded types
    /// use BLOB (no affinity), so -0.0 stays a REAL and nothing is converted.
    var declaredType: String {
        switch base {
        case .bool, .int, .object: "INTEGER"
        case .string: "TEXT"
        default: "BLOB"
        }
    }

    /// Column definitions of a single-valued property in the class table.
    var columnDefinitions: [String] {
        guard isSingle else { return [] }
        if isMixed { return ["\(column) BLOB", "\(typeColumn) INTEGER NOT NULL DEFAULT 0"] }
        return ["\(column) \(declaredType)"]
    }

    /// The statement adding one element: list `(owner, pos, value[, type])` and map
    /// `(owner, key, value[, type])` replace, set `(owner[, type], value)` ignores duplicates.
    private(set) lazy var insertElementSQL: String = {
        switch collection {
        case .list:
            return isMixed ? "INSERT OR REPLACE INTO \(sideTable)(owner, pos, value, type) VALUES (?, ?, ?, ?)"
                : "INSERT OR REPLACE INTO \(sideTable)(owner, pos, value) VALUES (?, ?, ?)"
        case .set:
            return setNeedsTypeColumn ? "INSERT OR IGNORE INTO \(sideTable)(owner, type, value) VALUES (?, ?, ?)"
                : "INSERT OR IGNORE INTO \(sideTable)(owner, value) VALUES (?, ?)"
        case .map:
            return isMixed ? "INSERT OR REPLACE INTO \(sideTable)(owner, key, value, type) VALUES (?, ?, ?, ?)"
                : "INSERT OR REPLACE INTO \(sideTable)(owner, key, value) VALUES (?, ?, ?)"
        case .single:
            return ""
        }
    }()

    /// `insertElementSQL`, prepared on first use.
    var insertElementStatement: Statement?
    /// `insertElementsSQL(rows:)` by row count, prepared on first use (see `ElementRows`).
    var insertElementsStatements: [Statement?] = []

    /// The statement reading a list's or set's elements `(value[, type])`, lists in order.
    private(set) lazy var selectElementsSQL: String = {
        let hasType = isMixed || setNeedsTypeColumn
        return "SELECT value\(hasType ? ", type" : "") FROM \(sideTable) WHERE owner = ?\(collection == .list ? " ORDER BY pos" : "")"
    }()

    /// `selectElementsSQL`, prepared on first use.
    var selectElementsStatement: Statement?

    /// The statement reading a map's entries' values `(value[, type])`, in no order.
    private(set) lazy var selectEntryValuesSQL = "SELECT value\(isMixed ? ", type" : "") FROM \(sideTable) WHERE owner = ?"

    /// `selectEntryValuesSQL`, prepared on first use.
    var selectEntryValuesStatement: Statement?

    /// The statement removing every element of one owner.
    private(set) lazy var deleteElementsSQL = "DELETE FROM \(sideTable) WHERE owner = ?"

    /// `deleteElementsSQL`, prepared on first use.
    var deleteElementsStatement: Statement?

    /// Whether a set side table needs a `type` column (mixed, or optional elements, whose null
    /// cannot be part of a primary key).
    var setNeedsTypeColumn: Bool { collection == .set && (isMixed || isOptional) }

    /// DDL of the side table of a collection property.
    var sideTableDefinition: String? {
        let mixedType = isMixed ? ", type INTEGER NOT NULL DEFAULT 0" : ""
        switch collection {
        case .single:
            return nil
        case .list:
            return "CREATE TABLE \(sideTable)(owner INTEGER NOT NULL, pos INTEGER NOT NULL, value \(declaredType)"
                + mixedType + ", PRIMARY KEY(owner, pos)) WITHOUT ROWID"
        case .set:
            if setNeedsTypeColumn {
                return "CREATE TABLE \(sideTable)(owner INTEGER NOT NULL, type INTEGER NOT NULL, value \(declaredType) NOT NULL, "
                    + "PRIMARY KEY(owner, type, value)) WITHOUT ROWID"
            }
            return "CREATE TABLE \(sideTable)(owner INTEGER NOT NULL, value \(declaredType) NOT NULL, "
                + "PRIMARY KEY(owner, value)) WITHOUT ROWID"
        case .map:
            return "CREATE TABLE \(sideTable)(owner INTEGER NOT NULL, key TEXT NOT NULL, value \(declaredType)"
                + mixedType + ", PRIMARY KEY(owner, key)) WITHOUT ROWID"
        }
    }

    /// Index DDL for this property: primary key (unique), `indexed: true`, link columns and
    /// link side tables (for backlinks and delete nullification), FTS5 for `indexed: fulltext`.
    func indexDefinitions(table: String) -> [String] {
        var statements: [String] = []
        let quotedTable = quoted(table)
        if isSingle {
            if isPrimaryKey {
                statements.append("CREATE UNIQUE INDEX \(quoted(table + "." + storedName + ".pk")) ON \(quotedTable)(\(column))")
            } else if schema.indexed == .regular || (isLink && !targetIsEmbedded) {
                statements.append("CREATE INDEX \(quoted(table + "." + storedName + ".index")) ON \(quotedTable)(\(column))")
            }
            if schema.indexed == .fulltext {
                statements += fullTextDefinitions(table: table)
            }
        } else if isLink && !targetIsEmbedded {
            statements.append("CREATE INDEX \(quoted(sideTableName + ".value")) ON \(sideTable)(value)")
        }
        return statements
    }

    /// An external-content FTS5 table over the column, kept in sync by triggers.
    private func fullTextDefinitions(table: String) -> [String] {
        let fts = quoted(table + "." + storedName + ".fts")
        let quotedTable = quoted(table)
        let trigger = { (suffix: String) in quoted(table + "." + self.storedName + ".fts." + suffix) }
        let insertNew = "INSERT INTO \(fts)(rowid, \(column)) VALUES (new._key, new.\(column));"
        let deleteOld = "INSERT INTO \(fts)(\(fts), rowid, \(column)) VALUES ('delete', old._key, old.\(column));"
        return [
            "CREATE VIRTUAL TABLE \(fts) USING fts5(\(column), content=\(quotedTable), content_rowid='_key')",
            "CREATE TRIGGER \(trigger("insert")) AFTER INSERT ON \(quotedTable) BEGIN \(insertNew) END",
            "CREATE TRIGGER \(trigger("delete")) AFTER DELETE ON \(quotedTable) BEGIN \(deleteOld) END",
            "CREATE TRIGGER \(trigger("update")) AFTER UPDATE OF \(column) ON \(quotedTable) BEGIN \(deleteOld) \(insertNew) END",
        ]
    }
}

/// How the store tells property types apart; the importer (`ImportProperty`) classifies its
/// properties with the same definitions.
extension DeclaredType {
    /// Whether the values are mixed (`AnyRealmValue`): stored with a type tag beside them.
    package var isMixed: Bool { base == .mixed }

    /// The class the values link to (a to-one link, or a collection of links); nil otherwise,
    /// `linkingObjects` included (computed, never stored).
    package var linkTarget: String? {
        if case .object(let target) = base { return target }
        return nil
    }

    /// Whether this is one value that is neither a link nor mixed: a plain typed column.
    package var isSingleScalar: Bool {
        collection == .single && linkTarget == nil && !isMixed
    }
}
