import RealmFormats
import RealmSchema

/// The messages of reading BSON input (`realm-import --type bson`, mongodump's `.bson` files):
/// the framing of documents, their elements, and where in the input a problem is.
enum BSONMessages {
    /// The largest document MongoDB stores (16 MiB); a longer length is an error, not read.
    static let maxDocumentBytes = 16 * 1024 * 1024
    /// How deep documents and arrays may nest inside a document (MongoDB's limit).
    static let maxNestingDepth = 100

    static func lengthCut(have: Int) -> String {
        "truncated BSON: the input ends inside a document's length (\(have) of its 4 bytes)"
    }

    static func documentCut(have: Int, length: Int) -> String {
        "truncated BSON: the input ends after \(have) of the document's \(length) bytes"
    }

    static func lengthTooSmall(_ length: Int) -> String {
        "wrong BSON document length \(length): a document has at least 5 bytes"
    }

    /// A length over `limit`: MongoDB's own by default, else `--max-document-size`'s.
    static func lengthTooLarge(_ length: Int, limit: Int) -> String {
        limit == maxDocumentBytes
            ? "BSON document length \(length) is over MongoDB's limit of \(maxDocumentBytes) bytes (16 MiB), "
                + "the default of --max-document-size; the document was not read"
            : "BSON document length \(length) is over the limit of \(ByteSize.text(limit)) for one document "
                + "(--max-document-size); the document was not read"
    }

    static let missingTerminator = "wrong BSON document length: the document does not end with a 0 byte where its length says"

    static func elementPastEnd(_ type: String) -> String {
        "wrong BSON length: the \(type) runs past the end of the document that holds it"
    }

    static func wrongLength(_ type: String, _ length: Int) -> String {
        "wrong BSON length \(length) for a \(type)"
    }

    static let keyNotTerminated = "truncated BSON: an element's name has no terminating 0 byte inside its document"

    static func unknownType(_ code: UInt8) -> String {
        "unknown BSON element type 0x" + hex(code)
    }

    static func unsupportedType(_ name: String, _ code: UInt8) -> String {
        "BSON type \(name) (0x\(hex(code))) has no Realm property type"
    }

    static let invalidUTF8 = "invalid UTF-8 in a BSON string"
    static let invalidKeyUTF8 = "invalid UTF-8 in a BSON element name"

    static func badBool(_ byte: UInt8) -> String {
        "a BSON boolean must be 0 or 1, found 0x" + hex(byte)
    }

    static func duplicateKey(_ key: String) -> String {
        "duplicate key '\(key)' in a BSON document"
    }

    static let nestedTooDeep = "BSON documents and arrays nest more than \(maxNestingDepth) levels deep"

    static func classNeeded(_ input: String, classes: [String]) -> String {
        "'\(input)' is BSON: name its class with --class, or name the file after it as mongodump does "
            + "(one of: \(classes.joined(separator: ", ")))"
    }

    /// The note that places a problem: the document's number and first byte, and the element's.
    static func placeNote(file: String, document: Int, start: Int, element: Int?) -> String {
        let base = "in BSON document \(document) of \(file), which starts at byte \(start)"
        guard let element, element != start else { return base }
        return base + "; the element starts at byte \(element)"
    }

    /// The note naming the element's field path inside its document, dotted as MongoDB
    /// writes it (`imdb.votes`, `genres.2`).
    static func pathNote(_ path: JSONPath) -> String {
        path.isEmpty ? "at the document's top level" : "at field path " + dotted(path)
    }

    static func dotted(_ path: JSONPath) -> String {
        path.components.map(\.objectKey).joined(separator: ".")
    }

    // MARK: Values the schema refuses (BSONValueProblem)

    /// The BSON name of an element type, as the BSON specification names it.
    static func typeName(_ code: UInt8) -> String {
        switch code {
        case 0x01: "double"
        case 0x02: "string"
        case 0x03: "embedded document"
        case 0x04: "array"
        case 0x05: "binary"
        case 0x06: "undefined"
        case 0x07: "ObjectId"
        case 0x08: "boolean"
        case 0x09: "UTC datetime"
        case 0x0A: "null"
        case 0x0B: "regular expression"
        case 0x0C: "DBPointer"
        case 0x0D: "JavaScript code"
        case 0x0E: "symbol"
        case 0x0F: "JavaScript code with scope"
        case 0x10: "int32"
        case 0x11: "timestamp"
        case 0x12: "int64"
        case 0x13: "Decimal128"
        case 0x7F: "max key"
        case 0xFF: "min key"
        default: "type 0x" + hex(code)
        }
    }

    /// A binary subtype as BSON names it: `binary subtype 0x09 (vector)`.
    static func subtypeName(_ subtype: UInt8) -> String {
        "binary subtype 0x" + hex(subtype) + (BinarySubtype.name(subtype).map { " (\($0))" } ?? "")
    }

    /// Realm's `Invalid value …` with the element's BSON type; `value` is its text when it has a
    /// short one (numbers, strings, booleans, ObjectIds, dates).
    static func invalidValue(_ value: String?, bsonType: String, expected: DeclaredType, property: String,
                             reason: String?) -> String {
        let shown = value.map { "'\($0)' " } ?? ""
        let detail = reason.map { ": \($0)" } ?? ""
        return "Invalid value \(shown)of BSON type '\(bsonType)' for \(JSONMessages.propertyTypeText(expected)) "
            + "property '\(property)'\(detail)."
    }

    static func keptSubtypeOnly(_ kept: UInt8) -> String {
        "the property keeps \(subtypeName(kept)) only"
    }

    static let genericSubtypesOnly = "a 'data' property keeps generic binary, subtypes 0x00 and 0x02, unless its schema gives a 'subtype'"
    static let mixedSubtypes = "a mixed value keeps binary subtypes 0x00 and 0x02 as data and 0x04 as a UUID"
    static let uuidSubtype = "a UUID is binary subtype 0x04"
    static let doubleForInteger = "a double never fills an integer property"
    static let doubleForDecimal = "a double would lose digits in a decimal128"

    /// The advice for a subtype a `data` property does not keep yet: say so in the schema.
    /// `type` is the property's type as the schema writes it (`data`, `"data[]"`).
    static func addSubtype(_ property: String, type: String, subtype: UInt8) -> String {
        "to keep the bytes with their subtype, give the property the subtype in the schema: "
            + "\(property): { type: \(type), subtype: \(subtype) }"
    }

    /// `other` is what the schema would say to keep the subtype found instead: `subtype: 5`,
    /// or nil when a data property cannot keep it.
    static func changeSubtype(_ property: String, kept: UInt8, found: UInt8) -> String {
        let other: String? = BinarySubtype.isGeneric(found) ? "leave 'subtype' out to keep generic binary instead"
            : BinarySubtype.refusal(found) == nil ? "write 'subtype: \(found)' to keep \(subtypeName(found)) instead" : nil
        return "the schema gives '\(property)' 'subtype: \(kept)'; a binary of another subtype is another value"
            + (other.map { " (\($0))" } ?? "")
    }

    static let uuidForData = "a UUID (binary subtype 0x04, 16 bytes) fills a 'uuid' property"
    static let legacyUUID = "binary subtype 0x03 is a legacy UUID whose byte order depends on the driver that wrote it; "
        + "convert it to subtype 0x04 for a 'uuid' property"

    static func widerInteger(_ width: IntWidth) -> String {
        "declare the property 'int' (or 'int64') in the schema to hold every int64, not '\(width.yamlName)'"
    }

    private static func hex(_ byte: UInt8) -> String {
        HexText.digits(byte, minimumCount: 2, uppercase: true)
    }
}
