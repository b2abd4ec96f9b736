import CBSON

extension Decimal128 {
    /// Parses decimal text given as UTF-8 bytes, without making a `String` of them: exactly
    /// what `init(string:)` accepts (ASCII without NUL that libbson reads as a decimal128),
    /// nil for anything else. Importers read their numbers' text this way, straight from the
    /// decoded document.
    ///
    /// For example:
    ///
    ///     "19.90".utf8.withContiguousStorageIfAvailable { Decimal128(utf8: $0) }   // 19.90
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard text.allSatisfy({ $0 < 0x80 && $0 != 0 }) else { return nil }
        var value = bson_decimal128_t()
        // NUL-terminated, as `init(string:)` passes it: libbson's length-taking variant does not
        // read every text the same (it refuses "Infinity").
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for (index, byte) in text.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[text.count] = 0
            return bson_decimal128_from_string(buffer.baseAddress!, &value)
        }
        guard parsed else { return nil }
        self.init(high: value.high, low: value.low)
    }
}
