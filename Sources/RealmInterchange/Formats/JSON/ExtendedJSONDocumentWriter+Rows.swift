import RealmEngine
import RealmSchema

/// A whole class written from its export reader (`Store.exportReader`): values go from
/// SQLite's columns straight into the output (integers, reals, text bytes), embedded objects
/// and linked primary keys come from the same rows or cursors stepped alongside, and anything
/// less common is decoded to a `StoreValue` and written as `writeObject` would. The bytes are
/// those of `writeObject` over `Store.values(of:)`, object for object.
extension ExtendedJSONDocumentWriter {
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
            try writeObject(nodePlan, position: numbered ? position : nil)
            try after()
        }
    }

    /// The object `plan.rows` stands on: `$id` first when given, then its fields.
    private func writeObject(_ plan: ExportNodePlan, position: Int64?) throws {
        let key = plan.rows.int64(plan.node.keyColumn)
        try writer.beginObject()
        if let position {
            try writer.key(ExportReference.idKey)
            try writer.int(position)
        }
        try plan.steps.withUnsafeBufferPointer { steps in
            try plan.keyBytes.withUnsafeBufferPointer { keys in
                for index in steps.indices where steps[index].kind != .skipped {
                    try writer.key(quoted: UnsafeBufferPointer(rebasing: keys[steps[index].keyStart..<steps[index].keyEnd]))
                    do {
                        try writeField(steps[index], at: index, of: plan, owner: key)
                    } catch let error as ExportError where !error.isIOFailure {
                        throw ExportError(ExportMessages.inObject(ObjectKey(className: plan.node.className, key: key).description,
                                                                  property: plan.classPlan.properties[index].name, error.message))
                    }
                }
            }
        }
        try writer.endObject()
    }

    /// Field `index` of the object `owner` of `plan`'s class.
    private func writeField(_ step: ExportNodePlan.Step, at index: Int, of plan: ExportNodePlan, owner: Int64) throws {
        let rows = plan.rows
        switch step.kind {
        case .skipped:
            return
        case .column:
            try writeColumn(rows, step.column, step.columnKind, plan.decodedBase(at: index))
        case .mixed:
            try writeElement(try rows.mixed(step.column), .mixed)
        case .primaryKeyLink:
            if rows.isNull(step.column) {
                try writer.null()
            } else if rows.isNull(step.keyColumn) {
                // A null primary key or a dangling link: as object by object.
                guard case .primaryKeyLink(_, _, let target, _) = plan.node.fields[index] else { return }
                try writeElement(.object(ObjectKey(className: target, key: rows.int64(step.column))), plan.classPlan.types[index].base)
            } else {
                try writeColumn(rows, step.keyColumn, step.columnKind, plan.decodedBase(at: index))
            }
        case .embedded:
            try writeEmbedded(plan.children[step.child], plan.classPlan.types[index].base)
        case .embeddedList:
            let child = plan.children[step.child]
            try writer.beginArray()
            while try child.rows.isOwned(by: owner) {
                try writeEmbedded(child, plan.classPlan.types[index].base)
                try child.rows.step()
            }
            try writer.endArray()
        case .collection:
            try writeCollection(plan.collections[step.child], plan.classPlan.types[index], owner: owner)
        case .perObject:
            guard case .perObject(let property) = plan.node.fields[index] else { return }
            try writeValue(try self.plan.store.get(ObjectKey(className: plan.node.className, key: owner), property), plan.classPlan.types[index])
        }
    }

    /// An embedded object its parent's link (`linkColumn`) names, or null.
    private func writeEmbedded(_ plan: ExportNodePlan, _ base: @autoclosure () -> BaseType) throws {
        let rows = plan.rows
        guard let link = plan.node.linkColumn, !rows.isNull(link) else { return try writer.null() }
        if rows.isNull(plan.node.keyColumn) {
            // The object does not exist: as object by object (which reports it).
            return try writeElement(.object(ObjectKey(className: plan.node.className, key: rows.int64(link))), base())
        }
        try writeObject(plan, position: nil)
    }

    /// The elements `owner` has at the cursor, consumed.
    private func writeCollection(_ plan: ExportCollectionPlan, _ type: PropertyType, owner: Int64) throws {
        let collection = plan.collection
        let rows = collection.rows
        if collection.kind == .map {
            if plan.valueKind == .string && collection.tagColumn == nil && collection.targetKeyColumn == nil {
                return try writeStringMap(plan, base: type.base, owner: owner)
            }
            let entries = try collection.takeEntries(of: owner)
            return try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
        }
        if collection.kind == .set, collection.base.canHoldLinks {
            // Links in a set (also in a set of mixed values) are written in their targets' export order.
            return try writeValue(.list(try collection.takeElements(of: owner)), type)
        }
        try writer.beginArray()
        while try rows.isOwned(by: owner) {
            try writeElement(of: plan)
            try rows.step()
        }
        try writer.endArray()
    }

    /// The element a collection cursor stands on.
    private func writeElement(of plan: ExportCollectionPlan) throws {
        let collection = plan.collection
        let rows = collection.rows
        if let key = collection.targetKeyColumn, !rows.isNull(collection.valueColumn), !rows.isNull(key) {
            return try writeColumn(rows, key, plan.targetKeyKind, collection.targetKeyBase ?? collection.base)
        }
        if collection.tagColumn != nil || collection.targetKeyColumn != nil {
            return try writeElement(try rows.element(collection.valueColumn, tag: collection.tagColumn), collection.base)
        }
        try writeColumn(rows, collection.valueColumn, plan.valueKind, collection.base)
    }

    /// A typed (not mixed) stored value: the common types straight from the column (`kind`),
    /// the others decoded as `base`.
    private func writeColumn(_ rows: ExportRows, _ column: Int32, _ kind: ExportColumnKind,
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

    /// A stored value decoded as `Store.get` decodes it (its errors too), then written.
    private func writeDecoded(_ rows: ExportRows, _ column: Int32, _ base: BaseType) throws {
        try writeElement(try rows.value(column, base), base)
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

extension BaseType {
    /// Whether values of this type can be links: links and mixed values.
    var canHoldLinks: Bool {
        switch self {
        case .object, .mixed: true
        default: false
        }
    }
}
