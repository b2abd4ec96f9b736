internal import CJansson

/// Large documents: the end of a document longer than the buffer is found by scanning its
/// bytes as they are read, so jansson decodes it once (not once per refill, keeping the partial
/// trees of each attempt); and a large document's big arrays and objects under streamed keys
/// (`SourceOptions.streamedKeys`) are left out of its tree, to be read piece by piece.
extension DocumentSource {
    /// Reads until the value at the cursor (an object, array or string) is held in full, or the
    /// input ends; returns its length, nil when the bytes do not show where it ends.
    func readToValueEnd() throws(SourceError) -> Int? {
        var scanner = ValueEndScanner()
        while try readMore() {
            if let length = scanner.scan(buffer.bytes(from: cursor.offset)) { return length }
            if scanner.isStuck { return nil }
        }
        return nil
    }

    /// The keys whose values a document of `className` may leave out.
    func largeFieldKeys(for className: String?) -> LargeFieldKeys {
        let name = className ?? options.defaultClassName
        return LargeFieldKeys(streamed: name.flatMap { options.streamedKeys[$0] } ?? [],
                              known: name.flatMap { options.knownKeys[$0] })
    }

    /// Decodes the object of `length` bytes at the cursor with the large values it may leave
    /// out (`keys`; at least a sixteenth of `largeDocumentBytes`) replaced: those of streamed
    /// keys by empty ones, whose ranges (offsets in the input) are returned with the tree; those
    /// of ignored keys by null, never built. Nil when there is nothing to leave out or the
    /// object is not valid (decoding it whole then reports the problem).
    func decodeWithoutLargeValues(length: Int, keys: LargeFieldKeys)
        -> (UnsafeMutablePointer<json_t>, [UnsafeMutablePointer<json_t>: Range<Int>])? {
        let bytes = UnsafeRawBufferPointer(rebasing: buffer.bytes(from: cursor.offset).prefix(length))
        guard let spans = Self.largeFieldSpans(bytes, keys: keys, minimum: max(1, options.largeDocumentBytes / 16)),
              !spans.isEmpty else { return nil }
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(length - spans.reduce(0) { $0 + $1.range.count } + 4 * spans.count)
        var copied = 0
        for span in spans {
            skeleton += bytes[copied..<span.range.lowerBound]
            skeleton += span.isIgnored ? Array("null".utf8)
                : bytes[span.range.lowerBound] == UInt8(ascii: "[") ? Array("[]".utf8) : Array("{}".utf8)
            copied = span.range.upperBound
        }
        skeleton += bytes[copied...]
        var failure = json_error_t()
        let decoded = skeleton.withUnsafeBytes { text in
            JanssonAllocator.decode(into: arena) {
                json_loadb(text.baseAddress!.assumingMemoryBound(to: CChar.self), text.count, Self.decodeFlags, &failure)
            }
        }
        guard let root = decoded else { return nil }
        var deferred: [UnsafeMutablePointer<json_t>: Range<Int>] = [:]
        for span in spans where !span.isIgnored {
            let value = span.key.withUnsafeBytes { key in
                json_object_getn(root, key.baseAddress!.assumingMemoryBound(to: CChar.self), key.count)
            }
            guard let value else { return nil }
            deferred[value] = (cursor.offset + span.range.lowerBound)..<(cursor.offset + span.range.upperBound)
        }
        return (root, deferred)
    }

    /// The top-level fields of the object `bytes` of at least `minimum` bytes that `keys` leaves
    /// out: arrays and objects of streamed keys, any value of an ignored key; the key (decoded),
    /// the value's range and whether it is ignored. Nil when the bytes are not an object as far
    /// as a scan can tell.
    static func largeFieldSpans(_ bytes: UnsafeRawBufferPointer, keys: LargeFieldKeys, minimum: Int)
        -> [(key: [UInt8], range: Range<Int>, isIgnored: Bool)]? {
        var scanner = JSONTextScanner(bytes)
        guard scanner.current == UInt8(ascii: "{") else { return nil }
        scanner.index += 1
        var spans: [(key: [UInt8], range: Range<Int>, isIgnored: Bool)] = []
        while true {
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "}") && spans.isEmpty { return spans }
            guard scanner.current == UInt8(ascii: "\""), let key = scanner.readString() else { return nil }
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: ":") else { return nil }
            scanner.index += 1
            scanner.skipWhitespace()
            let start = scanner.index
            let first = scanner.current
            guard scanner.skipValue() else { return nil }
            if scanner.index - start >= minimum {
                let name = String(decoding: key, as: UTF8.self)
                if keys.isIgnored(name) {
                    spans.append((key, start..<scanner.index, true))
                } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "{"), keys.streamed.contains(name) {
                    spans.append((key, start..<scanner.index, false))
                }
            }
            scanner.skipWhitespace()
            switch scanner.current {
            case UInt8(ascii: ","): scanner.index += 1
            case UInt8(ascii: "}"): return spans
            default: return nil
            }
        }
    }
}

/// The top-level keys whose large values a large document leaves out of its tree: those of
/// streamed properties (read piece by piece later), and, when the class's keys are known, every
/// other key's (a value no property takes is ignored: only its key is reported).
struct LargeFieldKeys {
    var streamed: Set<String>
    /// The keys that name a property; nil: not known, nothing is ignored.
    var known: Set<String>?

    /// Whether a document may leave anything out.
    var isEmpty: Bool { streamed.isEmpty && known == nil }

    func isIgnored(_ key: String) -> Bool {
        known.map { !$0.contains(key) } ?? false
    }
}

/// Finds where the JSON object, array or string at the start of a growing byte range ends,
/// scanning each byte once however often the range grows.
struct ValueEndScanner {
    private var index = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Whether the first byte opens no object, array or string.
    private(set) var isStuck = false

    /// The value's length once `bytes` (the same start, longer each call) hold all of it.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
        if index == 0 {
            guard let first = bytes.first else { return nil }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") else {
                isStuck = true
                return nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return index }
            default: break
            }
        }
        return nil
    }
}
