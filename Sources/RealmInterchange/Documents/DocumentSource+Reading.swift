internal import CJansson

/// Byte-level reading: the cursor, refills, and decoding one value with jansson.
extension DocumentSource {
    /// Flags for every document: the buffer holds more than one value, duplicate keys are
    /// errors, scalars decode (so that they can be reported as "not an object"), and `\u0000`
    /// is allowed in strings and keys (valid JSON; values keep their length).
    static let decodeFlags = Int(JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)

    /// Reads more input, keeping everything from the cursor on; false at the end of the input.
    ///
    /// Reading more while more than `documentLimit` bytes from the cursor are held means the
    /// document that starts there is longer than that (the readers read more only to find a
    /// document's end, or with fewer bytes held than the limit): an error located at its start,
    /// and reading stops, holding no more than the limit.
    @discardableResult
    func readMore() throws(SourceError) -> Bool {
        guard buffer.end - cursor.offset <= documentLimit else {
            throw error(JSONMessages.documentTooLarge(limit: documentLimit), at: cursor)
        }
        let added = try buffer.fill(keeping: cursor.offset, limit: documentLimit + 1)
        if added > 0 { progressHandler?(cursor.offset) }
        return added > 0
    }

    /// The byte `distance` bytes past the cursor, reading as needed; nil past the end.
    func peek(_ distance: Int = 0) throws(SourceError) -> UInt8? {
        while cursor.offset + distance >= buffer.end {
            guard try readMore() else { return nil }
        }
        return buffer.byte(at: cursor.offset + distance)
    }

    /// Moves the cursor past one ASCII byte that is not a newline.
    func consumeByte() {
        cursor.offset += 1
        cursor.column += 1
    }

    /// Moves the cursor past `count` held bytes.
    func consume(_ count: Int) {
        cursor.advance(over: UnsafeRawBufferPointer(start: buffer.pointer(at: cursor.offset), count: count))
    }

    /// Skips JSON whitespace; returns the next byte (not consumed), nil at the end.
    func skipWhitespace() throws(SourceError) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: consumeByte()
            case 0x0A:
                cursor.offset += 1
                cursor.line += 1
                cursor.column = 1
            default: return byte
            }
        }
        return nil
    }

    /// Decodes the value at the cursor (which is at its first byte) and moves past it.
    ///
    /// - Throws: `.malformed` with jansson's problem located in the file; `.notAnObject`
    ///   (after moving past the value) when it is not an object.
    func decodeDocument(className: String?, path: JSONPath) throws(SourceError) -> JSONDocument {
        let start = cursor
        if arena.allocatedBytes >= JanssonArena.generationBytes { arena = JanssonArena() }
        let (root, length, deferred) = try decodeValue(deferring: largeFieldKeys(for: className))
        // A document the buffer held whole is measured once decoded.
        guard length <= documentLimit else {
            json_decref(root)
            throw error(JSONMessages.documentTooLarge(limit: documentLimit), at: start)
        }
        // Read ahead from a pipe, the bytes may be gone when a problem needs locating.
        let text = readLock != nil && !buffer.canReread
            ? Array(UnsafeRawBufferPointer(start: buffer.pointer(at: start.offset), count: length)) : nil
        consume(length)
        if length > buffer.initialCapacity { buffer.shrink(keeping: cursor.offset) }
        let index = elementIndex
        elementIndex += 1
        let kind = JSONValue(root).kind
        guard kind == .object else {
            json_decref(root)
            throw error(JSONMessages.notAnObject(found: kind, at: path), at: start, kind: .notAnObject)
        }
        let document = JSONDocument(root: root, className: className, index: index, path: path, file: name,
                                    start: start, byteCount: length, text: text, arena: arena, deferred: deferred)
        document.fileBytesRead = fileStream?.bytesRead
        return document
    }

    /// Runs `json_loadb` on the bytes from the cursor, reading more while the value may be cut
    /// off by the end of the buffer; returns the value, its length in bytes and the values left
    /// out of it (see `decodeWithoutLargeValues`; only values `keys` leaves out).
    func decodeValue(deferring keys: LargeFieldKeys) throws(SourceError)
        -> (UnsafeMutablePointer<json_t>, Int, [UnsafeMutablePointer<json_t>: Range<Int>]) {
        let threshold = min(64 * 1024, buffer.capacity / 4, documentLimit)
        if buffer.end - cursor.offset < threshold { try readMore() }
        while true {
            let available = buffer.end - cursor.offset
            var failure = json_error_t()
            let text = buffer.pointer(at: cursor.offset).assumingMemoryBound(to: CChar.self)
            let decoded = JanssonAllocator.decode(into: arena) { json_loadb(text, available, Self.decodeFlags, &failure) }
            if let value = decoded {
                let length = Int(failure.position)
                let type = value.pointee.type
                // A number or literal ending exactly at the end of the buffer may continue.
                if length >= available && !buffer.isAtEnd && type != JSON_OBJECT && type != JSON_ARRAY {
                    json_decref(value)
                    try readMore()
                    continue
                }
                return (value, length, [:])
            }
            // Errors within a few bytes of the end of the buffer may be the cut, not the input:
            // read on to the value's end, then decode it once.
            if !buffer.isAtEnd && Int(failure.position) + 8 >= available {
                if let length = try readToValueEnd(), length >= options.largeDocumentBytes, !keys.isEmpty,
                   let (root, deferred) = decodeWithoutLargeValues(length: length, keys: keys) {
                    return (root, length, deferred)
                }
                continue
            }
            let syntax = syntaxError(JanssonFailure(failure))
            try readOnAfterSyntaxError()
            throw syntax
        }
    }

    /// Text a decompressor makes of a damaged file may hold garbage before it notices the damage:
    /// after a syntax error in such text, reads on (up to 1 MiB) so that the decompressor's own
    /// error, located where the good text ends, is the one reported.
    private func readOnAfterSyntaxError() throws(SourceError) {
        guard !buffer.canReread else { return }
        var budget = 1 << 20
        while budget > 0 {
            let added = try buffer.fill(keeping: cursor.offset)
            if added == 0 { return }
            budget -= added
        }
    }

    /// A located diagnostic for jansson's failure on the value at the cursor.
    private func syntaxError(_ failure: JanssonFailure) -> SourceError {
        let bytes = buffer.bytes(from: cursor.offset)
        let message = failure.message(in: bytes, documentStart: cursor)
        let culprit = cursor.advanced(over: UnsafeRawBufferPointer(rebasing: bytes.prefix(failure.blamedOffset(in: bytes))))
        return error(message, at: culprit)
    }
}
