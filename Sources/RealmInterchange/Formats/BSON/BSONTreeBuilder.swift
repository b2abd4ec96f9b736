internal import CJansson
import Glibc
import RealmEngine
import RealmFormats

/// Builds the importer's value tree (jansson, as the JSON reader makes it) straight from the
/// bytes of one BSON document, with no text in between: int32 and int64 become integers,
/// doubles reals, strings strings (UTF-8 checked), documents objects and arrays arrays; the
/// types JSON has no literal for become the Extended JSON wrappers the strict decoders read
/// (`{"$date": {"$numberLong": "…"}}`, `$oid`, `$numberDecimal`, `$binary`, and `$numberDouble`
/// for NaN and ±Infinity), so BSON is typed by the schema exactly as JSON is
/// (docs/json-typing.md). Every length is checked against the bytes that hold it; types
/// without a Realm property type (regular expression, timestamp, …) are errors.
///
/// For example:
///
///     let root = try BSONTreeBuilder.tree(of: bytes, at: 0)   // {"name": "Ann", "age": 42}
struct BSONTreeBuilder {
    /// A problem in the document: the message, the input offset of the element (or of the
    /// document) and the field path to it.
    struct Failure: Error {
        var message: String
        var offset: Int
        var path: [JSONPath.Component] = []
    }

    /// The document's bytes; `start` is the input offset of the first.
    let bytes: UnsafeRawBufferPointer
    let start: Int
    /// The top-level keys that name a property; nil: every value is built. A top-level string,
    /// document, array or binary of `ignoredValueBytes` or more under another key is skipped by
    /// its length and stands as null in the tree (its key is reported as unknown).
    var knownKeys: Set<String>?
    static let ignoredValueBytes = 64 * 1024

    /// The tree of the document in `bytes` (whose length and final 0 the caller checked), at
    /// input offset `start`. Allocates through jansson (the caller's arena).
    static func tree(of bytes: UnsafeRawBufferPointer, at start: Int,
                     knownKeys: Set<String>? = nil) throws(Failure) -> UnsafeMutablePointer<json_t> {
        let builder = BSONTreeBuilder(bytes: bytes, start: start, knownKeys: knownKeys)
        let root = json_object()!
        do {
            try builder.fill(root, from: 0, end: bytes.count, isArray: false, depth: 0)
        } catch {
            json_decref(root)
            throw error
        }
        return root
    }

    func int32(at offset: Int) -> Int {
        Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
    }

    func int64(at offset: Int) -> Int64 {
        Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    }

    func failure(_ message: String, at offset: Int) -> Failure {
        Failure(message: message, offset: start + offset)
    }

    /// Adds the elements of the document (or array) whose length is at `offset` to
    /// `container`; its bytes end at `end` (the terminating 0 is at `end - 1`).
    private func fill(_ container: UnsafeMutablePointer<json_t>, from offset: Int, end: Int, isArray: Bool,
                      depth: Int) throws(Failure) {
        var position = offset + 4
        var index = 0
        while true {
            let type = bytes[position]
            if type == 0 {
                guard position == end - 1 else { throw failure(BSONMessages.missingTerminator, at: offset) }
                return
            }
            let keyStart = position + 1
            guard let (keyLength, keyIsASCII) = keyExtent(from: keyStart, before: end - 1) else {
                throw failure(BSONMessages.keyNotTerminated, at: position)
            }
            let valueStart = keyStart + keyLength + 1
            let elementStart = position
            let value: UnsafeMutablePointer<json_t>
            do {
                if depth == 0, !isArray,
                   let skipped = ignoredValueEnd(type, key: keyStart..<(keyStart + keyLength), valueStart: valueStart, limit: end - 1) {
                    (value, position) = (json_null(), skipped)
                } else {
                    (value, position) = try element(type, at: position, valueStart: valueStart, end: end - 1, depth: depth)
                }
            } catch {
                // The name joins the path only on the error path: no String per element otherwise.
                var located = error
                located.path.insert(isArray ? .index(index) : .key(key(keyStart, keyLength)), at: 0)
                throw located
            }
            if isArray {
                json_array_append_new(container, value)
            } else {
                let key = UnsafeRawPointer(bytes.baseAddress! + keyStart).assumingMemoryBound(to: CChar.self)
                // An ASCII key is valid UTF-8: jansson's check of it is skipped, nothing else.
                let added = keyIsASCII ? json_object_setn_new_nocheck(container, key, keyLength, value)
                    : json_object_setn_new(container, key, keyLength, value)
                guard added == 0 else {
                    throw failure(BSONMessages.invalidKeyUTF8, at: elementStart)
                }
                // Every earlier element was added (a duplicate ends the document), so a new key
                // makes the object `index + 1` fields long; jansson replaces a duplicate's value.
                guard json_object_size(container) == index + 1 else {
                    throw failure(BSONMessages.duplicateKey(self.key(keyStart, keyLength)), at: elementStart)
                }
            }
            index += 1
        }
    }

