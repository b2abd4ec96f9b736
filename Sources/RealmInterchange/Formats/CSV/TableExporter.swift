import RealmEngine
import RealmFormats
import RealmSchema

/// Writes the objects of one class as CSV or TSV (docs/csv.md) that `realm-import --type`
/// reads back into the same objects: a header of the columns, then one row an object, in the
/// export's order (or the selection's).
///
/// A value the format cannot hold exactly is an error naming the object and the property,
/// never a silent change: in TSV a tab or line break in a string, or an empty string (an
/// empty cell is null); in both a link to an object without a primary key, or a date JSON
/// cannot write.
///
/// For example:
///
///     let output = ExportOutput.memory()
///     try TableExporter(store: store, className: "Zip", format: .csv, fields: ["zip", "loc.x"], output: output).export()
///     output.text    // "zip,loc.x\n01001,-72.622739\n"
public final class TableExporter {
    private let store: Store
    private let className: String?
    private let format: TableFormat
    private let fields: [String]?
    private let selection: ExportSelection?
    private let output: ExportOutput

    public init(store: Store, className: String?, format: TableFormat, fields: [String]?,
                selection: ExportSelection? = nil, output: ExportOutput) {
        self.store = store
        self.className = className
        self.format = format
        self.fields = fields
        self.selection = selection
        self.output = output
    }

    /// Writes the header and every row, then flushes.
    ///
    /// - Throws: `ExportError` for a class or field that does not fit and for a value the
    ///   format cannot hold; the store's errors for read failures.
    public func export() throws {
        let models = store.schema.models.filter { $0.kind == .object }
        let model: ModelSchema
        if let className {
            guard let found = store.schema.model(named: className), found.kind == .object else {
                throw ExportError(ExportMessages.unknownClass(className, known: models.map(\.name)))
            }
            model = found
        } else {
            guard models.count == 1 else { throw ExportError(ExportMessages.ndjsonNeedsOneClass(models.map(\.name))) }
            model = models[0]
        }
        let columns = try TableColumn.columns(fields, of: model, in: store.schema)
        try writeRow(columns.map { Array($0.header.utf8) })
        try store.readTransaction {
            // The object's values are read once for all its columns (with the class's rows, for a whole class).
            let body: (ObjectKey, [StoreValue]) throws -> Void = { object, values in
                var embedded: [ObjectKey: [StoreValue]] = [:]
                try self.writeRow(try columns.map { column in try self.cell(column, of: object, values: values, embedded: &embedded) })
            }
            if let selection, !selection.isEverything {
                var skipped = 0
                try store.forEachMatch(model.name, selection.query ?? "TRUEPREDICATE",
                                       sortedBy: selection.sortKeys(primaryKey: model.primaryKey),
                                       limit: selection.limit.map { $0 + selection.skip }) { object in
                    guard skipped >= selection.skip else {
                        skipped += 1
                        return
                    }
                    try body(object, try self.store.values(of: object))
                }
            } else {
                try store.forEachObjectWithValues(model.name, order: .primaryKey, body)
            }
        }
        try output.flush()
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
                ownerValues = try store.values(of: owner)
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
            guard let primaryKey = store.schema.model(named: target.className)?.primaryKeyProperty else {
                throw failure("a link to an object of a class without a primary key")
            }
            let key = try store.get(target, primaryKey.name)
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

    /// A collection or mixed value as the JSON text `realm-export` writes for it.
    private func json(_ value: StoreValue, _ type: DeclaredType) throws -> [UInt8] {
        let memory = ExportOutput.memory()
        let exporter = Exporter(store: store, options: ExportOptions(shape: .ndjson), output: memory)
        exporter.exported = Set(store.schema.models.filter { $0.kind == .object }.map(\.name))
        try exporter.writeValue(value, type)
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
