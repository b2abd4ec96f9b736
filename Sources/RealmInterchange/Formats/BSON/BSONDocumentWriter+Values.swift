import RealmEngine
import RealmSchema

/// The leaves of the object-by-object walk (`ExportValueWriter`) as BSON: values by their BSON
/// type (an int fitting 32 bits an int32, else an int64; floats as doubles; data binary subtype
/// 0, or the subtype its property keeps; UUIDs subtype 4; dates in milliseconds, a finer part cut and counted), objects, lists and
/// references as documents.
extension BSONDocumentWriter: ExportValueWriter {
    func openObject() throws {
        writer.beginDocument()
    }

    func closeObject() throws {
        try writer.endDocument()
    }

    func openArray() throws {
        writer.beginArray()
    }

    func closeArray() throws {
        try writer.endDocument()
    }

    /// A key of the open document; one holding a NUL is an error.
    func writeKey(_ name: String) throws {
        try writer.key(name)
    }

    /// The property's stored name as UTF-8, made once per class (`ExportClassPlan.names`).
    func writePropertyKey(_ index: Int, of classPlan: ExportClassPlan) throws {
        writer.key(classPlan.names[index])
    }

    func writeNull() throws {
        writer.null()
    }

    func writePosition(_ position: Int64) throws {
        writer.int(position)
    }

    /// `{"$ref": "Class", "$id": …}`.
    func writeReference(_ target: ObjectKey, id: StoreValue) throws {
        writer.beginDocument()
        try writer.key(ExportReference.classKey)
        writer.string(target.className)
        try writer.key(ExportReference.idKey)
        try writeScalar(id)
        try writer.endDocument()
    }

    func keepBinarySubtype(_ subtype: UInt8) {
        binarySubtype = subtype
    }

    /// A scalar by its BSON type.
    func writeScalarValue(_ value: StoreValue) throws {
        switch value {
        case .null: writer.null()
        case .bool(let v): writer.bool(v)
        case .int(let v): writer.int(v)
        case .float(let v): writer.double(Double(v))
        case .double(let v): writer.double(v)
        case .string(let v): writer.string(v)
        case .data(let v): writer.binary(v, subtype: binarySubtype)
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
