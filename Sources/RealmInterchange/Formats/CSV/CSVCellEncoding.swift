import RealmFormats
import RealmSchema

/// One JSON line being made from a CSV row, with its column count (in Unicode scalars, as
/// `TextPosition` counts them) so that cells can be mapped back.
struct MadeLine {
    var bytes: [UInt8] = []
    /// The column the next byte will be at.
    var column = 1

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
        if byte & 0xC0 != 0x80 { column += 1 }
    }

    mutating func append(_ text: some Sequence<UInt8>) {
        for byte in text { append(byte) }
    }

    /// `text` as a JSON string.
    mutating func appendString(_ text: some Sequence<UInt8>) {
        append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): append(#"\""#.utf8)
            case UInt8(ascii: "\\"): append(#"\\"#.utf8)
            case 0x0A: append(#"\n"#.utf8)
            case 0x0D: append(#"\r"#.utf8)
            case 0x09: append(#"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append(#"\u00"#.utf8)
                append(hex[Int(byte >> 4)])
                append(hex[Int(byte & 0xF)])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// `text` in a one-key Extended JSON wrapper: `{"$oid":"…"}`.
    mutating func appendWrapped(_ key: String, _ text: [UInt8]) {
        append(UInt8(ascii: "{"))
        appendString(key.utf8)
        append(UInt8(ascii: ":"))
        appendString(text)
        append(UInt8(ascii: "}"))
    }
}

/// The text forms of scalar cells (docs/csv.md, section 2): each becomes the JSON value the
/// importer's typing rules (docs/json-typing.md) take for the property's type, so a cell
/// those rules reject gets the same message, located at the cell.
enum CSVCellEncoding {
    static let nonFinite: Set<String> = ["NaN", "Infinity", "-Infinity"]

    /// Appends the JSON form of `text` for a property of type `base`.
    static func append(_ text: [UInt8], as base: BaseType, to line: inout MadeLine) {
        switch base {
        case .bool:
            if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) { line.append(text) } else { line.appendString(text) }
        case .int:
            if isJSONNumber(text) { line.append(text) } else { line.appendString(text) }
        case .float, .double:
            if isJSONNumber(text) {
                line.append(text)
            } else if nonFinite.contains(String(decoding: text, as: UTF8.self)) {
                line.appendWrapped("$numberDouble", text)
            } else {
                line.appendString(text)
            }
        case .decimal128: line.appendWrapped("$numberDecimal", text)
        case .date: line.appendWrapped("$date", text)
        case .objectId: line.appendWrapped("$oid", text)
        case .uuid: line.appendWrapped("$uuid", text)
        case .data:
            appendBinary(text, subtype: 0, to: &line)
        case .string, .mixed, .object, .linkingObjects:
            line.appendString(text)
        }
    }

    /// `{"$binary": {"base64": <text>, "subType": "<subtype>"}}`.
    static func appendBinary(_ text: [UInt8], subtype: UInt8, to line: inout MadeLine) {
        line.append("{\"$binary\":{\"base64\":".utf8)
        line.appendString(text)
        line.append(",\"subType\":\"\(HexText.digits(subtype, minimumCount: 2))\"}}".utf8)
    }

    /// Whether `text` is a JSON number literal (`-12`, `1.5e3`; not `+1`, `.5`, `1.`, `0x1F`).
    static func isJSONNumber(_ text: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < text.count else { return false }
        if text[index] == 0x30 { index += 1 } else if digits() == 0 { return false }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }
}
