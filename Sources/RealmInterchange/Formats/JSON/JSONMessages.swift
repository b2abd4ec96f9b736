import Glibc
import RealmFormats

/// Every message about reading JSON input. Wording lives here and nowhere else; Extended JSON
/// value messages are in `JSONMessages+Values.swift`.
enum JSONMessages {
    /// An array or NDJSON input without `--class`.
    static func classNeeded(_ input: String, classes: [String]) -> String {
        "'\(input)' is an array or NDJSON input: name its class with --class (one of: \(classes.joined(separator: ", ")))"
    }

    // MARK: I/O

    static func openFailed(_ path: String, code: Int32) -> String {
        "cannot open '\(path)': \(String(cString: strerror(code)))"
    }

    static func readFailed(_ name: String, code: Int32) -> String {
        "cannot read '\(name)': \(String(cString: strerror(code)))"
    }

    static func interrupted(_ name: String, signal: Int32) -> String {
        "reading '\(name)' was interrupted by signal \(signal)"
    }

    // MARK: Syntax (jansson)

    static func malformed(_ janssonText: String) -> String {
        "invalid JSON: \(janssonText)"
    }

    static func truncated(documentStart start: TextPosition) -> String {
        "unexpected end of input: the document that starts at line \(start.line), column \(start.column) is incomplete"
    }

    static func invalidUTF8(byte: UInt8?) -> String {
        guard let byte else { return "invalid UTF-8" }
        return "invalid UTF-8: byte 0x\(HexText.digits(byte, minimumCount: 2, uppercase: true)) does not belong to a valid character"
    }

    /// UTF-16 or UTF-32 input (`WideTextEncoding`), by its byte-order mark or its zero bytes.
    static func wideText(_ input: String, encoding: String, byteOrderMark: Bool) -> String {
        let told = byteOrderMark ? "it starts with a byte-order mark" : "its zero bytes show it"
        return "'\(input)' is \(encoding) text (\(told)); JSON, CSV and TSV input must be UTF-8"
    }

    static func convertToUTF8(_ encoding: String) -> String {
        "convert it to UTF-8 first, e.g. with iconv -f \(encoding) -t UTF-8"
    }

    static func duplicateKey(_ key: String) -> String {
        "duplicate key '\(key)' in an object"
    }

    static func nestedTooDeep(_ depth: Int) -> String {
        "JSON nested too deeply: more than \(depth) levels of arrays and objects"
    }

    static func numberOutOfRange(_ janssonText: String) -> String {
        "number out of range: \(janssonText) (integers must fit in 64 bits; use {\"$numberDecimal\": \"…\"} for more digits)"
    }

    /// A document longer than `--max-document-size` (or its default); reading stopped at the limit.
    static func documentTooLarge(limit: Int) -> String {
        "this document is longer than the limit of \(ByteSize.text(limit)) for one document; reading stopped there "
            + "(raise the limit with --max-document-size)"
    }

    // MARK: Shape

    static let emptyInput = "empty input: expected a JSON array of objects, NDJSON or a multi-class object"
    static let trailingComma = "expected a value after ',' (trailing commas are not allowed)"
    static let expectedCommaOrBracket = "expected ',' or ']' after an array element"
    static let expectedCommaOrBrace = "expected ',' or '}' after the array of a class"
    static let expectedClassKey = "expected a class name in double quotes"
    static let expectedColon = "expected ':' after the class name"
    static let invalidClassKey = "invalid class name: not a valid JSON string"
    static let topLevelArray = "the top-level array"
    static let multiClassObject = "the multi-class object"

    static func arrayName(_ className: String?) -> String {
        className.map { "the array of class '\($0)'" } ?? topLevelArray
    }

    static func unclosed(_ what: String) -> String {
        "unexpected end of input: \(what) is not closed"
    }

    static func contentAfter(_ what: String) -> String {
        "unexpected content after \(what)"
    }

    static func unknownClass(_ name: String, known: Set<String>) -> String {
        let listed = known.sorted().prefix(10).map { "'\($0)'" }.joined(separator: ", ")
        return "'\(name)' is not a class of the schema (classes: \(listed)\(known.count > 10 ? ", …" : ""))"
    }

    static func classValueNotArray(_ className: String, found: String?) -> String {
        "the value of class '\(className)' must be an array of objects but found \(found ?? "the end of input")"
    }

    static func notAnObject(found kind: JSONKind, at path: JSONPath) -> String {
        "expected an object (a document) but found \(kind.phrase)" + (path.isEmpty ? "" : " at \(path)")
    }

    /// What a value starting with `byte` is, for messages ("an array", "a number", …).
    static func phrase(firstByte byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): JSONKind.object.phrase
        case UInt8(ascii: "["): JSONKind.array.phrase
        case UInt8(ascii: "\""): JSONKind.string.phrase
        case UInt8(ascii: "t"), UInt8(ascii: "f"): JSONKind.bool.phrase
        case UInt8(ascii: "n"): JSONKind.null.phrase
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: "'\(String(decoding: [byte], as: UTF8.self))'"
        }
    }
}
