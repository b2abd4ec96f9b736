import RealmEngine
import RealmSchema

/// The leaves of the object-by-object walk (`ExportValueWriter`) as Extended JSON: a selection,
/// `--omit-empty`, the outbox, a CSV cell, and what the export reader path hands over
/// (`ExtendedJSONDocumentWriter+Rows.swift`) go through the walk every format shares.
extension ExtendedJSONDocumentWriter: ExportValueWriter {
    func openObject() throws {
        try writer.beginObject()
    }

    func closeObject() throws {
        try writer.endObject()
    }

    func openArray() throws {
        try writer.beginArray()
    }

    func closeArray() throws {
        try writer.endArray()
    }

    func writeKey(_ name: String) throws {
        try writer.key(name)
    }

    /// The property's quoted key, made once per class (`ExportClassPlan.keys`).
    func writePropertyKey(_ index: Int, of classPlan: ExportClassPlan) throws {
        try writer.key(quoted: classPlan.keys[index])
    }

    func writeNull() throws {
        try writer.null()
    }

    func writePosition(_ position: Int64) throws {
        try writer.int(position)
    }

    /// `{"$ref": "Class", "$id": …}`, on one line whatever the layout.
    func writeReference(_ target: ObjectKey, id: StoreValue) throws {
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

    func keepBinarySubtype(_ subtype: UInt8) {
        writer.binarySubtype = subtype
    }

    /// A scalar value in the writer's Extended JSON mode.
    func writeScalarValue(_ value: StoreValue) throws {
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
