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
    // The writer is used from one thread at a time and never hands out access to its state,
    // so the runtime exclusivity checks (a large share of export time) are left out.
    /// For each open container, how many elements it has so far.
    @exclusivity(unchecked) private var counts: [Int] = []
    /// A key was just written: the next value belongs to it (no comma, no line break).
    @exclusivity(unchecked) private var afterKey = false
    /// Containers at this depth and deeper stay on one line (Extended JSON wrappers).
    @exclusivity(unchecked) private var inlineDepth = Int.max

    public init(output: ExportOutput, mode: ExtendedJSONMode, layout: JSONLayout = .compact) {
        self.output = output
        self.mode = mode
        self.layout = layout
        self.fixedWrappers = layout != .pretty
    }

    /// How many containers are open.
    public var depth: Int { counts.count }

    public func beginObject() throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "{"))
        counts.append(0)
    }

    public func endObject() throws(ExportError) {
        try close(UInt8(ascii: "}"))
    }

    public func beginArray() throws(ExportError) {
        try prepareForValue()
        try output.write(UInt8(ascii: "["))
        counts.append(0)
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
        counts.append(elements)
    }

    /// Writes an object key; the next value written is its value.
    public func key(_ name: String) throws(ExportError) {
        try prepareForValue()
        try quotedString(name)
        try output.write(UInt8(ascii: ":"))
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
        guard let last = counts.indices.last else { return }
        if counts[last] > 0 {
            try output.write(UInt8(ascii: ","))
            if layout == .pretty && counts.count >= inlineDepth { try output.write(UInt8(ascii: " ")) }
        }
        counts[last] += 1
        try breakLine(containerDepth: counts.count, indent: counts.count)
    }

    /// Writes `body` (one value) on a single line whatever the layout.
    func inline(_ body: () throws(ExportError) -> Void) throws(ExportError) {
        let outer = inlineDepth
        inlineDepth = min(outer, counts.count + 1)
        defer { inlineDepth = outer }
        try body()
    }

    private func close(_ bracket: UInt8) throws(ExportError) {
        let elements = counts.removeLast()
        if elements > 0 { try breakLine(containerDepth: counts.count + 1, indent: counts.count) }
        try output.write(bracket)
    }

    private func breakLine(containerDepth: Int, indent: Int) throws(ExportError) {
        guard containerDepth < inlineDepth else { return }
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
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            try output.write(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            try escape(byte)
            start = index + 1
        }
        try output.write(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
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
