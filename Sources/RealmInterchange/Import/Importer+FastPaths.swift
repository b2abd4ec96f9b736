import Foundation
import RealmEngine
import RealmFormats
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
            guard value.kind == .object, value.count == 1, let (key, inner) = value.firstField, key.equals("$oid" as StaticString),
                  let text = inner.utf8, let id = ObjectId(hexDigits: text) else { return nil }
            return .objectId(id)
        case .uuid:
            guard value.kind == .object, value.count == 1, let (key, inner) = value.firstField, key.equals("$binary" as StaticString),
                  inner.kind == .object, inner.count == 2 else { return nil }
            // The two fields read in order, compared by name: no hash lookups.
            var text: UnsafeBufferPointer<UInt8>?
            var isUUID = false
            for (name, field) in inner.fields {
                if name.equals("base64" as StaticString) {
                    text = field.utf8
                } else if name.equals("subType" as StaticString) {
                    isUUID = field.utf8?.elementsEqual("04".utf8) == true
                }
            }
            guard isUUID, let text, let uuid = UUID(base64: text) else { return nil }
            return .uuid(uuid)
        default:
            return nil
        }
    }
}

extension UUID {
    /// The UUID whose 16 bytes padded base64 `text` encodes (24 characters ending in `==`);
    /// nil for any other text.
    init?(base64 text: UnsafeBufferPointer<UInt8>) {
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        guard withUnsafeMutableBytes(of: &raw, { Base64.decode(text, into: $0) }) else { return nil }
        self.init(uuid: raw)
    }
}
