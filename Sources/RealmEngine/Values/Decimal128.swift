import CBSON
import Foundation

/// An IEEE 754-2008 decimal128 value in the BID encoding, as Realm and BSON store it.
///
/// String conversion is libbson's (`bson_decimal128_from_string`/`to_string`): every digit of
/// the 34-digit coefficient and the exponent are kept, so `"1.50"` stays `"1.50"` (Realm
/// Swift's `stringValue` trims trailing zeros; this type does not, so nothing is lost).
/// Equality and ordering are numeric (`1.5 == 1.50`, `-0 == 0`); NaN equals NaN and sorts
/// first, then -Infinity, negatives, zero, positives, +Infinity. `bitPatternEquals` compares
/// the exact encoding.
///
/// For example:
///
///     let price = try Decimal128(string: "19.90")
///     price.stringValue       // "19.90"
///     price > 19.8            // true
public struct Decimal128: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// Low 64 bits of the encoding (coefficient continuation).
    public private(set) var low: UInt64
    /// High 64 bits: sign, combination field, exponent, top of the coefficient.
    public private(set) var high: UInt64

    /// Zero (coefficient 0, exponent 0), Realm's default value.
    public init() {
        self.init(high: 0x3040_0000_0000_0000, low: 0)
    }

    /// A value from its two 64-bit halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A value from its 16 bytes in BSON order (little-endian low half, then high half).
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
        self.init(high: high, low: low)
    }

    /// Parses a decimal string (`"1.5"`, `"-3"`, `"1.23E+4"`, `"NaN"`, `"Infinity"`, `"-Inf"`).
    ///
    /// - Throws: `StoreError.notDecimal128` when libbson rejects the text, including inexact values with more
    ///   than 34 significant digits.
    public init(string: String) throws {
        var value = bson_decimal128_t()
        let parsed = string.utf8.allSatisfy { $0 < 0x80 && $0 != 0 } && bson_decimal128_from_string(string, &value)
        guard parsed else {
            throw StoreError.notDecimal128(string)
        }
        self.init(high: value.high, low: value.low)
    }

    /// An exact integer value (exponent 0).
    public init(_ value: Int64) {
        let magnitude = UInt64(value.magnitude)
        self.init(high: 0x3040_0000_0000_0000 | (value < 0 ? 1 << 63 : 0), low: magnitude)
    }

    /// A double rounded to 15 significant digits, as Realm core converts it.
    public init(_ value: Double) {
        if value.isNaN {
            self.init(high: 0x7c00_0000_0000_0000, low: 0)
        } else if value.isInfinite {
            self.init(high: value < 0 ? 0xf800_0000_0000_0000 : 0x7800_0000_0000_0000, low: 0)
        } else {
            // "%.15g" always yields a string libbson accepts.
            self = (try? Decimal128(string: String(format: "%.15g", value))) ?? Decimal128()
        }
    }

    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// A string literal that must parse; an invalid literal is a programming error.
    public init(stringLiteral value: String) {
        do {
            try self.init(string: value)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The 16 bytes in BSON order (little-endian low half, then high half).
    public var bytes: [UInt8] {
        (0..<16).map { offset in
            UInt8(truncatingIfNeeded: offset < 8 ? low >> (8 * offset) : high >> (8 * (offset - 8)))
        }
    }

    /// libbson's string form: every coefficient digit, scientific notation for large or small
    /// exponents, `NaN`, `Infinity`, `-Infinity`.
    public var stringValue: String {
        withText { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with `stringValue`'s UTF-8 bytes, made on the stack (an exporter writes
    /// them straight into its output).
    ///
    /// For example:
    ///
    ///     try Decimal128(string: "19.90").withText { Array($0) }    // the bytes of "19.90"
    public func withText<T, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
        var value = bson_decimal128_t()
        value.high = high
        value.low = low
        return try withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(BSON_DECIMAL128_STRING)) { (buffer) throws(E) -> T in
            buffer.initialize(repeating: 0)
            bson_decimal128_to_string(&value, buffer.baseAddress!)
            let bytes = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            return try body(UnsafeBufferPointer(start: bytes, count: strlen(buffer.baseAddress!)))
        }
    }

    public var description: String { stringValue }

    /// Whether both values have exactly the same encoding (`1.5` and `1.50` do not).
    public func bitPatternEquals(_ other: Decimal128) -> Bool {
        high == other.high && low == other.low
    }

    public var isNaN: Bool { decoded.kind == .nan }
    public var isInfinite: Bool { decoded.kind == .infinity }
    public var isSignMinus: Bool { high >> 63 == 1 }
    public var isZero: Bool { decoded.kind == .finite && decoded.coefficient == 0 }

    public static func == (lhs: Decimal128, rhs: Decimal128) -> Bool {
        lhs.orderKey == rhs.orderKey
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(orderKey)
    }

    public static func < (lhs: Decimal128, rhs: Decimal128) -> Bool {
        lhs.orderKey.lexicographicallyPrecedes(rhs.orderKey)
    }
}
