/// How one class becomes a table: its table key, and for each property the column type,
/// attributes, column key and leaf layout (docs/realm-file.md, sections 4, 5 and 11).
struct TablePlan: Sendable {
    /// One public column.
    struct Column: Sendable {
        var property: RealmProperty
        var type: ColumnType
        /// Spec attributes (with the index bit); the column key carries them without it.
        var attributes: Int
        var key: Int64
        var leafKind: LeafKind
        /// Whether values (or elements) may be null.
        var nullable: Bool
        /// The target class's plan index, for link columns.
        var target: Int?
        /// Whether a search index is built (primary key or `isIndexed`).
        var indexed: Bool
        /// Whether that index is a full-text index (`isFullTextIndexed`).
        var fullText = false
    }

    var name: String
    var tableName: String
    var tableKey: Int64
    var kind: RealmClass.Kind
    var columns: [Column]
    var primaryKey: Int?

    static let maxClassName = 57, maxColumnName = 63
    /// Table keys: `metadata` is 0, classes follow from 1 in name order.
    static let firstClassKey: Int64 = 1

    /// The column key: leaf index, type, attributes (without index bits), table key as the tag.
    static func columnKey(leafIndex: Int, type: ColumnType, attributes: Int, tableKey: Int64) -> Int64 {
        Int64(leafIndex) | Int64(type.rawValue) << 16 | Int64(attributes & 0xfe & ~2) << 22 | tableKey << 30
    }

    /// The plans of `schema`, sorted by class name.
    static func plans(for schema: [RealmClass]) throws(RealmFileError) -> [TablePlan] {
        let classes = schema.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var positions: [String: Int] = [:]
        for (position, cls) in classes.enumerated() {
            guard !cls.name.isEmpty, cls.name.utf8.count <= maxClassName else {
                throw RealmFileError(.badValue, RealmWriterMessages.badClassName(cls.name))
            }
            guard positions[cls.name] == nil else {
                throw RealmFileError(.badValue, RealmWriterMessages.duplicateClass(cls.name))
            }
            positions[cls.name] = position
        }
        var plans: [TablePlan] = []
        for (position, cls) in classes.enumerated() {
            let tableKey = firstClassKey + Int64(position)
            var columns: [Column] = []
            var names = Set<String>()
            for (leaf, property) in cls.properties.enumerated() {
                guard !property.name.isEmpty, property.name.utf8.count <= maxColumnName,
                      names.insert(property.name).inserted else {
                    throw RealmFileError(.badValue, RealmWriterMessages.badPropertyName(cls.name, property.name))
                }
                columns.append(try column(property, of: cls, leaf: leaf, tableKey: tableKey, positions: positions))
            }
            var primaryKey: Int?
            if let pk = cls.primaryKey {
                guard let index = columns.firstIndex(where: { $0.property.name == pk }) else {
                    throw RealmFileError(.badValue, RealmWriterMessages.unknownPrimaryKey(cls.name, pk))
                }
                let column = columns[index]
                guard cls.kind != .embedded, column.property.collection == .none,
                      [.int, .string, .objectId, .uuid].contains(column.type) else {
                    throw RealmFileError(.badValue, RealmWriterMessages.badPrimaryKey(cls.name, pk))
                }
                columns[index].indexed = true
                columns[index].attributes &= ~ColumnLayout.Attribute.indexed
                primaryKey = index
            }
            plans.append(TablePlan(name: cls.name, tableName: RealmClass.tablePrefix + cls.name, tableKey: tableKey,
                                   kind: cls.kind, columns: columns, primaryKey: primaryKey))
        }
        return plans
    }

    private static func column(_ property: RealmProperty, of cls: RealmClass, leaf: Int, tableKey: Int64,
                               positions: [String: Int]) throws(RealmFileError) -> Column {
        let type: ColumnType
        var kind: LeafKind
        var target: Int?
        var nullable = property.isOptional
        switch property.type {
        case .int: (type, kind) = (.int, .int)
        case .bool: (type, kind) = (.bool, .bool)
        case .string: (type, kind) = (.string, .string)
        case .data: (type, kind) = (.binary, .binary)
        case .date: (type, kind) = (.timestamp, .timestamp)
        case .float: (type, kind) = (.float, .float)
        case .double: (type, kind) = (.double, .double)
        case .decimal128: (type, kind) = (.decimal, .decimal)
        case .objectId: (type, kind) = (.objectId, .objectId)
        case .uuid: (type, kind) = (.uuid, .uuid)
        case .mixed:
            (type, kind) = (.mixed, .mixed)
            nullable = true
        case .object(let name):
            guard let position = positions[name] else {
                throw RealmFileError(.badValue, RealmWriterMessages.unknownTarget(cls.name, property.name, name))
            }
            target = position
            type = .link
            kind = property.collection == .map ? .mixed : .link(plusOne: property.collection == .none)
            nullable = property.collection == .none || property.collection == .map
        case .typedLink:
            throw RealmFileError(.unsupported, RealmWriterMessages.typedLinkUnsupported(cls.name, property.name))
        }
        if property.isFullTextIndexed, type != .string || property.collection != .none || property.isPrimaryKey {
            throw RealmFileError(.unsupported, RealmWriterMessages.badFullTextIndex(cls.name, property.name))
        }
        var attributes = nullable ? ColumnLayout.Attribute.nullable : 0
        switch property.collection {
        case .none: break
        case .list: attributes |= ColumnLayout.Attribute.list
        case .set: attributes |= ColumnLayout.Attribute.set
        case .map: attributes |= ColumnLayout.Attribute.dictionary
        }
        let indexable: Set<ColumnType> = [.int, .bool, .string, .timestamp, .objectId, .uuid]
        let fullText = property.isFullTextIndexed
        let indexed = (property.isIndexed && !property.isPrimaryKey && cls.primaryKey != property.name) || fullText
        if indexed, !fullText, property.collection != .none || !indexable.contains(type) {
            throw RealmFileError(.unsupported, RealmWriterMessages.badIndex(cls.name, property.name))
        }
        let key = columnKey(leafIndex: leaf, type: type, attributes: attributes, tableKey: tableKey)
        if indexed { attributes |= fullText ? ColumnLayout.Attribute.fullText : ColumnLayout.Attribute.indexed }
        var stored = property
        stored.columnKey = key
        return Column(property: stored, type: type, attributes: attributes, key: key, leafKind: kind,
                      nullable: nullable, target: target, indexed: indexed, fullText: fullText)
    }
}

