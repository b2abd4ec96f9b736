import RealmSchema

/// The storage of one model: its table, its persisted properties and the SQL the store runs
/// for it, computed once per schema.
///
/// Table layout: `"<Model>"(_key INTEGER PRIMARY KEY, <one column per single-valued
/// property, by stored name>, <"<name>.type" beside each mixed column>)`. Collection
/// properties live in side tables `"<Model>.<property>"` (see `PropertyInfo`).
final class ClassInfo {
    let model: ModelSchema
    let name: String
    /// Stable id from `_realm_classes`, used in mixed type tags of links.
    let classID: Int64
    let table: String
    /// Persisted properties in schema order.
    let properties: [PropertyInfo]
    /// Property name → position in `properties`.
    let positions: [String: Int]
    /// Positions of single-valued properties, in column order.
    let singlePositions: [Int]
    /// Positions of collection properties.
    let collectionPositions: [Int]
    let primaryKey: PropertyInfo?
    /// The position of `primaryKey` in `properties`.
    let primaryKeyPosition: Int?
    /// `linkingObjects` properties by name.
    let linkingObjects: [String: PropertySchema]

    let insertSQL: String
    let selectRowSQL: String
    let lookupSQL: String?
    let lookupNullSQL: String?
    /// `SELECT 1` of the object with a given `_key`.
    let existsSQL: String
    /// `DELETE` of the object with a given `_key`.
    let deleteSQL: String
    /// Prepared forms of the SQL above, made on first use (the hot paths skip the cache, which
    /// would hash the SQL text on every run).
    var insertStatement: Statement?
    var selectRowStatement: Statement?
    var lookupStatement: Statement?
    var lookupNullStatement: Statement?
    var existsStatement: Statement?
    var deleteStatement: Statement?
    /// `SELECT <primary key> … WHERE _key = ?` (`Store.primaryKeyValue(of:)`).
    var primaryKeyStatement: Statement?
    /// During an import, the primary keys this class has gained, when it was empty at the start
    /// (see `PrimaryKeyFilter`); nil otherwise.
    var importedKeys: PrimaryKeyFilter?
    /// Prepared `UPDATE`s by the positions of the properties they write (see `updateSQL(_:)`).
    var updateStatements: [[Int]: Statement] = [:]
    /// The positions of the typed API's input orders (see `InputOrder`), kept with the order.
    var inputOrders: [ObjectIdentifier: (order: InputOrder, positions: [Int?])] = [:]

    init(model: ModelSchema, classID: Int64, schema: CompiledSchema) {
        self.model = model
        self.name = model.name
        self.classID = classID
        self.table = quoted(model.name)
        let properties = model.persistedProperties.map {
            PropertyInfo(schema: $0, className: model.name, model: schema.model(named:))
        }
        self.properties = properties
        self.positions = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.name, $0) })
        self.singlePositions = properties.indices.filter { properties[$0].isSingle }
        self.collectionPositions = properties.indices.filter { !properties[$0].isSingle }
        self.primaryKeyPosition = properties.firstIndex { $0.isPrimaryKey }
        self.primaryKey = primaryKeyPosition.map { properties[$0] }
        var linking: [String: PropertySchema] = [:]
        for property in model.properties where property.type.isLinkingObjects {
            linking[property.name] = property
        }
        self.linkingObjects = linking

        var columns: [String] = []
        for position in singlePositions {
            let property = properties[position]
            columns.append(property.column)
            if property.isMixed { columns.append(property.typeColumn) }
        }
        let table = quoted(model.name)
        if columns.isEmpty {
            insertSQL = "INSERT INTO \(table) DEFAULT VALUES"
        } else {
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            insertSQL = "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(marks))"
        }
        selectRowSQL = "SELECT \((["_key"] + columns).joined(separator: ", ")) FROM \(table) WHERE _key = ?"
        if let primaryKey {
            lookupSQL = "SELECT _key FROM \(table) WHERE \(primaryKey.column) = ?"
            lookupNullSQL = "SELECT _key FROM \(table) WHERE \(primaryKey.column) IS NULL"
        } else {
            lookupSQL = nil
            lookupNullSQL = nil
        }
        existsSQL = "SELECT 1 FROM \(table) WHERE _key = ?"
        deleteSQL = "DELETE FROM \(table) WHERE _key = ?"
        var rowColumns = Array(repeating: Int32(-1), count: properties.count)
        var column: Int32 = 1
        for position in singlePositions {
            rowColumns[position] = column
            column += properties[position].isMixed ? 2 : 1
        }
        self.rowColumns = rowColumns
    }

    /// The `UPDATE` of one object's columns for the single-valued properties at `positions`:
    /// `UPDATE "T" SET a = ?, "m" = ?, "m.type" = ? WHERE _key = ?`, a mixed property taking
    /// its value and its type tag.
    func updateSQL(_ positions: [Int]) -> String {
        let assignments = positions.map { position in
            let property = properties[position]
            return property.isMixed ? "\(property.column) = ?, \(property.typeColumn) = ?" : "\(property.column) = ?"
        }
        return "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE _key = ?"
    }

    var isEmbedded: Bool { model.kind == .embedded }
    var isAsymmetric: Bool { model.kind == .asymmetric }

    /// The persisted property with this name.
    func property(_ name: String) throws -> PropertyInfo {
        guard let position = positions[name] else { throw StoreError.unknownProperty(self.name, name) }
        return properties[position]
    }

    /// DDL creating the class table, its side tables and indexes.
    var creationStatements: [String] {
        var definitions = ["_key INTEGER PRIMARY KEY"]
        for position in singlePositions {
            definitions += properties[position].columnDefinitions
        }
        var statements = ["CREATE TABLE \(table)(\(definitions.joined(separator: ", ")))"]
        for position in collectionPositions {
            if let side = properties[position].sideTableDefinition { statements.append(side) }
        }
        for property in properties {
            statements += property.indexDefinitions(table: name)
        }
        return statements
    }

    /// Column offsets in `selectRowSQL` results by property position (after `_key`); -1 for
    /// collection properties, which have no column.
    let rowColumns: [Int32]
}
