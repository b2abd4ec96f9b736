/// The object-store layer on top of the group: class tables, their properties and primary keys,
/// backlink columns, the schema version (docs/realm-file.md, section 10).
enum SchemaReader {
    /// The class of `table`, or nil when the table is not a `class_` table. `name` reads any other
    /// table as a class of that name (realm-core's own files have tables outside the convention).
    static func realmClass(_ table: TableLayout, group: GroupLayout, legacyPrimaryKeys: [String: String],
                           name givenName: String? = nil) throws(RealmFileError) -> RealmClass? {
        guard let name = givenName ?? RealmClass.className(forTable: table.name) else { return nil }
        var properties: [RealmProperty] = []
        var primaryKey = table.primaryKeyColumn.flatMap { key in table.columns.first { $0.key == key }?.name }
        if primaryKey == nil { primaryKey = legacyPrimaryKeys[name] }
        for column in table.publicColumns {
            let columnName = column.name ?? ""
            properties.append(RealmProperty(
                name: columnName, type: try valueType(column, group: group, className: name, at: table.ref), collection: collection(column),
                isOptional: column.isNullable, isIndexed: column.isIndexed && !column.isFullText,
                isFullTextIndexed: column.isIndexed && column.isFullText,
                isPrimaryKey: columnName == primaryKey, columnKey: column.key))
        }
        var backlinks: [RealmBacklinkColumn] = []
        for column in table.backlinkColumns {
            guard let originKey = column.oppositeTable, let origin = group.table(key: originKey),
                  let originColumn = origin.columns.first(where: { $0.key == column.oppositeColumn }) else {
                throw RealmFileError(.badNode, RealmFileMessages.backlinkWithoutOrigin, offset: table.ref, className: name)
            }
            backlinks.append(RealmBacklinkColumn(originTable: origin.name, originProperty: originColumn.name ?? "",
                                                 columnKey: column.key))
        }
        let kind: RealmClass.Kind = switch table.tableType {
        case 1: .embedded
        case 2: .asymmetric
        default: .object
        }
        return RealmClass(name: name, tableName: table.name, tableKey: table.key, kind: kind, properties: properties,
                          primaryKey: primaryKey, backlinks: backlinks)
    }

    /// `offset` places a problem: the table's top node, which holds the column descriptions.
    private static func valueType(_ column: ColumnLayout, group: GroupLayout, className: String,
                                  at offset: Int) throws(RealmFileError) -> RealmProperty.ValueType {
        switch column.type {
        case .int: return .int
        case .bool: return .bool
        case .string: return .string
        case .binary: return .data
        case .timestamp: return .date
        case .float: return .float
        case .double: return .double
        case .decimal: return .decimal128
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .mixed: return .mixed
        case .typedLink: return .typedLink
        case .link, .linkList:
            guard let key = column.oppositeTable, let target = group.table(key: key) else {
                throw RealmFileError(.badNode, RealmFileMessages.linkWithoutTarget, offset: offset, className: className,
                                     property: column.name)
            }
            return .object(RealmClass.className(forTable: target.name) ?? target.name)
        case .backlink:
            throw RealmFileError(.badNode, RealmFileMessages.backlinkAsValue, offset: offset, className: className)
        }
    }

    private static func collection(_ column: ColumnLayout) -> RealmProperty.Collection {
        if column.isList { return .list }
        if column.isSet { return .set }
        if column.isDictionary { return .map }
        return .none
    }
}

extension RealmFile {
    /// The schema version: the `version` column of object 0 of the `metadata` table; nil when the
    /// table is missing or holds Realm's "not versioned" value.
    static func schemaVersion(group: GroupLayout, reader: NodeReader) throws(RealmFileError) -> UInt64? {
        guard let table = group.table(named: "metadata"),
              let column = table.columns.first(where: { $0.name == "version" && $0.type == .int }) else { return nil }
        var version: UInt64?
        do {
            try reader.forEachLeafOfRows(table, columns: [column], backlinks: [], group: group) { rows in
                for row in rows where row.key == 0 {
                    if case .int(let value) = row.values.first, value != -1 { version = UInt64(bitPattern: value) }
                }
            }
        } catch let error as RealmFileError {
            throw error.locating(className: "metadata", property: "version")
        } catch {
            return nil
        }
        return version
    }

    /// Primary keys from the legacy `pk` table (object-store files from before file format 20 kept
    /// them there: rows of `pk_table`, `pk_property`), by class name.
    static func legacyPrimaryKeys(group: GroupLayout, reader: NodeReader) throws(RealmFileError) -> [String: String] {
        guard let table = group.table(named: "pk"),
              let classColumn = table.columns.first(where: { $0.name == "pk_table" && $0.type == .string }),
              let propertyColumn = table.columns.first(where: { $0.name == "pk_property" && $0.type == .string })
        else { return [:] }
        var keys: [String: String] = [:]
        do {
            try reader.forEachLeafOfRows(table, columns: [classColumn, propertyColumn], backlinks: [], group: group) { rows in
                for row in rows {
                    if case .string(let cls) = row.values[0], case .string(let property) = row.values[1] {
                        keys[cls] = property
                    }
                }
            }
        } catch let error as RealmFileError {
            throw error.locating(className: "pk")
        } catch {
            return [:]
        }
        return keys
    }
}
