import Foundation
import RealmEngine
import RealmFormats
import RealmSchema

/// `data` and `uuid`: `$binary`, `$uuid` and UUID strings.
extension ExtendedJSON {
    /// `{"$binary": {"base64": "…", "subType": "00"}}`, generic binary: subtype 00, or the old
    /// generic subtype 02. Any other subtype would be lost in a `data` property and is refused,
    /// named (docs/json-typing.md, section 2); plain strings are rejected with a hint to wrap them.
    public static func data(_ value: JSONValue) throws(ExtendedJSONError) -> Data {
        try data(value, keeping: nil)
    }

    /// `data(_:)` for a property that keeps a subtype (`kept`, the schema's `subtype: 9`): that
    /// subtype only, generic binary included (docs/schema-rules.md, section 1.7).
    public static func data(_ value: JSONValue, keeping kept: UInt8?) throws(ExtendedJSONError) -> Data {
        if value.kind == .string { throw .invalid(value, hint: JSONMessages.wrapBinary(value.stringValue!, subtype: kept ?? 0)) }
        guard case .wrapper(.binary, let inner) = ExtendedJSONWrapper.match(value) else { throw .invalid(value) }
        let (bytes, subType) = try binary(value, inner)
        if let kept {
            guard subType == kept else {
                throw subTypeError(inner, reason: JSONMessages.keptSubType(subType, kept: kept),
                                   hint: JSONMessages.keptSubTypeHint(kept))
            }
            return bytes
        }
        guard BinarySubtype.isGeneric(subType) else {
            let hint = switch subType {
            case 3: JSONMessages.legacyUUIDSubType
            case 4: JSONMessages.uuidSubTypeForData
            default: JSONMessages.genericSubTypeHint
            }
            throw subTypeError(inner, reason: JSONMessages.dataSubType(subType), hint: hint)
        }
        return bytes
    }

    /// The error for a subtype the property cannot keep, located at the `subType` text.
    static func subTypeError(_ inner: JSONValue, reason: String, hint: String?) -> ExtendedJSONError {
        .invalid(inner["subType"]!, reason: reason, hint: hint, at: [ExtendedJSONWrapper.binary.pathComponent, "subType"])
    }

    /// `{"$uuid": "…"}`, `{"$binary": {…, "subType": "04"}}` with 16 bytes, or a UUID string
    /// (8-4-4-4-12 hex digits, either case).
    public static func uuid(_ value: JSONValue) throws(ExtendedJSONError) -> UUID {
        if let text = value.utf8 {
            guard let uuid = parseUUID(text) else { throw .invalid(value, reason: JSONMessages.notUUID) }
            return uuid
        }
        switch ExtendedJSONWrapper.match(value) {
        case .wrapper(.uuid, let inner)?:
            try requireSingleKey(value, .uuid)
            guard let uuid = inner.utf8.flatMap(parseUUID) else {
                throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notUUID).inside(ExtendedJSONWrapper.uuid.pathComponent)
            }
            return uuid
        case .wrapper(.binary, let inner)?:
            return try binaryUUID(value, inner)
        default:
            throw .invalid(value)
        }
    }

    /// The UUID in a `$binary` wrapper of subtype 04.
    static func binaryUUID(_ value: JSONValue, _ inner: JSONValue) throws(ExtendedJSONError) -> UUID {
        let (bytes, subType) = try binary(value, inner)
        let path: JSONPath = [ExtendedJSONWrapper.binary.pathComponent, "subType"]
        guard subType == 4 else {
            throw ExtendedJSONError.invalid(inner["subType"]!, reason: JSONMessages.uuidSubType,
                                            hint: subType == 3 ? JSONMessages.legacyUUIDSubType : nil, at: path)
        }
        guard bytes.count == 16 else {
            throw ExtendedJSONError.invalid(inner["base64"]!, reason: JSONMessages.uuidLength,
                                            at: [ExtendedJSONWrapper.binary.pathComponent, "base64"])
        }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        _ = withUnsafeMutableBytes(of: &raw) { bytes.copyBytes(to: $0) }
        return UUID(uuid: raw)
    }

    /// The bytes and subtype of `{"$binary": {"base64": …, "subType": …}}`.
    static func binary(_ value: JSONValue, _ inner: JSONValue) throws(ExtendedJSONError) -> (bytes: Data, subType: UInt8) {
        try requireSingleKey(value, .binary)
        let wrapper = ExtendedJSONWrapper.binary.pathComponent
        guard inner.kind == .object, inner.count == 2, let base64 = inner["base64"], let subType = inner["subType"] else {
            throw ExtendedJSONError.invalid(inner, reason: JSONMessages.binaryShape).inside(wrapper)
        }
        guard let text = base64.utf8, let bytes = Base64.data(text) else {
            throw ExtendedJSONError.invalid(base64, reason: JSONMessages.notBase64, at: [wrapper, "base64"])
        }
        guard let digits = subType.utf8, (1...2).contains(digits.count),
              let code = digits.reduce(UInt8?(0), { sum, digit in
                  HexText.value(of: digit).flatMap { value in sum.map { $0 << 4 | value } }
              })
        else {
            throw ExtendedJSONError.invalid(subType, reason: JSONMessages.badSubType, at: [wrapper, "subType"])
        }
        return (bytes, code)
    }

    /// 8-4-4-4-12 hex digits.
    static func parseUUID(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &raw) { HexText.decode(text, hyphens: [8, 13, 18, 23], into: $0) }
        return valid ? UUID(uuid: raw) : nil
    }
}
