import RealmEngine
import RealmSchema

/// Objects, property values, links, maps and mixed values as Extended JSON, object by object
/// (`Store.values(of:)`): a selection, `--omit-empty`, the outbox, and what the export reader
/// path hands over (`ExtendedJSONDocumentWriter+Rows.swift`).
extension ExtendedJSONDocumentWriter {
    /// One object: `$id` first for top-level objects without a primary key, then every
    /// persisted property in schema order; `values` when the caller has read them already.
    func writeObject(_ object: ObjectKey, model: ModelSchema, position: Int64?, values: [StoreValue]? = nil) throws {
        try writer.beginObject()
        if let position {
            try writer.key(ExportReference.idKey)
            try writer.int(position)
        }
        let values = try values ?? plan.store.values(of: object)
        let classPlan = plan.plans[model.name] ?? ExportClassPlan(model)
        let kept = plan.projection[model.name]
        for index in 0..<min(values.count, classPlan.types.count) {
            if plan.leavesOut(classPlan.properties[index], values[index], kept: kept) { continue }
            try writer.key(quoted: classPlan.keys[index])
            do {
                try writeValue(values[index], classPlan.types[index])
            } catch let error as ExportError where !error.isIOFailure {
                throw ExportError(ExportMessages.inObject(object.description, property: classPlan.properties[index].name, error.message))
            }
        }
        try writer.endObject()
    }

    /// A property value: a single value, a List or MutableSet as an array, a Map as an object.
    func writeValue(_ value: StoreValue, _ type: PropertyType) throws {
        switch (type.collection, value) {
        case (.list, .list(let elements)), (.set, .list(let elements)):
            try writer.beginArray()
            for element in type.collection == .set ? try plan.exportOrder(ofSetElements: elements) : elements {
                try writeElement(element, type.base)
            }
            try writer.endArray()
        case (.map, .dictionary(let entries)):
            try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
        default:
            try writeElement(value, type.base)
        }
    }

    /// One value of base type `base` (a property's value or one element of its collection).
    func writeElement(_ value: StoreValue, _ base: BaseType) throws {
        switch (base, value) {
        case (_, .null):
            try writer.null()
        case (.mixed, _):
            try writeMixed(value)
        case (.object(let targetName), .object(let target)):
            let model = try plan.storedModel(targetName)
            if model.kind == .embedded {
                try writeObject(target, model: model, position: nil)
            } else if let primaryKey = model.primaryKeyProperty {
                try writePrimaryKeyLink(target, primaryKey: primaryKey)
            } else {
                try writeReference(target, id: .int(try plan.position(of: target)))
            }
        default:
            try writeScalar(value)
        }
    }

    /// A link to an object with a primary key: the key's value, or a `$ref` when it is null.
    private func writePrimaryKeyLink(_ target: ObjectKey, primaryKey: PropertySchema) throws {
        let key = try plan.store.primaryKeyValue(of: target)
        if key.isNull {
            try writeReference(target, id: .null)
        } else {
            try writeScalar(key)
        }
    }

    /// `{"$ref": "Class", "$id": …}`.
    private func writeReference(_ target: ObjectKey, id: StoreValue) throws {
        var failure: (any Error)?
        try writer.inline { () throws(ExportError) in
            try writer.beginObject()
            try writer.key(ExportReference.classKey)
            try writer.string(target.className)
            try writer.key(ExportReference.idKey)
            do {
                if case .int(let position) = id { try writer.int(position) } else { try writeScalar(id) }
            } catch {
                failure = error
            }
            try writer.endObject()
        }
        if let failure { throw failure }
    }

    /// A mixed value: scalars as themselves (a float as the double it equals: Extended JSON has
    /// no float), lists as arrays, dictionaries as objects, links as `$ref`s.
    func writeMixed(_ value: StoreValue) throws {
        switch value {
        case .float(let float):
            try writer.double(Double(float))
        case .list(let elements):
            try writer.beginArray()
            for element in elements {
                try writeMixed(element)
            }
            try writer.endArray()
        case .dictionary(let entries):
            try writeDictionary(entries, isMixed: true, writeMixed)
        case .object(let target):
            let model = try plan.storedModel(target.className)
            if model.primaryKeyProperty != nil {
                try writeReference(target, id: try plan.store.primaryKeyValue(of: target))
            } else {
                try writeReference(target, id: .int(try plan.position(of: target)))
            }
        default:
            try writeScalar(value)
        }
    }

    /// A Map or mixed dictionary: keys percent-decoded, in byte order, except that Extended JSON
    /// keywords come last so the object cannot read back as a typed value.
    func writeDictionary(_ entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool,
                         _ element: (StoreValue) throws -> Void) throws {
        let sorted = try ExportPlan.exportOrder(ofDictionary: entries, isMixed: isMixed)
        try writer.beginObject()
        for entry in sorted {
            try writer.key(entry.key)
            try element(entry.value)
        }
        try writer.endObject()
    }

    /// A scalar value in the writer's Extended JSON mode.
    func writeScalar(_ value: StoreValue) throws {
        switch value {
        case .null: try writer.null()
        case .bool(let v): try writer.bool(v)
        case .int(let v): try writer.int(v)
        case .float(let v): try writer.float(v)
        case .double(let v): try writer.double(v)
        case .string(let v): try writer.string(v)
        case .data(let v): try writer.data(v)
        case .date(let v): try writer.date(v)
        case .decimal128(let v): try writer.decimal128(v)
        case .objectId(let v): try writer.objectId(v)
        case .uuid(let v): try writer.uuid(v)
        case .object, .list, .dictionary: try writeMixed(value)
        }
    }
}
