import RealmFormats
import RealmSchema

/// A value of a BSON document that the schema refuses, worded in BSON's terms
/// (docs/mongodb.md, section 2.1): the importer decodes BSON through the Extended JSON tree the
/// reader builds (`{"$binary": {…, "subType": "09"}}`), so its errors name JSON types and
/// wrapper steps; here the element is found in the document's bytes and the message names its
/// BSON type (`int64`, `binary subtype 0x09 (vector)`), the field path stops at the element
/// (`plot_embedding`, not `plot_embedding/$binary/subType`), and the advice is for a BSON file
/// and its schema, not for Extended JSON text.
///
/// For example, a vector for a `data` property without a subtype:
///
///     Invalid value of BSON type 'binary subtype 0x09 (vector)' for 'data' property 'Movie.plot_embedding': …
enum BSONValueProblem {
    /// The problem of `error` (relative to the value at `path` of the document in `bytes`), or
    /// nil when it is not a refused value or its element is not found.
    static func reword(_ error: ExtendedJSONError, property: PropertySchema, className: String, at path: JSONPath,
                       in bytes: [UInt8]) -> ValueProblem? {
        guard let element = BSONLocator.element(on: path + error.path, in: bytes) else { return nil }
        let (typeName, reason, hint): (String, String?, String?)
        switch error.problem {
        case .invalidValue(_, _, let jsonReason):
            (typeName, reason, hint) = explain(element, in: bytes, property: property, jsonReason: jsonReason)
        case .notEnumerable:
            (typeName, reason, hint) = (name(of: element, in: bytes), ImportMessages.notEnumerableReason, nil)
        case .invalidKey, .maxNestingLevel:
            return nil
        }
        let qualified = "\(className).\(property.name)"
        let message = BSONMessages.invalidValue(valueText(element, in: bytes), bsonType: typeName, expected: property.type,
                                                property: qualified, reason: reason)
        return ValueProblem(message: message, hint: hint,
                            path: JSONPath(Array((path + error.path).components.prefix(element.depth))))
    }

    /// The element's BSON type name, and why the property refuses it and what to do, in BSON's terms.
    private static func explain(_ element: BSONLocator.Element, in bytes: [UInt8], property: PropertySchema,
                                jsonReason: String?) -> (String, String?, String?) {
        let base = property.type.base
        switch element.type {
        case 0x05 where element.value + 5 <= bytes.count:
            let subtype = bytes[element.value + 4]
            let name = BSONMessages.subtypeName(subtype)
            switch base {
            case .data:
                if let kept = property.binarySubtype {
                    return (name, BSONMessages.keptSubtypeOnly(kept),
                            BSONMessages.changeSubtype(property.name, kept: kept, found: subtype))
                }
                let hint: String? = switch subtype {
                case 0x03: BSONMessages.legacyUUID
                case 0x04: BSONMessages.uuidForData
                case _ where BinarySubtype.refusal(subtype) == nil: BSONMessages.addSubtype(
                    property.name, type: typeText(property.type), subtype: subtype)
                default: nil
                }
                return (name, BSONMessages.genericSubtypesOnly, hint)
            case .uuid:
                if subtype != 4 { return (name, BSONMessages.uuidSubtype, subtype == 3 ? BSONMessages.legacyUUID : nil) }
                return (name, JSONMessages.uuidLength, nil)
            case .mixed:
                return (name, BSONMessages.mixedSubtypes, subtype == 3 ? BSONMessages.legacyUUID : nil)
            default:
                return (name, neutral(jsonReason), nil)
            }
        case 0x10, 0x12:
            let typeName = BSONMessages.typeName(element.type)
            guard case .int(let width) = base, let number = integer(element, in: bytes), !width.range.contains(number) else {
                return (typeName, neutral(jsonReason), nil)
            }
            return (typeName, JSONMessages.outOfRange(width), BSONMessages.widerInteger(width))
        case 0x01:
            switch base {
            case .int: return ("double", BSONMessages.doubleForInteger, nil)
            case .decimal128: return ("double", BSONMessages.doubleForDecimal, nil)
            default: return ("double", neutral(jsonReason), nil)
            }
        default:
            return (BSONMessages.typeName(element.type), neutral(jsonReason), nil)
        }
    }

    /// The element's BSON type name; a binary's with its subtype.
    private static func name(of element: BSONLocator.Element, in bytes: [UInt8]) -> String {
        guard element.type == 0x05, element.value + 5 <= bytes.count else { return BSONMessages.typeName(element.type) }
        return BSONMessages.subtypeName(bytes[element.value + 4])
    }

    /// The type as a flow mapping in the schema holds it: `data?`, `"data[]"` (brackets quoted).
    private static func typeText(_ type: DeclaredType) -> String {
        let text = type.description
        return text.contains(where: { "[]{}".contains($0) }) ? "\"\(text)\"" : text
    }

    /// A decoder's reason when it says nothing about Extended JSON's syntax (`out of range for
    /// 'float'`, an enum's values, `not a UUID`); nil for one that does (`a date is {"$date": …}`).
    private static func neutral(_ reason: String?) -> String? {
        guard let reason, !reason.contains(where: { "${\"".contains($0) }), !reason.contains("literal") else { return nil }
        return reason
    }

    /// The element's value as a message shows it, for the types that have a short text.
    private static func valueText(_ element: BSONLocator.Element, in bytes: [UInt8]) -> String? {
        let value = element.value
        switch element.type {
        case 0x01 where value + 8 <= bytes.count:
            return String(Double(bitPattern: load(UInt64.self, bytes, value)))
        case 0x02 where value + 4 <= bytes.count:
            let length = Int(Int32(bitPattern: load(UInt32.self, bytes, value)))
            guard length >= 1, value + 4 + length <= bytes.count else { return nil }
            let text = String(decoding: bytes[(value + 4)..<(value + 3 + length)], as: UTF8.self)
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        case 0x07 where value + 12 <= bytes.count:
            return bytes[value..<(value + 12)].map { HexText.digits($0, minimumCount: 2) }.joined()
        case 0x08 where value < bytes.count:
            return bytes[value] == 1 ? "true" : "false"
        case 0x09 where value + 8 <= bytes.count:
            let milliseconds = Int64(bitPattern: load(UInt64.self, bytes, value))
            let (seconds, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
            let (wholeSeconds, fraction) = remainder < 0 ? (seconds - 1, remainder + 1000) : (seconds, remainder)
            return ISO8601Timestamp(seconds: wholeSeconds, nanoseconds: Int32(fraction) * 1_000_000).text
        case 0x10, 0x12:
            return integer(element, in: bytes).map { String($0) }
        default:
            return nil
        }
    }

    private static func integer(_ element: BSONLocator.Element, in bytes: [UInt8]) -> Int64? {
        switch element.type {
        case 0x10 where element.value + 4 <= bytes.count: Int64(Int32(bitPattern: load(UInt32.self, bytes, element.value)))
        case 0x12 where element.value + 8 <= bytes.count: Int64(bitPattern: load(UInt64.self, bytes, element.value))
        default: nil
        }
    }

    private static func load<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], _ offset: Int) -> T {
        T(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) })
    }
}
