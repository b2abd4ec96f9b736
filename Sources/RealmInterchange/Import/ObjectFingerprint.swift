import Foundation
import RealmEngine

/// The converted inputs of one object as canonical, type-tagged bytes: two objects have the
/// same fingerprint exactly when the store would be given the same inputs for them (strings and
/// keys byte for byte, floats and doubles bit for bit, decimals by encoding, the entries of an
/// embedded object or a map in the order of their keys' bytes). It is compared whole, never
/// through a hash, to tell an object given again with the same content (`Importer+Repeats.swift`).
///
/// Nil for inputs whose stored result does not follow from the inputs alone: a link to an
/// existing object (`.value(.object)`) or a nested mixed list or dictionary.
///
/// For example:
///
///     ObjectFingerprint.encode([.value(.int(1)), nil, .collection(["a"])])   // [UInt8]
enum ObjectFingerprint {
    /// Type tags: one per input case and one per scalar type.
    private enum Tag: UInt8 {
        case absent = 0, object, collection, map
        case null = 0x10, bool, int, float, double, string, data, date, decimal128, objectId, uuid
    }

    /// The fingerprint of the inputs of one object by property position (nil: absent).
    static func encode(_ inputs: some Sequence<InputValue?>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        for input in inputs {
            guard let input else {
                bytes.append(Tag.absent.rawValue)
                continue
            }
            guard append(input, to: &bytes) else { return nil }
        }
        return bytes
    }

    private static func append(_ input: InputValue, to bytes: inout [UInt8]) -> Bool {
        switch input {
        case .value(let value):
            return append(value, to: &bytes)
        case .collection(let elements):
            bytes.append(Tag.collection.rawValue)
            appendLength(elements.count, to: &bytes)
            return elements.allSatisfy { append($0, to: &bytes) }
        case .object(let fields), .map(let fields):
            if case .object = input { bytes.append(Tag.object.rawValue) } else { bytes.append(Tag.map.rawValue) }
            appendLength(fields.count, to: &bytes)
            // The entries sorted whole: no lookup of each key again.
            for (key, element) in fields.sorted(by: { precedes($0.key, $1.key) }) {
                appendText(key, to: &bytes)
                guard append(element, to: &bytes) else { return false }
            }
            return true
        }
    }

    private static func append(_ value: StoreValue, to bytes: inout [UInt8]) -> Bool {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case .bool(let flag): bytes += [Tag.bool.rawValue, flag ? 1 : 0]
        case .int(let number): appendFixed(Tag.int, number, to: &bytes)
        case .float(let number): appendFixed(Tag.float, number.bitPattern, to: &bytes)
        case .double(let number): appendFixed(Tag.double, number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            appendText(text, to: &bytes)
        case .data(let data):
            bytes.append(Tag.data.rawValue)
            appendLength(data.count, to: &bytes)
            bytes.append(contentsOf: data)
        case .date(let date):
            appendFixed(Tag.date, date.seconds, to: &bytes)
            Swift.withUnsafeBytes(of: date.nanoseconds.littleEndian) { bytes.append(contentsOf: $0) }
        case .decimal128(let number):
            appendFixed(Tag.decimal128, number.low, to: &bytes)
            Swift.withUnsafeBytes(of: number.high.littleEndian) { bytes.append(contentsOf: $0) }
        case .objectId(let id):
            bytes.append(Tag.objectId.rawValue)
            id.withUnsafeBytes { bytes.append(contentsOf: $0) }
        case .uuid(let id):
            bytes.append(Tag.uuid.rawValue)
            Swift.withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) }
        case .object, .list, .dictionary:
            return false
        }
        return true
    }

    private static func appendFixed(_ tag: Tag, _ value: some FixedWidthInteger, to bytes: inout [UInt8]) {
        bytes.append(tag.rawValue)
        Swift.withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A length, or a text's UTF-8 bytes after their length.
    private static func appendLength(_ count: Int, to bytes: inout [UInt8]) {
        var rest = UInt(count)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendLength(text.utf8.count, to: &bytes)
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Whether the UTF-8 bytes of `a` come before those of `b`.
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                let compared = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return compared == 0 ? x.count < y.count : compared < 0
            }
        }
        return (order ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
