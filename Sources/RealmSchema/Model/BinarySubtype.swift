/// BSON's binary subtypes: their names, and which of them a `data` property may keep
/// (docs/schema-rules.md, section 1.7).
public enum BinarySubtype {
    /// BSON's name for `subtype` (`vector`, `UUID`, `user-defined`), nil for a reserved one.
    public static func name(_ subtype: UInt8) -> String? {
        switch subtype {
        case 0x00: "generic"
        case 0x01: "function"
        case 0x02: "old generic"
        case 0x03: "legacy UUID"
        case 0x04: "UUID"
        case 0x05: "MD5"
        case 0x06: "encrypted"
        case 0x07: "compressed column"
        case 0x08: "sensitive"
        case 0x09: "vector"
        case 0x80...0xFF: "user-defined"
        default: nil
        }
    }

    /// Whether binary of this subtype is generic bytes: 0, or 2, the old generic subtype.
    public static func isGeneric(_ subtype: UInt8) -> Bool { subtype == 0 || subtype == 2 }

    /// Why a `data` property cannot keep `subtype`, nil when it can: 2 and 3 are read as
    /// other things, 4 has its own property type, and 10-127 are reserved by BSON.
    public static func refusal(_ subtype: UInt8) -> Refusal? {
        switch subtype {
        case 0x02: .oldGeneric
        case 0x03: .legacyUUID
        case 0x04: .uuid
        case 0x0A...0x7F: .reserved
        default: nil
        }
    }

    public enum Refusal: Sendable {
        case oldGeneric, legacyUUID, uuid, reserved
    }
}
