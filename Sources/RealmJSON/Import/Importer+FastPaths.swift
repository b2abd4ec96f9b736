import Foundation
import RealmEngine
import RealmSchema

/// The canonical Extended JSON forms that dominate real exports (`{"$oid": "<24 hex>"}`,
/// `{"$binary": {"base64": "<24 chars>", "subType": "04"}}`), decoded without the general
/// decoders' allocations. Anything else, valid or not, goes to `ExtendedJSON`, which also words
/// every error, so the fast path never changes what is accepted or what is reported.
extension Importer {
    /// The value of `value` as `base`: the fast path when it applies, else `ExtendedJSON`.
    func decode(_ value: JSONValue, as base: BaseType) throws(ExtendedJSONError) -> StoreValue {
        try Self.decode(value, as: base, mapKeys: options.mapKeys)
    }

    /// `decode(_:as:)` with the map-key policy given.
    static func decode(_ value: JSONValue, as base: BaseType, mapKeys: MapKeyPolicy) throws(ExtendedJSONError) -> StoreValue {
        if let fast = fastValue(value, as: base) { return fast }
        return try ExtendedJSON.value(value, as: base, mapKeys: mapKeys)
    }

    /// The common canonical forms of objectId and uuid; nil for anything else.
    static func fastValue(_ value: JSONValue, as base: BaseType) -> StoreValue? {
        switch base {
        case .objectId:
            guard value.kind == .object, value.count == 1, let (key, inner) = value.firstField, key == "$oid",
                  let text = inner.utf8, let id = ObjectId(hexDigits: text) else { return nil }
            return .objectId(id)
        case .uuid:
            guard value.kind == .object, value.count == 1, let (key, inner) = value.firstField, key == "$binary",
                  inner.kind == .object, inner.count == 2, let subType = inner["subType"]?.utf8,
                  subType.elementsEqual("04".utf8), let text = inner["base64"]?.utf8,
                  let uuid = UUIDBase64.decode(text) else { return nil }
            return .uuid(uuid)
        default:
            return nil
        }
    }
}

/// Canonical padded base64 of exactly 16 bytes (24 characters ending in `==`).
enum UUIDBase64 {
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()

    /// The UUID whose 16 bytes `text` encodes; nil for any other text (also non-zero padding bits).
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 24, text[22] == UInt8(ascii: "="), text[23] == UInt8(ascii: "=") else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &raw) { bytes -> Bool in
            var accumulator: UInt32 = 0
            var bits = 0
            var count = 0
            for index in 0..<22 {
                let sextet = table[Int(text[index])]
                guard sextet != 0xFF else { return false }
                accumulator = accumulator << 6 | UInt32(sextet)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    bytes[count] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    count += 1
                }
            }
            return count == 16 && accumulator & ((1 << UInt32(bits)) - 1) == 0
        }
        return valid ? UUID(uuid: raw) : nil
    }
}
