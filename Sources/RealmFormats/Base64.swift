/// Standard base64 (RFC 4648: `A-Z a-z 0-9 + /`, `=` padding): the one codec of the project.
///
/// Encoding always pads. Decoding comes in two strictnesses (`Padding`) and, for the hot paths,
/// in a form that writes into memory the caller owns, so no array is allocated per value. Bits
/// below the last byte of a short final group are ignored, as most decoders do.
///
/// For example:
///
///     Base64.encode(Array("fo".utf8))                  // "Zm8="
///     Base64.decode("Zm8=")                            // [0x66, 0x6F]
///     Base64.decode("Zm8", padding: .optional)         // [0x66, 0x6F]
public enum Base64 {
    /// How a decoder treats the `=` padding.
    public enum Padding: Sendable {
        /// The text is whole groups of four; `=` only as the last one or two characters
        /// (Extended JSON `$binary`, schema `data` defaults).
        case required
        /// Up to two trailing `=` are allowed and ignored; the rest is any number of characters
        /// but one more than a whole group (query `B64"…"` literals).
        case optional
    }

    /// The 64 symbols in value order.
    @usableFromInline static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The value of each byte as a symbol; 0xFF for bytes that are not symbols.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        return table
    }()

    // MARK: Encoding

    /// The length of the padded encoding of `byteCount` bytes.
    public static func encodedCount(of byteCount: Int) -> Int {
        (byteCount + 2) / 3 * 4
    }

    /// Encodes `bytes`, handing the symbols to `emit` one at a time: the form for streaming
    /// writers (the exporter writes them straight into its output buffer). Inlinable, so it is
    /// specialised for the caller's collection and sink.
    @inlinable
    public static func encode<Bytes: Collection<UInt8>, Failure: Error>(
        _ bytes: Bytes, emit: (UInt8) throws(Failure) -> Void
    ) throws(Failure) {
        let table = alphabet.utf8Start
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = second == nil ? nil : iterator.next()
            let triple = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            try emit(table[Int(triple >> 18 & 0x3F)])
            try emit(table[Int(triple >> 12 & 0x3F)])
            try emit(second == nil ? UInt8(ascii: "=") : table[Int(triple >> 6 & 0x3F)])
            try emit(third == nil ? UInt8(ascii: "=") : table[Int(triple & 0x3F)])
        }
    }

    /// Appends the encoding of `bytes` to `output`.
    @inlinable
    public static func encode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + encodedCount(of: bytes.count))
        encode(bytes) { output.append($0) }
    }

    /// The encoding of `bytes` as text.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var symbols: [UInt8] = []
        encode(bytes, into: &symbols)
        return String(decoding: symbols, as: UTF8.self)
    }

    // MARK: Decoding

    /// The number of bytes `text` decodes to, or nil when its length or padding does not fit
    /// `padding` (the symbols themselves are checked by `decode`).
    public static func decodedCount(of text: UnsafeBufferPointer<UInt8>, padding: Padding = .required) -> Int? {
        symbolCount(of: text, padding: padding).map(decodedCount(ofSymbols:))
    }

    /// Decodes `text` into `output`, which must hold exactly `decodedCount(of:padding:)` bytes;
    /// false when it does not or `text` is not base64. The form for the importer's hot paths:
    /// it writes into a `Data`, a UUID or any other memory the caller owns.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>, padding: Padding = .required,
                              into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard let symbols = symbolCount(of: text, padding: padding),
              decodedCount(ofSymbols: symbols) == output.count else { return false }
        return values.withUnsafeBufferPointer { table in
            var written = 0
            var index = 0
            let whole = symbols - symbols % 4
            while index < whole {
                let a = table[Int(text[index])], b = table[Int(text[index + 1])]
                let c = table[Int(text[index + 2])], d = table[Int(text[index + 3])]
                guard (a | b | c | d) & 0xC0 == 0 else { return false }
                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output[written] = UInt8(truncatingIfNeeded: group >> 16)
                output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                output[written + 2] = UInt8(truncatingIfNeeded: group)
                written += 3
                index += 4
            }
            guard index < symbols else { return true }
            // A last group of two or three symbols: one or two bytes.
            var group: UInt32 = 0
            for offset in 0..<4 {
                let value = index + offset < symbols ? table[Int(text[index + offset])] : 0
                guard value != 0xFF else { return false }
                group = group << 6 | UInt32(value)
            }
            output[written] = UInt8(truncatingIfNeeded: group >> 16)
            if symbols - index == 3 {
                output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
            }
            return true
        }
    }

    /// The decoded bytes of `text`, or nil when it is not base64.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>, padding: Padding = .required) -> [UInt8]? {
        guard let count = decodedCount(of: text, padding: padding) else { return nil }
        var valid = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            valid = decode(text, padding: padding, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = valid ? count : 0
        }
        return valid ? bytes : nil
    }

    /// The decoded bytes of `text`, or nil when it is not base64. With `ignoringWhitespace`,
    /// spaces, tabs and line breaks anywhere are skipped first (base64 folded across lines).
    public static func decode(_ text: String, padding: Padding = .required, ignoringWhitespace: Bool = false) -> [UInt8]? {
        var symbols = Array(text.utf8)
        if ignoringWhitespace {
            symbols.removeAll { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        }
        return symbols.withUnsafeBufferPointer { decode($0, padding: padding) }
    }

    /// The number of symbols before the padding; nil when the length or padding is wrong.
    private static func symbolCount(of text: UnsafeBufferPointer<UInt8>, padding: Padding) -> Int? {
        let pad = UInt8(ascii: "=")
        var symbols = text.count
        switch padding {
        case .required:
            guard text.count % 4 == 0 else { return nil }
            // At most two; a `=` left among the symbols fails as a non-symbol.
            if symbols > 0, text[symbols - 1] == pad { symbols -= 1 }
            if symbols < text.count, symbols > 0, text[symbols - 1] == pad { symbols -= 1 }
        case .optional:
            while symbols > 0, text[symbols - 1] == pad { symbols -= 1 }
            guard text.count - symbols <= 2, symbols % 4 != 1 else { return nil }
        }
        return symbols
    }

    private static func decodedCount(ofSymbols symbols: Int) -> Int {
        symbols / 4 * 3 + max(0, symbols % 4 - 1)
    }
}
