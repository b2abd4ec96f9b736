import RealmEngine

/// Builds one BSON document at a time in memory (bsonspec.org 1.1): `key(_:)` names the next
/// element, a value call writes it (inside an array the key is the element's index), and
/// `endDocument()` fills in each document's length. `BSONExporter` hands `bytes` to its output
/// after every top-level document and `reset()`s, so memory holds one object.
///
/// For example:
///
///     let writer = BSONWriter()
///     try writer.beginDocument()
///     writer.key("a")
///     try writer.int(1)
///     try writer.endDocument()
///     writer.bytes    // 12 0 0 0 | 0x10 "a" 0 | 1 0 0 0 | 0
final class BSONWriter {
    /// The element type bytes this writer uses.
    enum ElementType: UInt8 {
        case double = 0x01, string = 0x02, document = 0x03, array = 0x04, binary = 0x05, objectId = 0x07
        case bool = 0x08, date = 0x09, null = 0x0A, int32 = 0x10, int64 = 0x12, decimal128 = 0x13
    }

    // One thread writes at a time: no runtime exclusivity checks on the hot state.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// Open documents and arrays: where each starts, and the next index for arrays (-1 in a document).
    @exclusivity(unchecked) private var frames: [(start: Int, index: Int)] = []
    /// The key of the next element in a document.
    @exclusivity(unchecked) private var pendingKey: [UInt8] = []

    init() {
        bytes.reserveCapacity(1 << 12)
    }

    /// Forgets the finished document (keeping the buffer).
    func reset() {
        bytes.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
    }

    /// Removes what was written from `mark` (a count of `bytes` taken before a top-level
    /// document's element, which is complete again).
    func takeBack(to mark: Int) {
        bytes.removeSubrange(mark...)
    }

    /// Names the next element (UTF-8 without NUL: property names, checked map keys).
    func key(_ name: [UInt8]) {
        pendingKey = name
    }

    /// Names the next element; a NUL in `name` cannot be in a BSON key.
    func key(_ name: String) throws(ExportError) {
        guard !name.utf8.contains(0) else { throw ExportError(ExportMessages.bsonKeyWithNul(name)) }
        pendingKey = Array(name.utf8)
    }

    /// A top-level document, or a document element.
    func beginDocument() {
        if !frames.isEmpty { header(.document) }
        open(index: -1)
    }

    func beginArray() {
        header(.array)
        open(index: 0)
    }

    /// Ends the innermost document or array.
    func endDocument() throws(ExportError) {
        bytes.append(0)
        let start = frames.removeLast().start
        let length = bytes.count - start
        guard length <= Int(Int32.max) else { throw ExportError(ExportMessages.bsonDocumentTooLarge(length)) }
        withUnsafeBytes(of: Int32(length).littleEndian) { bytes.replaceSubrange(start..<start + 4, with: $0) }
    }

    func null() { header(.null) }

    func bool(_ value: Bool) {
        header(.bool)
        bytes.append(value ? 1 : 0)
    }

    /// An int32 when the value fits 32 bits, else an int64 (as canonical Extended JSON's
    /// `$numberInt`/`$numberLong` and MongoDB's drivers choose).
    func int(_ value: Int64) {
        if let small = Int32(exactly: value) {
            header(.int32)
            append(small)
        } else {
            header(.int64)
            append(value)
        }
    }

    func double(_ value: Double) {
        header(.double)
        append(value.bitPattern)
    }

    func string(_ value: String) {
        var value = value
        value.withUTF8 { string(utf8: $0) }
    }

    /// A string from its UTF-8 bytes.
    func string(utf8: UnsafeBufferPointer<UInt8>) {
        header(.string)
        append(Int32(utf8.count + 1))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// Binary data of a subtype (0 generic, 4 UUID).
    func binary(_ value: some Collection<UInt8>, subtype: UInt8) {
        header(.binary)
        append(Int32(value.count))
        bytes.append(subtype)
        bytes.append(contentsOf: value)
    }

    /// A UTC datetime: milliseconds since 1970.
    func date(milliseconds: Int64) {
        header(.date)
        append(milliseconds)
    }

    func decimal128(_ value: Decimal128) {
        header(.decimal128)
        append(value.low)
        append(value.high)
    }

    func objectId(_ value: ObjectId) {
        header(.objectId)
        value.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// The type byte and key of the next element (the index in an array).
    private func header(_ type: ElementType) {
        bytes.append(type.rawValue)
        guard let frame = frames.last else { return }
        if frame.index < 0 {
            bytes.append(contentsOf: pendingKey)
        } else {
            appendDigits(frame.index)
            frames[frames.count - 1].index += 1
        }
        bytes.append(0)
    }

    private func open(index: Int) {
        frames.append((bytes.count, index))
        append(Int32(0))
    }

    private func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private func appendDigits(_ value: Int) {
        if value >= 10 { appendDigits(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
