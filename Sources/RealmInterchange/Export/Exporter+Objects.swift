import RealmEngine
import RealmSchema

/// Objects, property values, links, maps and mixed values.
extension Exporter {
    /// One object: `$id` first for top-level objects without a primary key, then every
    /// persisted property in schema order; `values` when the caller has read them already.
    func writeObject(_ object: ObjectKey, model: ModelSchema, position: Int64?, values: [StoreValue]? = nil) throws {
        try writer.beginObject()
        if let position {
            try writer.key(ExportReference.idKey)
            try writer.int(position)
        }
        let values = try values ?? store.values(of: object)
        let plan = plans[model.name] ?? ExportClassPlan(model)
        let kept = projection[model.name]
        for index in 0..<min(values.count, plan.types.count) {
            if leavesOut(plan.properties[index], values[index], kept: kept) { continue }
            try writer.key(quoted: plan.keys[index])
            do {
                try writeValue(values[index], plan.types[index])
            } catch let error as ExportError where !error.isIOFailure {
                throw ExportError(ExportMessages.inObject(object.description, property: plan.properties[index].name, error.message))
            }
        }
        try writer.endObject()
    }

    /// A property value: a single value, a List or MutableSet as an array, a Map as an object.
    func writeValue(_ value: StoreValue, _ type: DeclaredType) throws {
        switch (type.collection, value) {
        case (.list, .list(let elements)), (.set, .list(let elements)):
            try writer.beginArray()
            for element in type.collection == .set ? try exportOrder(ofSetElements: elements) : elements {
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
            let model = try storedModel(targetName)
            if model.kind == .embedded {
                try writeObject(target, model: model, position: nil)
            } else if let primaryKey = model.primaryKeyProperty {
                try writePrimaryKeyLink(target, primaryKey: primaryKey)
            } else {
                try writeReference(target, id: .int(try position(of: target)))
            }
        default:
            try writeScalar(value)
        }
    }

    /// A link to an object with a primary key: the key's value, or a `$ref` when it is null.
    private func writePrimaryKeyLink(_ target: ObjectKey, primaryKey: PropertySchema) throws {
        let key = try store.primaryKeyValue(of: target)
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

    /// The `$id` of an object of a class without a primary key.
    func position(of target: ObjectKey) throws -> Int64 {
        guard exported.contains(target.className) else {
            throw ExportError(ExportMessages.referencedClassMissing("a mixed value", target: target.className))
        }
        guard let position = try insertionOrdinals(target.className).ordinal(of: target.key) else {
            throw ExportError(ExportMessages.storeFailed(ExportMessages.danglingLink(target.description)), isIOFailure: true)
        }
        return position
    }

    /// The insertion ordinals of a class without a primary key, made once per export (a
    /// selection of the class and links to it share them: making them again would drop the
    /// table the first ones read).
    func insertionOrdinals(_ className: String) throws -> InsertionOrdinals {
        if let made = ordinals[className] { return made }
        let made = try store.insertionOrdinals(className)
        ordinals[className] = made
        return made
    }

    /// The schema of a class the store names (in a link or a mixed value).
    func storedModel(_ name: String) throws(ExportError) -> ModelSchema {
        guard let model = store.schema.model(named: name) else {
            throw ExportError(ExportMessages.storeFailed(ExportMessages.unknownStoredClass(name)), isIOFailure: true)
        }
        return model
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
            let model = try storedModel(target.className)
            if model.primaryKeyProperty != nil {
                try writeReference(target, id: try store.primaryKeyValue(of: target))
            } else {
                try writeReference(target, id: .int(try position(of: target)))
            }
        default:
            try writeScalar(value)
        }
    }

    /// A Map or mixed dictionary: keys percent-decoded, in byte order, except that Extended JSON
    /// keywords come last so the object cannot read back as a typed value.
    func writeDictionary(_ entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool,
                         _ element: (StoreValue) throws -> Void) throws {
        let sorted = try Self.exportOrder(ofDictionary: entries, isMixed: isMixed)
        try writer.beginObject()
        for entry in sorted {
            try writer.key(entry.key)
            try element(entry.value)
        }
        try writer.endObject()
    }

    /// A dictionary's entries as written (JSON and BSON alike): keys decoded, in byte order,
    /// keywords last; a mixed dictionary whose keys are all keywords is an error.
    static func exportOrder(ofDictionary entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool)
        throws(ExportError) -> [(key: String, isKeyword: Bool, value: StoreValue)] {
        let sorted = entries.map { entry in
            let key = MapKeyCoding.decode(entry.key)
            return (key: key, isKeyword: ExportReference.isKeyword(key), value: entry.value)
        }.sorted { lhs, rhs in
            lhs.isKeyword != rhs.isKeyword ? rhs.isKeyword : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        if isMixed, let first = sorted.first, first.isKeyword {
            throw ExportError(ExportMessages.ambiguousDictionary(sorted.map(\.key)))
        }
        return sorted
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