    /// The length of the element name starting at `offset` (up to its terminating 0, which
    /// must come before `limit`) and whether it is all ASCII; nil when no 0 comes first.
    private func keyExtent(from offset: Int, before limit: Int) -> (count: Int, isASCII: Bool)? {
        var index = offset
        var high: UInt8 = 0
        while index < limit {
            let byte = bytes[index]
            if byte == 0 { return (index - offset, high < 0x80) }
            high |= byte
            index += 1
        }
        return nil
    }

    /// Where a large top-level value under a key no property takes ends, when its length
    /// fits the document: it is skipped there, unbuilt (`knownKeys`); nil: it is built.
    private func ignoredValueEnd(_ type: UInt8, key: Range<Int>, valueStart: Int, limit: Int) -> Int? {
        guard let knownKeys, type >= 0x02 && type <= 0x05, valueStart + 4 <= limit else { return nil }
        let length = int32(at: valueStart)
        let size = type == 0x02 ? 4 + length : type == 0x05 ? 5 + length : length
        guard length >= 0, size >= Self.ignoredValueBytes, valueStart + size <= limit,
              !knownKeys.contains(self.key(key.lowerBound, key.count)) else { return nil }
        return valueStart + size
    }

    /// An element's name as text (for paths in messages: invalid UTF-8 is replaced).
    private func key(_ offset: Int, _ count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
    }

    /// The value of the element of `type` at `position` (its type byte), whose value starts at
    /// `valueStart` and must end by `limit`; returns it and the offset just past it.
    private func element(_ type: UInt8, at position: Int, valueStart: Int, end limit: Int,
                         depth: Int) throws(Failure) -> (UnsafeMutablePointer<json_t>, Int) {
        func need(_ count: Int, _ name: String) throws(Failure) {
            guard count >= 0, valueStart + count <= limit else {
                throw failure(BSONMessages.elementPastEnd(name), at: position)
            }
        }
        switch type {
        case 0x01:
            try need(8, "double")
            let bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: valueStart, as: UInt64.self))
            return (Self.double(Double(bitPattern: bits)), valueStart + 8)
        case 0x02:
            try need(4, "string")
            let length = int32(at: valueStart)
            try need(4 + length, "string")
            guard length >= 1, bytes[valueStart + 4 + length - 1] == 0 else {
                throw failure(BSONMessages.wrongLength("string", length), at: position)
            }
            guard let string = JanssonText.string(UnsafeRawBufferPointer(rebasing: bytes[(valueStart + 4)..<(valueStart + 3 + length)]))
            else { throw failure(BSONMessages.invalidUTF8, at: position) }
            return (string, valueStart + 4 + length)
        case 0x03, 0x04:
            let name = type == 0x03 ? "embedded document" : "array"
            try need(4, name)
            let length = int32(at: valueStart)
            try need(length, name)
            guard length >= 5, bytes[valueStart + length - 1] == 0 else {
                throw failure(BSONMessages.wrongLength(name, length), at: position)
            }
            guard depth < BSONMessages.maxNestingDepth else { throw failure(BSONMessages.nestedTooDeep, at: position) }
            let container = type == 0x03 ? json_object()! : json_array()!
            do {
                try fill(container, from: valueStart, end: valueStart + length, isArray: type == 0x04, depth: depth + 1)
            } catch {
                json_decref(container)
                throw error
            }
            return (container, valueStart + length)
        case 0x05:
            try need(5, "binary")
            let length = int32(at: valueStart)
            guard length >= 0 else { throw failure(BSONMessages.wrongLength("binary", length), at: position) }
            try need(5 + length, "binary")
            return (try binary(at: position, valueStart: valueStart, length: length), valueStart + 5 + length)
        case 0x07:
            try need(12, "ObjectId")
            return (objectId(at: valueStart), valueStart + 12)
        case 0x08:
            try need(1, "boolean")
            let byte = bytes[valueStart]
            guard byte <= 1 else { throw failure(BSONMessages.badBool(byte), at: position) }
            return (byte == 1 ? json_true() : json_false(), valueStart + 1)
        case 0x09:
            try need(8, "UTC datetime")
            return (date(at: valueStart), valueStart + 8)
        case 0x0A:
            return (json_null(), valueStart)
        case 0x10:
            try need(4, "int32")
            return (json_integer(json_int_t(int32(at: valueStart))), valueStart + 4)
        case 0x12:
            try need(8, "int64")
            return (json_integer(json_int_t(int64(at: valueStart))), valueStart + 8)
        case 0x13:
            try need(16, "Decimal128")
            return (decimal128(at: valueStart), valueStart + 16)
        default:
            if Self.unsupported.contains(type) {
                throw failure(BSONMessages.unsupportedType(BSONMessages.typeName(type), type), at: position)
            }
            throw failure(BSONMessages.unknownType(type), at: position)
        }
    }

    /// BSON types that exist but have no Realm property type (named by `BSONMessages.typeName`).
    private static let unsupported: Set<UInt8> = [0x06, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x11, 0x7F, 0xFF]
}
