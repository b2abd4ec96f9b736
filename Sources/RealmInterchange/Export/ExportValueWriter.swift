import RealmEngine
import RealmSchema

/// The walk over an object's values that every document format shares, object by object
/// (`Store.values(of:)`): which properties an object has (`$id` first, the projection,
/// `--omit-empty`), collections in the plan's order, embedded objects nested, links by primary
/// key or as `$ref`s, mixed values and dictionaries. A format implements the leaves (containers,
/// keys, scalars, references) and gets the walk from this protocol's extension: the Extended
/// JSON writer (`ExtendedJSONDocumentWriter`) and the BSON writer (`BSONDocumentWriter`), which
/// once walked in two parallel copies.
///
/// The walk is generic over the format, not dispatched per value: each writer calls it on its
/// own final class, so the optimizer specializes it for that class in the module.
///
/// For example:
///
///     try jsonWriter.writeObject(object, model: person, position: nil)    // {"_id":1,"name":"Ann",…}
protocol ExportValueWriter: AnyObject {
    /// What the export writes (the store values are read from, the projection, the references).
    var plan: ExportPlan { get }
    /// Starts an object (a document).
    func openObject() throws
    /// Ends the innermost object.
    func closeObject() throws
    /// Starts an array (a List or MutableSet, a mixed list).
    func openArray() throws
    /// Ends the innermost array.
    func closeArray() throws
    /// A key of the open object (`$id`, a dictionary's key).
    func writeKey(_ name: String) throws
    /// The key of property `index` of `classPlan`'s class.
    func writePropertyKey(_ index: Int, of classPlan: ExportClassPlan) throws
    /// A null value.
    func writeNull() throws
    /// An object's `$id`, its position in insertion order.
    func writePosition(_ position: Int64) throws
    /// A value that is neither a link, a list nor a dictionary, in the format's type for it.
    func writeScalarValue(_ value: StoreValue) throws
    /// `{"$ref": "Class", "$id": …}`, the id a scalar (a primary key, `.null`, or an `.int` position).
    func writeReference(_ target: ObjectKey, id: StoreValue) throws
    /// Writes data values with binary subtype `subtype` until told another: a property that
    /// keeps a subtype (`subtype: 9`) is written between `keepBinarySubtype(9)` and
    /// `keepBinarySubtype(0)`, so outside such a property data is generic binary.
    func keepBinarySubtype(_ subtype: UInt8)
}

extension ExportValueWriter {
    /// One object: `$id` first for top-level objects without a primary key, then the properties
    /// the export keeps, in schema order; `values` when the caller has read them already.
    func writeObject(_ object: ObjectKey, model: ModelSchema, position: Int64?, values: [StoreValue]? = nil) throws {
        try openObject()
        if let position {
            try writeKey(ExportReference.idKey)
            try writePosition(position)
        }
        let values = try values ?? plan.store.values(of: object)
        let classPlan = plan.plans[model.name] ?? ExportClassPlan(model)
        let kept = plan.projection[model.name]
        for index in 0..<min(values.count, classPlan.types.count) {
            if plan.leavesOut(classPlan.properties[index], values[index], kept: kept) { continue }
            try writePropertyKey(index, of: classPlan)
            do {
                if classPlan.keepsSubtypes {
                    keepBinarySubtype(classPlan.binarySubtypes[index])
                    defer { keepBinarySubtype(0) }
                    try writeValue(values[index], classPlan.types[index])
                } else {
                    try writeValue(values[index], classPlan.types[index])
                }
            } catch let error as ExportError where !error.isIOFailure {
                throw ExportError(ExportMessages.inObject(object.description, property: classPlan.properties[index].name, error.message))
            }
        }
        try closeObject()
    }

    /// A property value: a single value, a List or MutableSet as an array (a set in the plan's
    /// order), a Map as an object.
    func writeValue(_ value: StoreValue, _ type: DeclaredType) throws {
        switch (type.collection, value) {
        case (.list, .list(let elements)), (.set, .list(let elements)):
            try openArray()
            for element in type.collection == .set ? try plan.exportOrder(ofSetElements: elements) : elements {
                try writeElement(element, type.base)
            }
            try closeArray()
        case (.map, .dictionary(let entries)):
            try writeDictionary(entries, isMixed: false) { try self.writeElement($0, type.base) }
        default:
            try writeElement(value, type.base)
        }
    }

    /// One value of base type `base` (a property's value or one element of its collection):
    /// embedded objects nested, links by primary key (a `$ref` when it is null) or `$ref`.
    func writeElement(_ value: StoreValue, _ base: BaseType) throws {
        switch (base, value) {
        case (_, .null):
            try writeNull()
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

    /// A mixed value: scalars as themselves (a float as the double it equals: neither Extended
    /// JSON nor BSON has a float), lists as arrays, dictionaries as objects, links as `$ref`s.
    func writeMixed(_ value: StoreValue) throws {
        switch value {
        case .float(let float):
            try writeScalarValue(.double(Double(float)))
        case .list(let elements):
            try openArray()
            for element in elements {
                try writeMixed(element)
            }
            try closeArray()
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
            try writeScalarValue(value)
        }
    }

    /// A Map or mixed dictionary: keys percent-decoded, in byte order, except that keywords come
    /// last so the object cannot read back as a typed value (`ExportPlan.exportOrder(ofDictionary:isMixed:)`).
    func writeDictionary(_ entries: some Sequence<(key: String, value: StoreValue)>, isMixed: Bool,
                         _ element: (StoreValue) throws -> Void) throws {
        let sorted = try ExportPlan.exportOrder(ofDictionary: entries, isMixed: isMixed)
        try openObject()
        for entry in sorted {
            try writeKey(entry.key)
            try element(entry.value)
        }
        try closeObject()
    }

    /// A scalar value in the format's type for it; a link, list or dictionary where a scalar
    /// was expected as a mixed value.
    func writeScalar(_ value: StoreValue) throws {
        switch value {
        case .object, .list, .dictionary: try writeMixed(value)
        default: try writeScalarValue(value)
        }
    }
}
