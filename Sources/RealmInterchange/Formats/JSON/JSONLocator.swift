/// Finds where a value sits in a document's text, for error messages: jansson keeps no
/// positions for valid documents, so on the error path the text is scanned again.
///
/// For example:
///
///     let text = Array(#"{"dogs": [{"age": "3"}]}"#.utf8)
///     JSONLocator.position(of: ["dogs", 0, "age"], in: text)    // line 1, column 19
public enum JSONLocator {
    /// What to point at.
    public enum Target: Sendable, Hashable {
        /// The value at the path.
        case value
        /// The key of the path's last step (for unknown or duplicate keys); for an array
        /// element, the element itself.
        case key
    }

    /// The byte offset in `text` of the value at `path` (or its key); nil when the path does
    /// not exist in the text. An all-digit key step also indexes arrays.
    public static func offset(of path: JSONPath, target: Target = .value, in text: [UInt8]) -> Int? {
        text.withUnsafeBytes { bytes in
            var scanner = JSONTextScanner(bytes)
            scanner.skipWhitespace()
            for (step, component) in path.components.enumerated() {
                let wantsKey = target == .key && step == path.components.count - 1
                switch scanner.current {
                case UInt8(ascii: "{"):
                    guard let keyStart = scanner.enterField(named: Array(component.objectKey.utf8)) else { return nil }
                    if wantsKey { return keyStart }
                case UInt8(ascii: "["):
                    guard let index = component.arrayIndex, scanner.enterElement(at: index) else { return nil }
                default:
                    return nil
                }
            }
            return scanner.index < bytes.count ? scanner.index : nil
        }
    }

    /// The line and column of the value at `path` (or its key), given where `text` starts in
    /// its file; nil when the path does not exist in the text.
    public static func position(of path: JSONPath, target: Target = .value, in text: [UInt8],
                                startingAt start: TextPosition = .start) -> TextPosition? {
        guard let offset = offset(of: path, target: target, in: text) else { return nil }
        return text.withUnsafeBytes { start.advanced(over: UnsafeRawBufferPointer(rebasing: $0.prefix(offset))) }
    }
}

extension JSONTextScanner {
    /// At a `{`: moves to the value of field `key` and returns the offset of its key; nil
    /// (position unspecified) when the object has no such field.
    mutating func enterField(named key: [UInt8]) -> Int? {
        index += 1
        skipWhitespace()
        while current == UInt8(ascii: "\"") {
            let keyStart = index
            guard let found = readString() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            if found == key { return keyStart }
            guard skipValue() else { return nil }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            }
        }
        return nil
    }

    /// At a `[`: moves to element `target`; false when the array is shorter.
    mutating func enterElement(at target: Int) -> Bool {
        index += 1
        skipWhitespace()
        for _ in 0..<target {
            guard current != UInt8(ascii: "]"), skipValue() else { return false }
            skipWhitespace()
            guard current == UInt8(ascii: ",") else { return false }
            index += 1
            skipWhitespace()
        }
        return current != nil && current != UInt8(ascii: "]")
    }
}
