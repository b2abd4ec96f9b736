import RealmEngine
import RealmSchema

/// A whole class written from its export reader (`Store.exportReader`), as the JSON export
/// writes one (`ExtendedJSONDocumentWriter+Rows.swift`): integers, reals and text go from SQLite's columns
/// straight into the document, embedded objects and linked primary keys come from the same rows
/// or cursors stepped alongside, and anything less common is decoded to a `StoreValue` and
/// written as `writeObject(_:model:position:values:)` would. The bytes are those of the
/// object-by-object path, object for object, `--omit-empty` included: a field is written, and
/// taken back when it turns out null or an empty collection (`takeBackIfEmpty`).
///
/// For example:
///
///     try exporter.writeWholeClass(person) { try sink.write(exporter.writer.bytes) }
extension BSONDocumentWriter {
    /// Writes every object of `model`, or of one `part` of it, in export order, one document at
    /// a time: `emit` runs after each, with the document in `writer.bytes`.
    func writeWholeClass(_ model: ModelSchema, part: ExportPart = .whole, emit: () throws -> Void) throws {
        let projection = plan.projection
        let node = try plan.store.exportReader(model.name, part: part) { className, property in
            projection[className]?.contains(property) ?? true
        }
        var position: Int64 = if case .second(let split) = part { split.firstCount } else { 0 }
        let numbered = model.primaryKey == nil
        while try node.rows.step() {
            position += 1
            writer.reset()
            try writeObject(node, position: numbered ? position : nil)
            try checkDocumentSize(ObjectKey(className: model.name, key: node.rows.int64(node.keyColumn)), position: position)
            try emit()
        }
    }

    /// The object `node.rows` stands on: `$id` first when given, then its fields.
    private func writeObject(_ node: ExportNode, position: Int64?) throws {
        let rows = node.rows
        let owner = ObjectKey(className: node.className, key: rows.int64(node.keyColumn))
        guard let classPlan = plan.plans[node.className] else {
            throw ExportError(ExportMessages.unknownStoredClass(node.className))
        }
        let names = classPlan.names
        writer.beginDocument()
        if let position {
            try writer.key(ExportReference.idKey)
            writer.int(position)
        }
        for (index, field) in node.fields.enumerated() {
            if case .skipped = field { continue }
            let mark = writer.bytes.count
            writer.key(names[index])
            do {
                try writeField(field, classPlan.types[index], rows, owner: owner)
            } catch let error as ExportError where !error.isIOFailure {
                throw ExportError(ExportMessages.inObject(owner.description, property: classPlan.properties[index].name, error.message))
            }
            if plan.options.omitEmpty { takeBackIfEmpty(classPlan.properties[index], from: mark, keyLength: names[index].count) }
        }
        try writer.endDocument()
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

    private func writeField(_ field: ExportField, _ type: PropertyType, _ rows: ExportRows, owner: ObjectKey) throws {
        switch field {
        case .skipped:
            return
        case .value(let column, let base):
            try writeColumn(rows, column, base)
        case .mixed(let column):
            try writeElement(try rows.mixed(column), .mixed)
        case .primaryKeyLink(let link, let key, let target, let keyBase):
            if rows.isNull(link) {
                writer.null()
            } else if rows.isNull(key) {
                // A null primary key or a dangling link: as object by object.
                try writeElement(.object(ObjectKey(className: target, key: rows.int64(link))), type.base)
            } else {
                try writeColumn(rows, key, keyBase)
            }
        case .embedded(let node):
            try writeEmbedded(node, type.base)
        case .embeddedList(let node):
            writer.beginArray()
            while try node.rows.isOwned(by: owner.key) {
                try writeEmbedded(node, type.base)
                try node.rows.step()
            }
            try writer.endDocument()
        case .collection(let collection):
            try writeCollection(collection, type, owner: owner.key)
        case .perObject(let property):
            try writeValue(try plan.store.get(owner, property), type)
        }
    }

    /// An embedded object its parent's link (`linkColumn`) names, or null.
    private func writeEmbedded(_ node: ExportNode, _ base: BaseType) throws {
        let rows = node.rows
        guard let link = node.linkColumn, !rows.isNull(link) else { return writer.null() }
        if rows.isNull(node.keyColumn) {
            // The object does not exist: as object by object (which reports it).
            return try writeElement(.object(ObjectKey(className: node.className, key: rows.int64(link))), base)
        }
        try writeObject(node, position: nil)
    }

    /// The elements `owner` has at the cursor, consumed.
    private func writeCollection(_ collection: ExportCollection, _ type: PropertyType, owner: Int64) throws {
        let rows = collection.rows
        if collection.kind == .map {
            let entries = try collection.takeEntries(of: owner)
            return try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
        }
        if collection.kind == .set, collection.base.canHoldLinks {
            // Links in a set (also in a set of mixed values) are written in their targets' export order.
            return try writeValue(.list(try collection.takeElements(of: owner)), type)
        }
        writer.beginArray()
        while try rows.isOwned(by: owner) {
            try writeElement(of: collection)
            try rows.step()
        }
        try writer.endDocument()
    }

    /// The element a collection cursor stands on.
    private func writeElement(of collection: ExportCollection) throws {
        let rows = collection.rows
        if let key = collection.targetKeyColumn, let keyBase = collection.targetKeyBase,
           !rows.isNull(collection.valueColumn), !rows.isNull(key) {
            return try writeColumn(rows, key, keyBase)
        }
        if collection.tagColumn != nil || collection.targetKeyColumn != nil {
            return try writeElement(try rows.element(collection.valueColumn, tag: collection.tagColumn), collection.base)
        }
        try writeColumn(rows, collection.valueColumn, collection.base)
    }

    /// A typed (not mixed) stored value: the common types straight from the column, the
    /// others decoded.
    private func writeColumn(_ rows: ExportRows, _ column: Int32, _ base: BaseType) throws {
        switch (base, rows.type(column)) {
        case (_, 5): writer.null()
        case (.int, 1): writer.int(rows.int64(column))
        case (.bool, 1): writer.bool(rows.int64(column) != 0)
        case (.double, 2): writer.double(rows.double(column))
        case (.float, 2): writer.double(Double(Float(rows.double(column))))
        case (.string, 3): rows.withText(column) { writer.string(utf8: $0) }
        default: try writeElement(try rows.value(column, base), base)
        }
    }
}
