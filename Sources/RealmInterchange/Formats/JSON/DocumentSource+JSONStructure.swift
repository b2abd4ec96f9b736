internal import CJansson

/// The punctuation around documents: shape detection, `[`, `,`, `]` of arrays and the class
/// keys of a multi-class object. jansson decodes the documents themselves.
extension DocumentSource {
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    /// Reads up to the first document and sets `shape` and `state` (rule: `JSONInputShape`).
    func detectShape() throws(SourceError) {
        try refuseWideText(orBSON: false)
        if try peek() == 0xEF, try peek(1) == 0xBB, try peek(2) == 0xBF {
            cursor.offset += 3  // a byte-order mark takes no column
        }
        guard let first = try skipWhitespace() else {
            throw error(JSONMessages.emptyInput, at: cursor)
        }
        switch first {
        case UInt8(ascii: "["):
            shape = .array
            consumeByte()
            state = .elements(className: nil, afterElement: false)
        case UInt8(ascii: "{") where try startsMultiClassObject():
            shape = .multiClass
            consumeByte()
            state = .classKeys(afterFirst: false)
        default:
            shape = .ndjson
            state = .sequence
        }
    }

    /// The next document of a JSON input, in whichever layout `detectShape()` found; nil at
    /// the end of the input.
    func nextJSONDocument() throws(SourceError) -> JSONDocument? {
        while true {
            switch state {
            case .finished, .start:
                return nil
            case .sequence:
                guard try skipWhitespace() != nil else {
                    state = .finished
                    return nil
                }
                return try decodeDocument(className: nil, path: [])
            case .elements(let className, let afterElement):
                guard try advanceToElement(afterElement: afterElement, closingClass: className) else { continue }
                state = .elements(className: className, afterElement: true)
                let path: JSONPath = className.map { [.key($0), .index(elementIndex)] } ?? [.index(elementIndex)]
                return try decodeDocument(className: className, path: path)
            case .classKeys(let afterFirst):
                try advanceToClass(afterFirst: afterFirst)
            }
        }
    }

    /// Looks ahead (without consuming) from the `{` at the cursor: `{"K" : [` with K a class
    /// (or any K when class names are unknown), or `{}` alone in the input.
    private func startsMultiClassObject() throws(SourceError) -> Bool {
        var distance = try skipWhitespace(from: 1)
        switch try peek(distance) {
        case UInt8(ascii: "}"):
            return try peek(skipWhitespace(from: distance + 1)) == nil
        case Self.quote:
            guard let end = try stringEnd(from: distance) else { return false }
            let key = decodeString(from: distance, through: end)
            distance = try skipWhitespace(from: end + 1)
            guard try peek(distance) == UInt8(ascii: ":") else { return false }
            distance = try skipWhitespace(from: distance + 1)
            guard try peek(distance) == UInt8(ascii: "[") else { return false }
            guard let classNames = options.classNames else { return true }
            return key.map(classNames.contains) ?? false
        default:
            return false
        }
    }

    /// Moves to the next element of an array of documents; false when the array closed
    /// (the state then moves on).
    func advanceToElement(afterElement: Bool, closingClass className: String?) throws(SourceError) -> Bool {
        var byte = try skipWhitespace()
        if afterElement, byte == UInt8(ascii: ",") {
            consumeByte()
            byte = try skipWhitespace()
            guard byte != UInt8(ascii: "]") else { throw error(JSONMessages.trailingComma, at: cursor) }
        } else if byte == UInt8(ascii: "]") {
            consumeByte()
            elementIndex = 0
            if className == nil {
                try expectEnd(of: JSONMessages.topLevelArray)
            } else {
                state = .classKeys(afterFirst: true)
            }
            return false
        } else if afterElement {
            throw error(byte == nil ? JSONMessages.unclosed(JSONMessages.arrayName(className))
                : JSONMessages.expectedCommaOrBracket, at: cursor)
        }
        guard byte != nil else { throw error(JSONMessages.unclosed(JSONMessages.arrayName(className)), at: cursor) }
        return true
    }

    /// Reads the next `"Class": [` of a multi-class object, or its closing `}`.
    func advanceToClass(afterFirst: Bool) throws(SourceError) {
        var byte = try skipWhitespace()
        if afterFirst, byte == UInt8(ascii: ",") {
            consumeByte()
            byte = try skipWhitespace()
            guard byte != UInt8(ascii: "}") else { throw error(JSONMessages.trailingComma, at: cursor) }
        } else if byte == UInt8(ascii: "}") {
            consumeByte()
            try expectEnd(of: JSONMessages.multiClassObject)
            return
        } else if afterFirst, byte != nil {
            throw error(JSONMessages.expectedCommaOrBrace, at: cursor)
        }
        guard byte == Self.quote, let end = try stringEnd(from: 0) else {
            throw error(byte == nil ? JSONMessages.unclosed(JSONMessages.multiClassObject) : JSONMessages.expectedClassKey,
                        at: cursor)
        }
        let keyStart = cursor
        guard let className = decodeString(from: 0, through: end) else {
            throw error(JSONMessages.invalidClassKey, at: keyStart)
        }
        if let classNames = options.classNames, !classNames.contains(className) {
            throw error(JSONMessages.unknownClass(className, known: classNames), at: keyStart)
        }
        guard seenClasses.insert(className).inserted else {
            throw error(JSONMessages.duplicateKey(className), at: keyStart)
        }
        consume(end + 1)
        guard try skipWhitespace() == UInt8(ascii: ":") else { throw error(JSONMessages.expectedColon, at: cursor) }
        consumeByte()
        let value = try skipWhitespace()
        guard value == UInt8(ascii: "[") else {
            throw error(JSONMessages.classValueNotArray(className, found: value.map(JSONMessages.phrase(firstByte:))), at: cursor)
        }
        consumeByte()
        state = .elements(className: className, afterElement: false)
    }

    /// Requires nothing but whitespace after the closing bracket of `what`.
    private func expectEnd(of what: String) throws(SourceError) {
        state = .finished
        if try skipWhitespace() != nil { throw error(JSONMessages.contentAfter(what), at: cursor) }
    }

    /// The distance of the first non-whitespace byte at or after `distance` from the cursor.
    private func skipWhitespace(from distance: Int) throws(SourceError) -> Int {
        var distance = distance
        while let byte = try peek(distance), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            distance += 1
        }
        return distance
    }

    /// The distance of the closing quote of the string that opens at `distance`; nil when the
    /// input ends first.
    private func stringEnd(from distance: Int) throws(SourceError) -> Int? {
        var index = distance + 1
        while let byte = try peek(index) {
            if byte == Self.quote { return index }
            index += byte == Self.backslash ? 2 : 1
        }
        return nil
    }

    /// The string from `start` through `end` (its quotes, both held), decoded by jansson; nil
    /// when it is not a valid JSON string.
    private func decodeString(from start: Int, through end: Int) -> String? {
        let text = buffer.pointer(at: cursor.offset + start).assumingMemoryBound(to: CChar.self)
        var failure = json_error_t()
        _ = JanssonAllocator.install
        guard let value = json_loadb(text, end - start + 1, Self.decodeFlags, &failure) else { return nil }
        defer { json_decref(value) }
        return JSONValue(value).stringValue
    }
}
