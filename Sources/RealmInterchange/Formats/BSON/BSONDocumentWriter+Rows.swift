import RealmEngine
import RealmSchema

/// A whole class written from its export reader (`Store.exportReader`) through the walk every
/// format shares (`ExportRowWriter`), as the JSON export writes one: integers, reals and text go
/// from SQLite's columns straight into the document, embedded objects and linked primary keys
/// come from the same rows or cursors stepped alongside, and anything less common is decoded to
/// a `StoreValue` and written as `writeObject(_:model:position:values:)` would. The bytes are
/// those of the object-by-object path, object for object, `--omit-empty` included: a field is
/// written, and taken back when it turns out null or an empty collection (`takeBackIfEmpty`).
///
/// For example:
///
///     try writer.writeWholeClass(person) { try sink.write(writer.writer.bytes) }
extension BSONDocumentWriter: ExportRowWriter {
    /// Writes every object of `model`, or of one `part` of it, in export order, one document at
    /// a time: `emit` runs after each, with the document in `writer.bytes`.
    func writeWholeClass(_ model: ModelSchema, part: ExportPart = .whole, emit: () throws -> Void) throws {
        let projection = plan.projection
        let node = try plan.store.exportReader(model.name, part: part) { className, property in
            projection[className]?.contains(property) ?? true
        }
        let nodePlan = try ExportNodePlan(node, plans: plan.plans)
        var position: Int64 = if case .second(let split) = part { split.firstCount } else { 0 }
        let numbered = model.primaryKey == nil
        while try node.rows.step() {
            position += 1
            writer.reset()
            try writeRowObject(nodePlan, position: numbered ? position : nil)
            try checkDocumentSize(ObjectKey(className: model.name, key: node.rows.int64(node.keyColumn)), position: position)
            try emit()
        }
    }

    /// The property's stored name as UTF-8 (`ExportClassPlan.names`).
    func writeFieldKey(_ step: ExportNodePlan.Step, at index: Int, of classPlan: ExportClassPlan,
                       keys: UnsafeBufferPointer<UInt8>) throws {
        writer.key(classPlan.names[index])
    }

    /// Every Map through `takeEntries`, in the plan's key order.
    func writeMap(_ plan: ExportCollectionPlan, _ type: DeclaredType, owner: Int64) throws {
        let entries = try plan.collection.takeEntries(of: owner)
        try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
    }

    /// Where the field's element starts in `writer.bytes` (its type byte).
    func beginField() -> Int {
        writer.bytes.count
    }

    /// Under `--omit-empty`, takes the field back when it is empty.
    func endField(_ index: Int, of classPlan: ExportClassPlan, from mark: Int) {
        if plan.options.omitEmpty {
            takeBackIfEmpty(classPlan.properties[index], from: mark, keyLength: classPlan.names[index].count)
        }
    }

    /// Under `--omit-empty`, removes the element just written from `mark` when it is what
    /// `ExportPlan.isEmpty` leaves out: a null (of a property without a non-null default) or an
    /// empty List, MutableSet or Map (an array or document of 5 bytes).
    private func takeBackIfEmpty(_ property: PropertySchema, from mark: Int, keyLength: Int) {
        guard !property.isPrimaryKey else { return }
        let type = writer.bytes[mark]
        let isEmpty: Bool
        if type == BSONWriter.ElementType.null.rawValue {
            isEmpty = property.defaultValue == nil || property.defaultValue == .null
        } else {
            // Type byte, key, its NUL, and a 5-byte empty document or array.
            isEmpty = property.type.collection != .single && writer.bytes.count - mark == keyLength + 7
        }
        if isEmpty { writer.takeBack(to: mark) }
    }

    /// A typed (not mixed) stored value: integers, reals and text straight from the column
    /// (`kind`), the others decoded as `base`.
    func writeColumn(_ rows: ExportRows, _ column: Int32, _ kind: ExportColumnKind,
                     _ base: @autoclosure () -> BaseType) throws {
        let type = rows.type(column)
        switch kind {
        case _ where type == 5: writer.null()
        case .int where type == 1: writer.int(rows.int64(column))
        case .bool where type == 1: writer.bool(rows.int64(column) != 0)
        case .double where type == 2: writer.double(rows.double(column))
        case .float where type == 2: writer.double(Double(Float(rows.double(column))))
        case .string where type == 3: rows.withText(column) { writer.string(utf8: $0) }
        default: try writeDecoded(rows, column, base())
        }
    }
}
