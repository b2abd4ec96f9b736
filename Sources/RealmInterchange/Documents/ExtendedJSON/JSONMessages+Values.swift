import RealmEngine
import RealmFormats
import RealmSchema

/// Messages about values: Realm's `Invalid value …` form, its map-key texts, and the reasons
/// and hints the Extended JSON decoders attach.
extension JSONMessages {
    /// Realm's scalar type error with JSON type names (docs/json-typing.md, section 9).
    static func invalidValue(_ value: String, type found: String, expected: DeclaredType, property: String,
                             reason: String?) -> String {
        let detail = reason.map { ": \($0)" } ?? ""
        return "Invalid value '\(value)' of type '\(found)' for \(propertyTypeText(expected)) property '\(property)'\(detail)."
    }

    /// A property's type as Realm's value errors name it: `'int32?'`, `'string' array`.
    static func propertyTypeText(_ expected: DeclaredType) -> String {
        let element = expected.base.yamlName + (expected.isOptional ? "?" : "")
        let collection = switch expected.collection {
        case .single: ""
        case .list: " array"
        case .set: " set"
        case .map: " dictionary"
        }
        return "'\(element)'\(collection)"
    }

    static let maxNestingLevel = StoreError.maxNestingLevel.message
    static let mapKeyLeadingDollar = StoreError.keyStartsWithDollar.message
    static let mapKeyContainsDot = StoreError.keyContainsDot.message

    /// How a value prints inside `Invalid value '…'`: strings bare, containers as compact JSON,
    /// cut at 60 characters.
    static func valueText(_ value: JSONValue) -> String {
        let text: String = switch value.kind {
        case .string: value.stringValue ?? ""
        case .integer: String(value.int64Value ?? 0)
        case .real: String(value.realValue ?? 0)
        case .bool: value.boolValue == true ? "true" : "false"
        case .null: "null"
        case .object, .array: value.jsonText
        }
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    /// The type word of a value: its JSON kind, or for an Extended JSON wrapper the type it denotes.
    static func typeName(_ value: JSONValue) -> String {
        if case .wrapper(let wrapper, let inner) = ExtendedJSONWrapper.match(value) {
            return wrapper.typeName(inner: inner)
        }
        return value.kind.name
    }

    // MARK: Reasons

    static func outOfRange(_ width: IntWidth) -> String {
        "out of range for '\(width.yamlName)' (\(width.range.lowerBound) to \(width.range.upperBound))"
    }

    static let outOfInt64Range = "out of the range of a 64-bit integer"
    static let numberIntIs32Bit = "$numberInt holds a 32-bit integer; use $numberLong"
    static let notAnInteger = "not an integer"
    static let inexactReal = "a real this large may have lost digits; write it as an integer literal"
    static let outOfFloatRange = "out of the range of float"
    static let outOfDoubleRange = "out of the range of double"
    static let notANumber = "not a number (a decimal number, \"Infinity\", \"-Infinity\" or \"NaN\")"
    static let notISODate = "not an ISO-8601 date-time (YYYY-MM-DDTHH:MM:SS[.fraction] and Z or ±HH:MM)"
    static let dateNeedsWrapper = "a date is {\"$date\": \"<ISO-8601>\"} or {\"$date\": {\"$numberLong\": \"<ms>\"}}"
    static let notBase64 = "not padded base64"
    static let badSubType = "subType must be one or two hex digits"
    static let binaryShape = "$binary holds {\"base64\": \"…\", \"subType\": \"…\"}"
    static let uuidSubType = "a UUID in $binary has subType \"04\""
    static let uuidLength = "a UUID has 16 bytes"

    /// A binary subtype as Extended JSON writes it, with its BSON name: `09 (vector)`.
    static func subTypeText(_ subType: UInt8) -> String {
        HexText.digits(subType, minimumCount: 2) + (BinarySubtype.name(subType).map { " (\($0))" } ?? "")
    }

    static func dataSubType(_ subType: UInt8) -> String {
        "binary subtype \(subTypeText(subType)) would be lost: a 'data' property keeps generic binary, subtype 00 (or 02)"
    }

    static func keptSubType(_ subType: UInt8, kept: UInt8) -> String {
        "binary subtype \(subTypeText(subType)) is not the subtype this property keeps, \(subTypeText(kept))"
    }

    static func mixedSubType(_ subType: UInt8) -> String {
        "binary subtype \(subTypeText(subType)) would be lost: a mixed value keeps subtypes 00 and 02 as data and 04 as uuid"
    }
    static let notUUID = "not a UUID (8-4-4-4-12 hex digits)"
    static let notObjectId = "must be 24 hex digits"
    static let notDecimal128 = "not a decimal128 (digits, '.', exponent; at most 34 significant digits)"
    static let realForDecimal = "real literals would lose digits"

    static func wrapperKeys(_ keyword: String) -> String {
        "an Extended JSON \(keyword) wrapper has exactly one key"
    }

    static func unsupportedType(_ keyword: String) -> String {
        "Extended JSON type \(keyword) is not supported"
    }

    // MARK: Hints

    /// The hint for a plain string given to a date; a bare `YYYY-MM-DD` gets the midnight-UTC
    /// time it needs inside `$date`.
    static func wrapDate(_ text: String) -> String {
        let isBareDate = text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
        return "wrap it: {\"$date\": \"\(isBareDate ? text + "T00:00:00Z" : text)\"}"
    }
    static func wrapMilliseconds(_ text: String) -> String { "wrap it: {\"$date\": {\"$numberLong\": \"\(text)\"}}" }
    static func wrapBinary(_ text: String, subtype: UInt8 = 0) -> String {
        "wrap it: {\"$binary\": {\"base64\": \"\(text)\", \"subType\": \"\(HexText.digits(subtype, minimumCount: 2))\"}}"
    }
    static func wrapObjectId(_ text: String) -> String { "wrap it: {\"$oid\": \"\(text)\"}" }
    static func wrapDecimal(_ text: String) -> String { "wrap it: {\"$numberDecimal\": \"\(text)\"}" }
    static func writeNumber(_ text: String) -> String { "write it as a number: \(text)" }
    static func writeInteger(_ integer: Int64) -> String { "write it as an integer: \(integer)" }
    static func writeBool(_ text: String) -> String { "write it without quotes: \(text)" }
    static func keptSubTypeHint(_ kept: UInt8) -> String {
        "its schema says 'subtype: \(kept)': write \"subType\": \"\(HexText.digits(kept, minimumCount: 2))\", "
            + "or change the property's 'subtype'"
    }
    static let genericSubTypeHint = "to store the bytes without their subtype, write \"subType\": \"00\""
    static let uuidSubTypeForData = "a UUID (subtype 04, 16 bytes) fills a 'uuid' property"
    static let legacyUUIDSubType = "subtype 03 is a legacy UUID whose byte order depends on the driver that wrote it; "
        + "convert it to subtype 04 for a 'uuid' property"
}

extension JSONMessages {
    static func pathNote(_ path: JSONPath) -> String {
        "at JSON path \(path.isEmpty ? "/" : path.description)"
    }
}
