import RealmEngine
import RealmSchema

/// A whole class written from its export reader (`Store.exportReader`) through the walk every
/// format shares (`ExportRowWriter`): values go from SQLite's columns straight into the output
/// (integers, reals, text and blob bytes), embedded objects and linked primary keys come from
/// the same rows or cursors stepped alongside, and anything less common is decoded to a
/// `StoreValue` and written as `writeObject` would. The bytes are those of `writeObject` over
/// `Store.values(of:)`, object for object.
extension ExtendedJSONDocumentWriter: ExportRowWriter {
    /// Writes every object of `model`, or of one `part` of it, in export order; `after` runs
    /// after each object.
    func writeWholeClass(_ model: ModelSchema, part: ExportPart = .whole, after: () throws(ExportError) -> Void) throws {
        let projection = plan.projection
        let node = try plan.store.exportReader(model.name, part: part) { className, property in
            projection[className]?.contains(property) ?? true
        }
        let nodePlan = try ExportNodePlan(node, plans: plan.plans)
        var position: Int64 = if case .second(let split) = part { split.firstCount } else { 0 }
        let numbered = model.primaryKey == nil
        while try node.rows.step() {
            position += 1
            try writeRowObject(nodePlan, position: numbered ? position : nil)
            try after()
        }
    }

    /// The quoted key from the node plan's buffer.
    func writeFieldKey(_ step: ExportNodePlan.Step, at index: Int, of classPlan: ExportClassPlan,
                       keys: UnsafeBufferPointer<UInt8>) throws {
        try writer.key(quoted: UnsafeBufferPointer(rebasing: keys[step.keyStart..<step.keyEnd]))
    }

    /// A string Map from its cursor (`writeStringMap`), any other through `takeEntries`.
    func writeMap(_ plan: ExportCollectionPlan, _ type: DeclaredType, owner: Int64) throws {
        let collection = plan.collection
        if plan.valueKind == .string && collection.tagColumn == nil && collection.targetKeyColumn == nil {
            return try writeStringMap(plan, base: type.base, owner: owner)
        }
        let entries = try collection.takeEntries(of: owner)
        try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
    }

    /// Nothing to mark: `--omit-empty` takes the object-by-object path.
    func beginField() -> Int { 0 }

    func endField(_ index: Int, of classPlan: ExportClassPlan, from mark: Int) {}

    /// A typed (not mixed) stored value: the common types straight from the column (`kind`),
    /// the others decoded as `base`.
    func writeColumn(_ rows: ExportRows, _ column: Int32, _ kind: ExportColumnKind,
                     _ base: @autoclosure () -> BaseType) throws {
        let type = rows.type(column)
        switch kind {
        case _ where type == 5: try writer.null()
        case .int where type == 1: try writer.int(rows.int64(column))
        case .bool where type == 1: try writer.bool(rows.int64(column) != 0)
        case .double where type == 2: try writer.double(rows.double(column))
        case .float where type == 2: try writer.float(Float(rows.double(column)))
        case .string where type == 3: try rows.withText(column) { (text: UnsafeBufferPointer<UInt8>) throws -> Void in try writer.string(utf8: text) }
        case .data where type == 4: try rows.withText(column) { (bytes: UnsafeBufferPointer<UInt8>) throws -> Void in try writer.data(bytes: bytes) }
        case .objectId where type == 4:
            // Twelve bytes; anything else is reported by the decoding below.
            if let id = rows.objectId(column) { try writer.objectId(id) } else { try writeDecoded(rows, column, base()) }
        case .date where type == 4:
            if let date = rows.timestamp(column) { try writer.date(date) } else { try writeDecoded(rows, column, base()) }
        case .decimal128 where type == 4:
            if let decimal = rows.decimal128(column) { try writer.decimal128(decimal) } else { try writeDecoded(rows, column, base()) }
        case .uuid where type == 4:
            let written = try rows.withBytes(column) { (bytes) throws -> Bool in
                guard bytes.count == 16 else { return false }
                try writer.uuid(bytes: bytes)
                return true
            }
            if !written { try writeDecoded(rows, column, base()) }
        default: try writeDecoded(rows, column, base())
        }
    }
}

extension ExtendedJSONWriter {
    /// Writes a JSON string value from UTF-8 bytes (escaped, as `string(_:)`).
    func string(utf8 text: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "\""))
        try escaped(text)
        try output.write(UInt8(ascii: "\""))
    }
}
