import RealmFormats

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

    static func lengthTooLarge(_ length: Int) -> String {
        "BSON document length \(length) is over MongoDB's limit of \(maxDocumentBytes) bytes (16 MiB)"
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

    /// The note naming the element's field path inside its document.
    static func pathNote(_ path: JSONPath) -> String {
        "at field path \(path.isEmpty ? "/" : path.description)"
    }

    private static func hex(_ byte: UInt8) -> String {
        HexText.digits(byte, minimumCount: 2, uppercase: true)
    }
}
