import Foundation

/// The rows a List, MutableSet or Map write adds to its side table, gathered so that they go
/// in as few statements as possible: one `INSERT … VALUES (…), (…), …` of up to
/// `ElementRows.batch` rows instead of one statement per element, which spares SQLite the
/// fixed cost of a statement run (cursor, transaction check, halt) for all but the first row.
///
/// The parameters of each row are those of the property's `insertElementSQL`, in its order:
/// list `(owner, pos, value[, type])`, set `(owner[, type], value)`, map `(owner, key,
/// value[, type])`. Rows go in in the order added. A set's rows ignore duplicates, as one at a
/// time. A list's or map's rows replace a stored row with their key only one at a time: they
/// are batched only when `fresh` (no stored row has their owner and key: a new owner, or a
/// collection just cleared), and the batch statement then says `OR FAIL`, not `OR REPLACE`,
/// which spares SQLite a statement journal (a rollback point it would otherwise keep for a
/// statement that may both write several rows and abort). A lone row always replaces.
///
/// The rows are bound straight into the statement as they come; the statement is taken out of
/// its cache slot meanwhile, so that a nested object created for a later element (an embedded
/// object with a collection of the same property) prepares a statement of its own instead of
/// overwriting these bindings.
///
/// For example:
///
///     var rows = ElementRows(property, count: elements.count, fresh: true)
///     for (index, element) in elements.enumerated() {
///         try rows.append(owner: owner, key: .int(Int64(index)), try elementSlot(…), store: store)
///     }
///     rows.finish()
struct ElementRows {
    /// Rows per statement, at most (a longer collection takes several).
    static let batch = 16

    let property: PropertyInfo
    /// Parameters of one row.
    private let width: Int32
    /// Rows per statement: `batch`, or 1 for a list or map that may hold rows with these keys.
    private let rowsPerStatement: Int
    /// Rows still to come, as announced, which sizes the last statement.
    private var remaining: Int
    /// The statement being bound (out of its cache slot), its rows, and the rows bound so far.
    private var statement: Statement?
    private var rows = 0
    private var bound = 0

    /// Rows for `count` elements of `property`, each appended once (`append`) unless one throws.
    init(_ property: PropertyInfo, count: Int, fresh: Bool) {
        self.property = property
        self.width = Int32(property.insertElementWidth)
        rowsPerStatement = fresh || property.collection == .set ? Self.batch : 1
        remaining = count
    }

    /// Adds the row of one element: `owner`, then the element's key (list position, map key;
    /// nil for a set), then its slot as the property stores it. A statement whose rows are all
    /// bound runs at once.
    mutating func append(owner: Int64, key: SQLValue?, _ slot: Store.ElementSlot, store: Store) throws {
        if statement == nil {
            rows = Swift.max(1, Swift.min(remaining, rowsPerStatement))
            statement = try store.takeElementsStatement(property, rows: rows)
            bound = 0
        }
        guard let statement else { return }
        let first = Int32(bound) * width + 1
        statement.bind(first, owner)
        switch property.collection {
        case .set:
            if property.setNeedsTypeColumn {
                statement.bind(first + 1, slot.tag)
                statement.bind(first + 2, slot.value.isNull ? .int(0) : slot.value)
            } else {
                statement.bind(first + 1, slot.value)
            }
        default:
            statement.bind(first + 1, key ?? .null)
            statement.bind(first + 2, slot.value)
            if property.isMixed { statement.bind(first + 3, slot.tag) }
        }
        bound += 1
        remaining -= 1
        guard bound == rows else { return }
        self.statement = nil
        try statement.run()
        store.returnElementsStatement(statement, property, rows: rows)
    }

    /// Checks that every announced row was appended (a statement half bound would drop rows).
    func finish() {
        precondition(statement == nil, StoreError.Trap.elementRowsLeftOver)
    }
}

extension PropertyInfo {
    /// Parameters of `insertElementSQL`: owner, list position or map key, value, and a type
    /// column for mixed values (and for sets of optionals, which have no key).
    var insertElementWidth: Int {
        switch collection {
        case .set: setNeedsTypeColumn ? 3 : 2
        default: isMixed ? 4 : 3
        }
    }

    /// `insertElementSQL` with `rows` rows of parameters; for lists and maps `OR FAIL` instead
    /// of `OR REPLACE` (see `ElementRows`).
    func insertElementsSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertElementWidth).joined(separator: ", ") + ")"
        let sql = insertElementSQL
        guard rows > 1, let values = sql.range(of: " VALUES ") else { return sql }
        let head = sql[..<values.upperBound].replacingOccurrences(of: "INSERT OR REPLACE ", with: "INSERT OR FAIL ")
        return head + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}

extension Store {
    /// The statement inserting `rows` elements of `property` (1 ... `ElementRows.batch`),
    /// prepared on first use and taken out of its slot until `returnElementsStatement`.
    /// (Plain reads and writes of the slots, no `inout`: each is one short access.)
    func takeElementsStatement(_ property: PropertyInfo, rows: Int) throws -> Statement {
        if rows == 1 {
            guard let statement = property.insertElementStatement else {
                return try Statement(database: connection.handle, sql: property.insertElementSQL)
            }
            property.insertElementStatement = nil
            return statement
        }
        if rows < property.insertElementsStatements.count, let statement = property.insertElementsStatements[rows] {
            property.insertElementsStatements[rows] = nil
            return statement
        }
        if property.insertElementsStatements.isEmpty {
            property.insertElementsStatements = Array(repeating: nil, count: ElementRows.batch + 1)
        }
        return try Statement(database: connection.handle, sql: property.insertElementsSQL(rows: rows))
    }

    /// Puts a statement of `takeElementsStatement` back in its slot.
    func returnElementsStatement(_ statement: Statement, _ property: PropertyInfo, rows: Int) {
        if rows == 1 {
            property.insertElementStatement = statement
        } else {
            property.insertElementsStatements[rows] = statement
        }
    }
}
