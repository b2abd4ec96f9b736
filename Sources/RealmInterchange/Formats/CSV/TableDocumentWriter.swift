import RealmEngine
import RealmFormats
import RealmSchema

/// The CSV and TSV format of an export (`DocumentWriter`; docs/csv.md): a header of the
/// columns, then one row an object of the plan's one class, in the plan's order (or its
/// selection's). A collection or mixed value's cell is the JSON text `realm-export` writes for
/// it, by the Extended JSON writer over the same plan. It writes no spools: one class is one unit.
///
/// For example:
///
///     let writer = TableDocumentWriter(plan: plan, format: .csv, columns: columns, output: output)
///     try ExportDriver(plan: plan).export([zip], to: writer)    // "zip,loc.x\n01001,-72.622739\n"
final class TableDocumentWriter {
    let plan: ExportPlan
    private let format: TableFormat
    private let columns: [TableColumn]
    private let output: ExportOutput
    private let header: Bool

    init(plan: ExportPlan, format: TableFormat, columns: [TableColumn], header: Bool = true, output: ExportOutput) {
        self.plan = plan
        self.format = format
        self.columns = columns
        self.header = header
        self.output = output
    }

    /// The rows of the objects of `unit`, each object's values read once for all its columns
    /// (with the class's rows, for a whole class); `check` runs after each row.
    private func writeRows(of unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        let store = plan.store
        try plan.forEachObjectToExport(unit.model, numbered: false) { object, values, _ in
            let values = try values ?? store.values(of: object)
            var embedded: [ObjectKey: [StoreValue]] = [:]
            try writeRow(try columns.map { column in try cell(column, of: object, values: values, embedded: &embedded) })
            try check()
        }
    }

    private func writeRow(_ cells: [[UInt8]]) throws {
        for (index, cell) in cells.enumerated() {
            if index > 0 { try output.write(format.separator) }
            try cell.withUnsafeBufferPointer { buffer throws(ExportError) in try output.write(buffer) }
        }
        try output.write(UInt8(ascii: "\n"))
    }

    /// The cell of `column` for `object`, whose values are `values`, quoted as the format
    /// needs; `embedded` keeps the values of the row's embedded objects once read.
    private func cell(_ column: TableColumn, of object: ObjectKey, values: [StoreValue],
                      embedded: inout [ObjectKey: [StoreValue]]) throws -> [UInt8] {
        var ownerValues = values
        for (depth, position) in column.positions.enumerated() {
            let value = ownerValues[position]
            if depth == column.positions.count - 1 {
                return try text(value, column, of: object)
            }
            guard case .object(let owner) = value else { return [] }  // no embedded object: null
            if let known = embedded[owner] {
                ownerValues = known
            } else {
                ownerValues = try plan.store.values(of: owner)
                embedded[owner] = ownerValues
            }
        }
        return []
    }

    private func text(_ value: StoreValue, _ column: TableColumn, of object: ObjectKey) throws -> [UInt8] {
        let failure = { (what: String) in
            ExportError(CSVMessages.cannotHold(self.format.title, what, object: object.description, property: column.header))
        }
        let property = column.property
        let raw: [UInt8]
        var isString = false
        if property.type.collection != .single || property.type.isMixed {
            if value.isNull { return [] }
            raw = try json(value, property.type)
        } else if case .object(let target) = value {
            guard let primaryKey = plan.store.schema.model(named: target.className)?.primaryKeyProperty else {
                throw failure("a link to an object of a class without a primary key")
            }
            let key = try plan.store.get(target, primaryKey.name)
            guard let text = try scalar(key, failure) else { throw failure("a link to an object whose primary key is null") }
            raw = text
            if case .string = key { isString = true }
        } else {
            guard let text = try scalar(value, failure) else { return [] }
            raw = text
            if case .string = value { isString = true }
        }
        return try quoted(raw, isString: isString, failure)
    }

    /// A scalar's text form (docs/csv.md, section 2); nil for null.
    private func scalar(_ value: StoreValue, _ failure: (String) -> ExportError) throws -> [UInt8]? {
        switch value {
        case .null: return nil
        case .bool(let v): return Array((v ? "true" : "false").utf8)
        case .int(let v): return Array(String(v).utf8)
        case .float(let v): return Array(ExportNumberText.float(v).utf8)
        case .double(let v): return Array(ExportNumberText.double(v).utf8)
        case .string(let v): return Array(v.utf8)
        case .data(let v): return Array(Base64.encode(v).utf8)
        case .date(let v):
            guard let text = ExportDateText.iso(v) else { throw failure("a date outside the years 0000-9999") }
            return Array(text.text.utf8)
        case .decimal128(let v): return Array(v.stringValue.utf8)
        case .objectId(let v): return Array(v.stringValue.utf8)
        case .uuid(let v): return Array(v.uuidString.lowercased().utf8)
        case .object, .list, .dictionary: return nil
        }
    }

    /// A collection or mixed value as the JSON text `realm-export` writes for it: the Extended
    /// JSON writer's value over this plan (compact, relaxed).
    private func json(_ value: StoreValue, _ type: DeclaredType) throws -> [UInt8] {
        let memory = ExportOutput.memory()
        try ExtendedJSONDocumentWriter(plan: plan, output: memory).writeValue(value, type)
        try memory.flush()
        return memory.bytes
    }

    /// The cell as written: CSV quotes one holding a separator, quote or line break, and an
    /// empty string (an empty unquoted cell is null); TSV cannot hold those.
    private func quoted(_ text: [UInt8], isString: Bool, _ failure: (String) -> ExportError) throws -> [UInt8] {
        let special = text.contains { $0 == format.separator || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\"") }
        guard format.quotes else {
            if text.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { throw failure("a tab or line break") }
            if text.isEmpty && isString { throw failure("an empty string (an empty cell is null)") }
            return text
        }
        guard special || (text.isEmpty && isString) else { return text }
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text {
            result.append(byte)
            if byte == UInt8(ascii: "\"") { result.append(byte) }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }
}

/// The CSV/TSV export as one unit (`ExportDriver`): the header when the export begins, the rows
/// of the one class, the flush after its read transaction.
extension TableDocumentWriter: DocumentWriter {
    /// None: the writer needs the columns and the format, and one class is one unit, which the
    /// exporter's thread writes itself.
    convenience init?(spoolFrom plan: ExportPlan, into output: ExportOutput) {
        return nil
    }

    var splitsLargeClasses: Bool { false }

    var tally: Int { 0 }

    /// The header (unless left out): the columns as given, or their dotted paths.
    func beginExport() throws {
        guard header else { return }
        try writeRow(columns.map { Array($0.header.utf8) })
    }

    func endExport() throws {}

    func flush() throws {
        try output.flush()
    }

    func writeUnit(_ unit: ExportUnit) throws {
        try writeRows(of: unit) {}
    }

    func copy(_ unit: ExportUnit, _ spooled: SpooledUnit) throws {
        try spooled.copy(to: output, className: unit.model.name)
    }

    func closeClass(of unit: ExportUnit) throws {}

    func resumeContext(of unit: ExportUnit) throws {}

    func writeSpooled(_ unit: ExportUnit, check: () throws(ExportError) -> Void) throws {
        try writeRows(of: unit, check: check)
    }
}
