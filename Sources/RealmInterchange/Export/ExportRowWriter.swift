import RealmEngine
import RealmSchema

/// The walk over a whole class's export reader (`Store.exportReader`, prepared as an
/// `ExportNodePlan`) that every document format shares: the fields of the object the rows stand
/// on, embedded objects and linked primary keys from the same rows or cursors stepped alongside,
/// collections consumed from their cursors, and anything less common decoded to a `StoreValue`
/// and handed to the object-by-object walk (`ExportValueWriter`). A format implements how a
/// field's key is written, how a column is written (straight from SQLite's value where it can),
/// how a map is written, and what happens around a field (BSON takes back one `--omit-empty`
/// leaves out); the bytes are those of its object-by-object path, object for object.
///
/// The walk is generic over the format, specialized per writer in the module as the value walk
/// is, so the per-field loop calls no protocol witness.
///
/// For example:
///
///     while try nodePlan.rows.step() { try jsonWriter.writeRowObject(nodePlan, position: nil) }
protocol ExportRowWriter: ExportValueWriter {
    /// The key of field `index` (`step`) of `classPlan`'s class; `keys` is the node plan's
    /// buffer of quoted keys (`ExportNodePlan.keyBytes`).
    func writeFieldKey(_ step: ExportNodePlan.Step, at index: Int, of classPlan: ExportClassPlan,
                       keys: UnsafeBufferPointer<UInt8>) throws
    /// A typed (not mixed) stored value: the common types straight from the column (`kind`),
    /// the others decoded as `base`.
    func writeColumn(_ rows: ExportRows, _ column: Int32, _ kind: ExportColumnKind, _ base: @autoclosure () -> BaseType) throws
    /// The entries of the Map `owner` has at the cursor, consumed.
    func writeMap(_ plan: ExportCollectionPlan, _ type: DeclaredType, owner: Int64) throws
    /// Where the field about to be written starts (for `endField`).
    func beginField() -> Int
    /// After field `index` of `classPlan`'s class, written from `mark` on.
    func endField(_ index: Int, of classPlan: ExportClassPlan, from mark: Int)
}

extension ExportRowWriter {
    /// Steps through every object of `model`, or of one `part` of it, in export order, reading
    /// only the projected properties: `body` runs with the rows standing on each object and the
    /// object's position in its class (counted from 1, across parts).
    func forEachRow(of model: ModelSchema, part: ExportPart, _ body: (ExportNodePlan, _ position: Int64) throws -> Void) throws {
        let projection = plan.projection
        let node = try plan.store.exportReader(model.name, part: part) { className, property in
            projection[className]?.contains(property) ?? true
        }
        let nodePlan = try ExportNodePlan(node, plans: plan.plans)
        var position: Int64 = if case .second(let split) = part { split.firstCount } else { 0 }
        while try node.rows.step() {
            position += 1
            try body(nodePlan, position)
        }
    }

    /// The object `plan.rows` stands on: `$id` first when given, then its fields.
    func writeRowObject(_ plan: ExportNodePlan, position: Int64?) throws {
        let key = plan.rows.int64(plan.node.keyColumn)
        try openObject()
        if let position {
            try writeKey(ExportReference.idKey)
            try writePosition(position)
        }
        let classPlan = plan.classPlan
        try plan.steps.withUnsafeBufferPointer { steps in
            try plan.keyBytes.withUnsafeBufferPointer { keys in
                for index in steps.indices where steps[index].kind != .skipped {
                    let mark = beginField()
                    try writeFieldKey(steps[index], at: index, of: classPlan, keys: keys)
                    do {
                        if classPlan.keepsSubtypes {
                            keepBinarySubtype(classPlan.binarySubtypes[index])
                            defer { keepBinarySubtype(0) }
                            try writeField(steps[index], at: index, of: plan, owner: key)
                        } else {
                            try writeField(steps[index], at: index, of: plan, owner: key)
                        }
                    } catch let error as ExportError where !error.isIOFailure {
                        throw ExportError(ExportMessages.inObject(ObjectKey(className: plan.node.className, key: key).description,
                                                                  property: classPlan.properties[index].name, error.message))
                    }
                    endField(index, of: classPlan, from: mark)
                }
            }
        }
        try closeObject()
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
                try writeNull()
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
            try openArray()
            while try child.rows.isOwned(by: owner) {
                try writeEmbedded(child, plan.classPlan.types[index].base)
                try child.rows.step()
            }
            try closeArray()
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
        guard let link = plan.node.linkColumn, !rows.isNull(link) else { return try writeNull() }
        if rows.isNull(plan.node.keyColumn) {
            // The object does not exist: as object by object (which reports it).
            return try writeElement(.object(ObjectKey(className: plan.node.className, key: rows.int64(link))), base())
        }
        try writeRowObject(plan, position: nil)
    }

    /// The elements `owner` has at the cursor, consumed.
    private func writeCollection(_ plan: ExportCollectionPlan, _ type: DeclaredType, owner: Int64) throws {
        let collection = plan.collection
        let rows = collection.rows
        if collection.kind == .map {
            return try writeMap(plan, type, owner: owner)
        }
        if collection.kind == .set, collection.base.canHoldLinks {
            // Links in a set (also in a set of mixed values) are written in their targets' export order.
            return try writeValue(.list(try collection.takeElements(of: owner)), type)
        }
        try openArray()
        while try rows.isOwned(by: owner) {
            try writeElement(of: plan)
            try rows.step()
        }
        try closeArray()
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

    /// A stored value decoded as `Store.get` decodes it (its errors too), then written.
    func writeDecoded(_ rows: ExportRows, _ column: Int32, _ base: BaseType) throws {
        try writeElement(try rows.value(column, base), base)
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
