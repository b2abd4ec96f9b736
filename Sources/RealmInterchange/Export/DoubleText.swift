/// `Double.description`'s text written into a caller's buffer, without a `String` for the
/// common case: a double that is a short decimal (`57.23`, `-4999.999999`, `2.0`).
///
/// Swift prints the shortest decimal that reads back to the same double. For `1e-3 ≤ |v| <
/// 1e15` (where `description` writes plain decimals, never an exponent) and at most 9 fraction
/// digits, `write` finds it directly: the smallest `k` whose `m = round(|v| × 10^k)` gives
/// `m / 10^k == |v|` (an exact integer over an exact power of ten, so the division rounds as
/// reading the text `m·10^-k` does). It only answers while one ulp of `v` is below 1/16 of
/// `10^-k`: then at most one `k`-digit decimal reads back to `v`, the rounded product finds
/// it, and none with fewer digits exists (an earlier `k` would have found it). Everything else
/// falls back to `description`. `ExportDoubleTextTests` compares both over edge values and
/// millions of random ones.
///
/// For example:
///
///     var digits = [UInt8](repeating: 0, count: DoubleText.capacity)
///     let count = digits.withUnsafeMutableBufferPointer { DoubleText.write(57.23, into: $0.baseAddress!) }   // 5: "57.23"
enum DoubleText {
    /// The buffer `write` needs (`description`'s longest text, `-2.2250738585072014e-308`, is 24 bytes).
    static let capacity = 32

    /// Writes the finite `value`'s `description` text into `buffer` (`capacity` bytes) and
    /// returns its length.
    static func write(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        if let count = writeShortDecimal(value, into: buffer) { return count }
        var text = value.description
        return text.withUTF8 { bytes in
            buffer.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// The decimal form (`[-]digits.digits`, at least one fraction digit) when `value` is a
    /// short decimal as described above, else nil.
    private static func writeShortDecimal(_ value: Double, into buffer: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-3 && magnitude < 1e15 else { return nil }
        let ulp = magnitude.ulp
        var scale = 1.0
        for fractionDigits in 0...9 {
            if ulp * scale > 0.0625 { return nil }
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude {
                return writeDecimal(UInt64(scaled), fractionDigits: fractionDigits, negative: value.sign == .minus, into: buffer)
            }
            scale *= 10
        }
        return nil
    }

    /// `digits` with a point before its last `fractionDigits` digits (`.0` when none), right to
    /// left at the end of the buffer, then moved to its start.
    static func writeDecimal(_ digits: UInt64, fractionDigits: Int, negative: Bool,
                                     into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var rest = digits
        var start = capacity
        if fractionDigits == 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "0")
        }
        for _ in 0..<fractionDigits {
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        start -= 1
        buffer[start] = UInt8(ascii: ".")
        repeat {
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if negative {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        let count = capacity - start
        UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + start, byteCount: count)   // may overlap: memmove
        return count
    }
}
