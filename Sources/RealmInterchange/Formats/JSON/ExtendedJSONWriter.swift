/// Which Extended JSON v2 form typed values take.
public enum ExtendedJSONMode: Sendable, Hashable {
    /// Plain JSON numbers for finite ints and doubles, ISO-8601 text in `$date`, `$uuid`.
    case relaxed
    /// Type-preserving wrappers for every number (`$numberInt`, `$numberLong`,
    /// `$numberDouble`), `$date` with `$numberLong` milliseconds, UUIDs as `$binary` subtype 04.
    case canonical
}

/// How JSON text is laid out.
public enum JSONLayout: Sendable, Hashable {
    /// No whitespace at all.
    case compact
    /// Compact, but each element of a container at `depth` (1 = the outermost) on its own line,
    /// and that container's closing bracket too: one exported object a line.
    case lines(depth: Int)
    /// Two-space indentation, `"key": value`.
    case pretty
}

/// Writes JSON text to an `ExportOutput`: containers, keys and escaped strings, with commas and
/// layout handled here; typed Extended JSON values in `ExtendedJSONWriter+Values.swift`.
///
/// Strings are escaped per RFC 8259 (quote, backslash and control characters; non-ASCII stays
/// UTF-8). Nothing is built as a whole string: every byte goes straight to the output buffer.
///
/// For example:
///
///     let writer = ExtendedJSONWriter(output: .memory(), mode: .relaxed)
///     try writer.beginObject(); try writer.key("n"); try writer.int(1); try writer.endObject()   // {"n":1}
public final class ExtendedJSONWriter {
    public let output: ExportOutput
    public let mode: ExtendedJSONMode
    public let layout: JSONLayout
    /// Whether wrappers are written as fixed bytes (`ExtendedJSONWriter+Fixed.swift`): every
    /// layout but `.pretty`, which spaces them.
    let fixedWrappers: Bool
    /// The binary subtype `data(_:)` writes: 0, or the one the property being written keeps
    /// (`subtype: 9`, docs/schema-rules.md, section 1.7).
    var binarySubtype: UInt8 = 0
    /// Whether the layout has line breaks (not `.compact`).
    private let breaksLines: Bool
    // The writer is used from one thread at a time and never hands out access to its state,
    // so the runtime exclusivity checks (a large share of export time) are left out.
    /// For each open container but the innermost, how many elements it has so far.
    @exclusivity(unchecked) private var counts: [Int] = []
    /// How many elements the innermost open container has so far (kept apart from `counts`:
    /// every value updates it).
    @exclusivity(unchecked) private var top = 0
    /// How many containers are open.
    @exclusivity(unchecked) private var openCount = 0
    /// A key was just written: the next value belongs to it (no comma, no line break).
    @exclusivity(unchecked) private var afterKey = false
    /// Containers at this depth and deeper stay on one line (Extended JSON wrappers).
    @exclusivity(unchecked) private var inlineDepth = Int.max

    public init(output: ExportOutput, mode: ExtendedJSONMode, layout: JSONLayout = .compact) {
        self.output = output
        self.mode = mode
        self.layout = layout
        self.fixedWrappers = layout != .pretty
        self.breaksLines = layout != .compact
    }

    /// How many containers are open.
    public var depth: Int { openCount }

