import RealmEngine
import RealmSchema

/// Objects, property values, links, maps and mixed values as BSON, mirroring
/// `ExtendedJSONDocumentWriter+Objects.swift` element for element.
extension BSONDocumentWriter {
    /// One object as a document: `$id` first for top-level objects without a primary key, then
    /// the properties the export keeps, in schema order.
    func writeObject(_ object: ObjectKey, model: ModelSchema, position: Int64?, values: [StoreValue]? = nil) throws {
        writer.beginDocument()
        if let position {
            try writer.key(ExportReference.idKey)
            writer.int(position)
        }
        let values = try values ?? plan.store.values(of: object)
        let classPlan = plan.plans[model.name] ?? ExportClassPlan(model)
        let names = keys[model.name] ?? classPlan.properties.map { Array($0.storedName.utf8) }
        let kept = plan.projection[model.name]
        for index in 0..<min(values.count, classPlan.types.count) {
            if plan.leavesOut(classPlan.properties[index], values[index], kept: kept) { continue }
            writer.key(names[index])
            do {
                try writeValue(values[index], classPlan.types[index])
            } catch let error as ExportError where !error.isIOFailure {
                throw ExportError(ExportMessages.inObject(object.description, property: classPlan.properties[index].name, error.message))
            }
        }
        try writer.endDocument()
    }

    /// A List or MutableSet as an array (a set in the plan's order), a Map as a document.
    func writeValue(_ value: StoreValue, _ type: PropertyType) throws {
        switch (type.collection, value) {
        case (.list, .list(let elements)), (.set, .list(let elements)):
            writer.beginArray()
            for element in type.collection == .set ? try plan.exportOrder(ofSetElements: elements) : elements {
                try writeElement(element, type.base)
            }
            try writer.endDocument()
        case (.map, .dictionary(let entries)):
            try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
        default:
            try writeElement(value, type.base)
        }
    }

    /// One value of base type `base`: embedded objects nested, links by primary key or `$ref`.
    func writeElement(_ value: StoreValue, _ base: BaseType) throws {
        switch (base, value) {
        case (_, .null):
            writer.null()
        case (.mixed, _):
            try writeMixed(value)
        case (.object(let targetName), .object(let target)):
            let model = try plan.storedModel(targetName)
            if model.kind == .embedded {
                try writeObject(target, model: model, position: nil)
            } else if model.primaryKeyProperty != nil {
                let key = try plan.store.primaryKeyValue(of: target)
                if key.isNull { try writeReference(target, id: .null) } else { try writeScalar(key) }
            } else {
                try writeReference(target, id: .int(try plan.position(of: target)))
            }
        default:
            try writeScalar(value)
        }
    }

    /// `{"$ref": "Class", "$id": …}`.
    private func writeReference(_ target: ObjectKey, id: StoreValue) throws {
        writer.beginDocument()
        try writer.key(ExportReference.classKey)
        writer.string(target.className)
        try writer.key(ExportReference.idKey)
        try writeScalar(id)
        try writer.endDocument()
    }

    /// A mixed value: scalars by their type (a float as a double), lists as arrays,
    /// dictionaries as documents, links as references.
    private func writeMixed(_ value: StoreValue) throws {
        switch value {
        case .list(let elements):
            writer.beginArray()
            for element in elements {
                try writeMixed(element)
            }
            try writer.endDocument()
        case .dictionary(let entries):
            try writeDictionary(entries, isMixed: true, writeMixed)
        case .object(let target):
            let model = try plan.storedModel(target.className)
            let id = model.primaryKeyProperty != nil ? try plan.store.primaryKeyValue(of: target) : .int(try plan.position(of: target))
            try writeReference(target, id: id)
        default:
            try writeScalar(value)
        }
    }

    /// A Map or mixed dictionary, in the plan's key order.
    func writeDictionary(_ entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool,
                         _ element: (StoreValue) throws -> Void) throws {
        let sorted = try ExportPlan.exportOrder(ofDictionary: entries, isMixed: isMixed)
        writer.beginDocument()
        for entry in sorted {
            try writer.key(entry.key)
            try element(entry.value)
        }
        try writer.endDocument()
    }

    /// A scalar by its BSON type.
    private func writeScalar(_ value: StoreValue) throws {
        switch value {
        case .null: writer.null()
        case .bool(let v): writer.bool(v)
        case .int(let v): writer.int(v)
        case .float(let v): writer.double(Double(v))
        case .double(let v): writer.double(v)
        case .string(let v): writer.string(v)
        case .data(let v): writer.binary(v, subtype: 0)
        case .date(let v): writer.date(milliseconds: try milliseconds(v))
        case .decimal128(let v): writer.decimal128(v)
        case .objectId(let v): writer.objectId(v)
        case .uuid(let v): writer.binary(withUnsafeBytes(of: v.uuid) { Array($0) }, subtype: 4)
        case .object, .list, .dictionary: try writeMixed(value)
        }
    }

    /// Milliseconds since 1970, a finer part cut toward 1970 (and counted).
    private func milliseconds(_ value: Timestamp) throws(ExportError) -> Int64 {
        let (scaled, overflow) = value.seconds.multipliedReportingOverflow(by: 1_000)
        let (sum, overflow2) = scaled.addingReportingOverflow(Int64(value.nanoseconds / 1_000_000))
        guard !overflow && !overflow2 else { throw ExportError(ExportMessages.bsonDateOutOfRange(value.description)) }
        if value.nanoseconds % 1_000_000 != 0 { truncatedDates += 1 }
        return sum
    }
}
