/// The text `ExportNumberText.float` gives a float, written into a caller's buffer without a
/// `String` when the float is a short decimal (`1.5`, `4.25`, `0.001`): the common case, which
/// otherwise costs a `description` and a parse.
///
/// As `DoubleText` does for doubles: for `1e-3 ≤ |v| < 1e7` and at most 6 fraction digits, the
/// smallest `k` whose `m = round(|v| × 10^k)` lies strictly within half a float ulp of `|v|`
/// (with a margin, so reading the text as a double and narrowing, the exporter's round trip,
/// gives `v` too) is the shortest decimal that reads back to `v`, which `description` prints;
/// `|v| × 10^k` and the distance are exact in double arithmetic (below a power of two the
/// bound is a quarter ulp: the float below is closer). It only answers while one ulp is below
/// 1/16 of `10^-k`, and gives up on a decimal too near the bound to tell; anything else
/// returns nil. `ExportFixedTextTests` compares it with `ExportNumberText.float`.
///
/// For example:
///
///     var text = [UInt8](repeating: 0, count: DoubleText.capacity)
///     let count = text.withUnsafeMutableBufferPointer { FloatText.write(1.5, into: $0.baseAddress!) }   // 3: "1.5"
enum FloatText {
    /// Writes the short decimal text of the finite `value` into `buffer` (`DoubleText.capacity`
    /// bytes) and returns its length, or returns nil.
    static func write(_ value: Float, into buffer: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = Double(value.magnitude)
        guard magnitude >= 1e-3 && magnitude < 1e7 else { return nil }
        // Below a power of two the next float down is half an ulp away, not a whole one.
        let isPowerOfTwo = value.significandBitPattern == 0
        let ulp = Double(value.ulp)
        var scale = 1.0
        for fractionDigits in 0...6 {
            let ulpScaled = ulp * scale
            if ulpScaled > 0.0625 { return nil }
            let scaled = magnitude * scale
            let rounded = scaled.rounded()
            let distance = rounded - scaled
            let limit = ulpScaled * (distance < 0 && isPowerOfTwo ? 0.25 : 0.5)
            if distance.magnitude < limit * (1 - 0x1p-18) {
                return DoubleText.writeDecimal(UInt64(rounded), fractionDigits: fractionDigits, negative: value.sign == .minus,
                                               into: buffer)
            }
            // Too close to the edge to tell: a longer decimal found later might not be the shortest.
            if distance.magnitude <= limit * (1 + 0x1p-18) { return nil }
            scale *= 10
        }
        return nil
    }
}
