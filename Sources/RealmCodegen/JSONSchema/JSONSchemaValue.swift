import RealmFormats
import RealmSchema

/// An ordered JSON value: object members keep the order they were built in, so rendering is
/// deterministic without sorting.
indirect enum JSONSchemaValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A finite number; written in its shortest round-trip form.
    case number(Double)
    case string(String)
    case array([JSONSchemaValue])
    case object([JSONMember])

    /// The value of the first member named `key`, when this is an object.
    subscript(key: String) -> JSONSchemaValue? {
        guard case .object(let members) = self else {
            return nil
        }
        return members.first { $0.key == key }?.value
    }

    /// Pretty-printed with 2-space indentation, one member or element a line, and a trailing
    /// newline; a short array of scalars stays on one line (`["array", "null"]`).
    var prettyPrinted: String {
        lines(prefix: "").joined(separator: "\n") + "\n"
    }

    private func lines(prefix: String) -> [String] {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            if let inline = Self.inlineArray(elements) {
                return [prefix + inline]
            }
            return container("[", "]", prefix: prefix, items: elements.map { ("", $0) })
        case .object(let members) where !members.isEmpty:
            return container("{", "}", prefix: prefix, items: members.map { (Self.quoted($0.key) + ": ", $0.value) })
        default:
            return [prefix + scalarText]
        }
    }

    private func container(_ open: String, _ close: String, prefix: String,
                           items: [(label: String, value: JSONSchemaValue)]) -> [String] {
        var result = [prefix + open]
        for (index, item) in items.enumerated() {
            var itemLines = item.value.lines(prefix: "")
            itemLines[0] = item.label + itemLines[0]
            if index < items.count - 1 {
                itemLines[itemLines.count - 1] += ","
            }
            result += itemLines.map { "  " + $0 }
        }
        result.append(close)
        return result
    }

    /// Arrays this long or shorter, written on one line, stay on one line.
    static let maxInlineArrayLength = 60

    /// `["a", 1, null]` when every element is a scalar and the text is short.
    private static func inlineArray(_ elements: [JSONSchemaValue]) -> String? {
        var parts: [String] = []
        for element in elements {
            switch element {
            case .array, .object: return nil
            default: parts.append(element.scalarText)
            }
        }
        let text = "[" + parts.joined(separator: ", ") + "]"
        return text.count <= maxInlineArrayLength ? text : nil
    }

    private var scalarText: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): Self.numberText(number)
        case .string(let text): Self.quoted(text)
        case .array: "[]"
        case .object: "{}"
        }
    }

    /// `1.5`, `3.4028234663852886e+38`; integral values without a fraction (`5`).
    static func numberText(_ number: Double) -> String {
        precondition(number.isFinite, "JSON has no literal for \(number)")
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return number.description
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

/// One `"key": value` member of a JSON object.
struct JSONMember: Equatable {
    var key: String
    var value: JSONSchemaValue

    init(_ key: String, _ value: JSONSchemaValue) {
        self.key = key
        self.value = value
    }
}