    public func beginObject() throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "{"))
        open(elements: 0)
    }

    public func endObject() throws(ExportError) {
        try close(UInt8(ascii: "}"))
    }

    public func beginArray() throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "["))
        open(elements: 0)
    }

    public func endArray() throws(ExportError) {
        try close(UInt8(ascii: "]"))
    }

    /// Continues an array of `elements` elements whose bracket was written elsewhere (an
    /// export's spool): the next value gets its comma and line break as in one array. With
    /// `opening`, first as the value of a key or an element of the enclosing container, as
    /// `beginArray` does.
    func resumeArray(elements: Int, opening: Bool = true) throws(ExportError) {
        if opening { try prepareForValue() }
        open(elements: elements)
    }

    /// A container is open with `elements` elements so far.
    @inline(__always)
    private func open(elements: Int) {
        if openCount > 0 { counts.append(top) }
        top = elements
        openCount += 1
    }

    /// Writes an object key; the next value written is its value.
    public func key(_ name: String) throws(ExportError) {
        try prepareForValue()
        try quotedString(name)
        try output.write(UInt8(ascii: ":"))
        if layout == .pretty { try output.write(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Writes an object key from UTF-8 bytes that stay valid during the call (escaped as
    /// `key(_:)` escapes).
    func key(utf8 text: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "\""))
        try escaped(text)
        try output.write("\":")
        if layout == .pretty { try output.write(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Writes an object key given as its quoted, escaped text (`quoted(_:)`), for keys written
    /// over and over (property names).
    public func key(quoted text: [UInt8]) throws(ExportError) {
        try prepareForValue()
        try output.write(text)
        try output.write(UInt8(ascii: ":"))
        if layout == .pretty { try output.write(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// `key(quoted:)` of bytes that stay valid during the call (an export plan's key buffer).
    func key(quoted text: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        try prepareForValue()
        try output.write(text)
        try output.write(UInt8(ascii: ":"))
        if layout == .pretty { try output.write(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// `text` as a JSON string: quoted, with RFC 8259 escapes (for `key(quoted:)`).
    ///
    /// For example:
    ///
    ///     ExtendedJSONWriter.quoted("a\"b")    // the bytes of "\"a\\\"b\""
    public static func quoted(_ text: String) -> [UInt8] {
        let writer = ExtendedJSONWriter(output: .memory(), mode: .relaxed)
        try? writer.string(text)
        try? writer.output.flush()
        return writer.output.bytes
    }

    /// Writes a key known at compile time (an Extended JSON keyword), without escaping.
    func key(_ keyword: StaticString) throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "\""))
        try output.write(keyword)
        try output.write(layout == .pretty ? "\": " : "\":")
        afterKey = true
    }

    /// Writes a JSON string value.
    public func string(_ text: String) throws(ExportError) {
        try prepareForValue()
        try quotedString(text)
    }

    /// Writes `null`.
    public func null() throws(ExportError) {
        try prepareForValue()
        try output.write("null")
    }

    /// Writes `true` or `false`.
    public func bool(_ value: Bool) throws(ExportError) {
        try prepareForValue()
        try output.write(value ? "true" : "false")
    }

    /// Writes pre-formatted JSON number text (ASCII digits, sign, point, exponent).
    func number(_ text: String) throws(ExportError) {
        try prepareForValue()
        try output.write(utf8: text)
    }

    /// Commas, line breaks and indentation before a value or key.
    func prepareForValue() throws(ExportError) {
        if afterKey {
            afterKey = false
            return
        }
        guard openCount > 0 else { return }
        if top > 0 {
            try output.write(UInt8(ascii: ","))
            if layout == .pretty && openCount >= inlineDepth { try output.write(UInt8(ascii: " ")) }
        }
        top += 1
        try breakLine(containerDepth: openCount, indent: openCount)
    }

    /// Writes `body` (one value) on a single line whatever the layout.
    func inline(_ body: () throws(ExportError) -> Void) throws(ExportError) {
        let outer = inlineDepth
        inlineDepth = min(outer, openCount + 1)
        defer { inlineDepth = outer }
        try body()
    }

    private func close(_ bracket: UInt8) throws(ExportError) {
        let elements = top
        openCount -= 1
        top = openCount > 0 ? counts.removeLast() : 0
        if elements > 0 { try breakLine(containerDepth: openCount + 1, indent: openCount) }
        try output.write(bracket)
    }

    @inline(__always)
    private func breakLine(containerDepth: Int, indent: Int) throws(ExportError) {
        guard breaksLines, containerDepth < inlineDepth else { return }
        switch layout {
        case .compact:
            return
        case .lines(let depth):
            if depth == containerDepth { try output.write(UInt8(ascii: "\n")) }
        case .pretty:
            try output.write(UInt8(ascii: "\n"))
            for _ in 0..<indent { try output.write("  ") }
        }
    }

    /// `"…"` with RFC 8259 escapes; runs of plain bytes are copied at once.
    private func quotedString(_ text: String) throws(ExportError) {
        try output.write(UInt8(ascii: "\""))
        var text = text
        var failure: ExportError?
        text.withUTF8 { bytes in
            do throws(ExportError) {
                try escaped(bytes)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try output.write(UInt8(ascii: "\""))
    }

    /// UTF-8 bytes with RFC 8259 escapes, unquoted.
    func escaped(_ bytes: UnsafeBufferPointer<UInt8>) throws(ExportError) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var index = 0
        while index < bytes.count {
            // Eight plain bytes at a time.
            if index + 8 <= bytes.count && !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                try output.write(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                try escape(byte)
                start = index + 1
            }
            index += 1
        }
        try output.write(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// Whether any of the eight bytes in `word` is a control character, a quote or a
    /// backslash (each test is exact: a byte below 0x20, or one equal to 0x22 or 0x5C).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }

    private func escape(_ byte: UInt8) throws(ExportError) {
        switch byte {
        case UInt8(ascii: "\""): try output.write("\\\"")
        case UInt8(ascii: "\\"): try output.write("\\\\")
        case UInt8(ascii: "\n"): try output.write("\\n")
        case UInt8(ascii: "\r"): try output.write("\\r")
        case UInt8(ascii: "\t"): try output.write("\\t")
        case 0x08: try output.write("\\b")
        case 0x0C: try output.write("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            try output.write("\\u00")
            try output.write(hex.utf8Start[Int(byte >> 4)])
            try output.write(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
