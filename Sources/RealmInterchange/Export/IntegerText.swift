/// Decimal digits of an integer written straight into a caller's buffer (the exporter's output
/// buffer), without a `String` or a scratch copy: `Int64.description`'s bytes.
///
/// For example:
///
///     var digits = [UInt8](repeating: 0, count: IntegerText.capacity)
///     let count = digits.withUnsafeMutableBufferPointer { IntegerText.write(-42, into: $0.baseAddress!) }   // 3: "-42"
enum IntegerText {
    /// The most bytes `write` writes (`-9223372036854775808`).
    static let capacity = 20

    /// Writes `value`'s decimal text at `buffer` and returns its length.
    @inline(__always)
    static func write(_ value: Int64, into buffer: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var count = digitCount(magnitude)
        if value < 0 {
            buffer[0] = UInt8(ascii: "-")
            count += 1
        }
        var index = count
        repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return count
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while value >= bound {
            count += 1
            if count == 20 { break }
            bound &*= 10
        }
        return count
    }
}
