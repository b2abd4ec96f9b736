internal import CJansson

/// Reads a JSON array or object that a large document left out of its tree (see
/// `JSONDocument.deferredRange(of:)`) a few hundred KiB at a time: each piece holds whole
/// elements (or entries), decoded by jansson as one small array (or object) with the same
/// rules as a document (duplicate keys rejected, `\u0000` allowed).
///
/// For example:
///
///     var reader = DeferredValueReader(range: range, isObject: false) { source.bytes(in: $0) }
///     while let piece = try reader.next() {
///         piece.withRoot { array in for element in array.elements { use(element) } }
///     }
struct DeferredValueReader {
    /// Where a piece could not be decoded: jansson's message and the input offset of the culprit.
    struct Failure: Error {
        let message: String
        let offset: Int
    }

    /// The value's bytes in the input, from its opening bracket through its closing one.
    let range: Range<Int>
    let isObject: Bool
    /// The input's bytes at a range of offsets; nil when they cannot be read again.
    let fetch: (Range<Int>) -> [UInt8]?
    /// The first byte not yet read (just past the last element read).
    private var offset: Int
    /// Elements (or entries) read so far: the index of the next piece's first element.
    private(set) var elementCount = 0
    private var isFinished = false
    private static let pieceBytes = 256 * 1024

    init(range: Range<Int>, isObject: Bool, fetch: @escaping (Range<Int>) -> [UInt8]?) {
        self.range = range
        self.isObject = isObject
        self.fetch = fetch
        offset = range.lowerBound + 1
    }

    /// The next elements as the tree of one array (or object); nil after the last.
    mutating func next() throws(Failure) -> JSONDocument? {
        guard !isFinished else { return nil }
        var size = Self.pieceBytes
        while true {
            let upper = min(offset + size, range.upperBound)
            guard let bytes = fetch(offset..<upper) else {
                throw Failure(message: JSONMessages.malformed("the input could not be read again"), offset: offset)
            }
            let isLast = upper == range.upperBound
            let scan = bytes.withUnsafeBytes { scanElements($0, isLast: isLast) }
            if scan.count == 0 && !scan.isClosed && !scan.isMalformed && !isLast {
                size *= 2
                continue
            }
            if scan.isMalformed || (scan.count == 0 && !scan.isClosed) {
                // jansson words the problem; it is somewhere in what was read.
                isFinished = true
                _ = try decode(bytes, from: scan.start, to: bytes.count, count: 0, at: offset)
                throw Failure(message: JSONMessages.malformed("unexpected text"), offset: offset + scan.start)
            }
            let piece = try decode(bytes, from: scan.start, to: scan.end, count: scan.count, at: offset)
            offset += scan.end
            if scan.isClosed { isFinished = true }
            return piece
        }
    }

    /// Finds the whole elements in `bytes` (the input from `offset`): where the first starts
    /// (past the comma after the previous piece), where the last ends, how many there are,
    /// and whether the closing bracket follows them or something out of place does.
    private func scanElements(_ bytes: UnsafeRawBufferPointer, isLast: Bool)
        -> (start: Int, end: Int, count: Int, isClosed: Bool, isMalformed: Bool) {
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var scanner = JSONTextScanner(bytes)
        scanner.skipWhitespace()
        if scanner.current == nil && !isLast { return (0, 0, 0, false, false) }
        if elementCount > 0 {
            guard scanner.current == UInt8(ascii: ",") else {
                let closes = isLast && scanner.current == closing && scanner.index == bytes.count - 1
                return (scanner.index, scanner.index, 0, closes, !closes)
            }
            scanner.index += 1
            scanner.skipWhitespace()
        } else if isLast && scanner.current == closing && scanner.index == bytes.count - 1 {
            return (scanner.index, scanner.index, 0, true, false)
        }
        let start = scanner.index
        var end = start, count = 0
        while true {
            let elementStart = scanner.index
            if isObject {
                guard scanner.current == UInt8(ascii: "\"") else { return (start, end, count, false, scanner.current != nil) }
                guard scanner.skipString() else { return (start, end, count, false, false) }
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: ":") else { return (start, end, count, false, scanner.current != nil) }
                scanner.index += 1
                scanner.skipWhitespace()
            }
            let valueStart = scanner.index
            guard scanner.current != nil, scanner.skipValue() else { return (start, end, count, false, false) }
            guard scanner.index > valueStart, scanner.index > elementStart else { return (start, end, count, false, true) }
            // A value that reaches the end of what was read may go on in the input.
            if scanner.index >= bytes.count && !isLast { return (start, end, count, false, false) }
            count += 1
            end = scanner.index
            scanner.skipWhitespace()
            switch scanner.current {
            case UInt8(ascii: ","):
                scanner.index += 1
                scanner.skipWhitespace()
            case closing? where isLast && scanner.index == bytes.count - 1:
                return (start, end, count, true, false)
            case nil:
                return (start, end, count, false, false)
            default:
                return (start, end, count, false, true)
            }
        }
    }

    /// Decodes `bytes[start..<end]` between brackets; `origin` is the input offset of `bytes`.
    private mutating func decode(_ bytes: [UInt8], from start: Int, to end: Int, count: Int,
                                 at origin: Int) throws(Failure) -> JSONDocument {
        var text: [UInt8] = [isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")]
        text.reserveCapacity(end - start + 2)
        text += bytes[start..<end]
        text.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        let arena = JanssonArena()
        var failure = json_error_t()
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
        let decoded = text.withUnsafeBytes { raw in
            JanssonAllocator.decode(into: arena) {
                json_loadb(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count, flags, &failure)
            }
        }
        guard let root = decoded else {
            let problem = JanssonFailure(failure)
            let (message, blamed) = text.withUnsafeBytes { (problem.message(in: $0, documentStart: .start), problem.blamedOffset(in: $0)) }
            isFinished = true
            throw Failure(message: message, offset: origin + start + max(0, min(blamed - 1, end - start)))
        }
        let piece = JSONDocument(root: root, className: nil, index: elementCount, path: [], file: "", start: .start,
                                 byteCount: text.count, arena: arena)
        elementCount += count
        return piece
    }
}
