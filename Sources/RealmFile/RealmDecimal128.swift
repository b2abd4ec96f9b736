/// An IEEE 754-2008 decimal128 value in the binary integer decimal (BID) encoding Realm uses,
/// kept as its two 64-bit halves. Realm stores small decimals in 4 or 8 bytes (BID32/BID64); the
/// reader widens them to this form.
public struct RealmDecimal128: Sendable, Hashable {
    /// The low 64 bits.
    public var low: UInt64
    /// The high 64 bits (sign, combination field, high coefficient bits).
    public var high: UInt64

    /// A value from its two halves.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Realm's null decimal (a NaN with payload 0xaa).
    public static let null = RealmDecimal128(low: 0xaa, high: 0x7c00_0000_0000_0000)
    private static let nan = RealmDecimal128(low: 0, high: 0x7c00_0000_0000_0000)

    /// The kind of number.
    public enum Kind: Sendable, Equatable {
        /// A finite number: `(-1)^sign × coefficient × 10^exponent`.
        case finite(negative: Bool, coefficient: UInt128, exponent: Int)
        /// Plus or minus infinity.
        case infinity(negative: Bool)
        /// Not a number (quiet or signalling).
        case nan
    }

    /// The value decoded: sign, coefficient and exponent, or infinity, or NaN. A coefficient beyond
    /// 34 digits is non-canonical and reads as zero, as the standard says.
    public var kind: Kind {
        let negative = high >> 63 == 1
        if (high >> 58) & 0x1f == 0x1f { return .nan }
        if (high >> 58) & 0x1f == 0x1e { return .infinity(negative: negative) }
        let exponentBits: UInt64
        var coefficient: UInt128
        if (high >> 61) & 3 == 3 {
            exponentBits = (high >> 47) & 0x3fff
            coefficient = 0
        } else {
            exponentBits = (high >> 49) & 0x3fff
            coefficient = UInt128(high & 0x1_ffff_ffff_ffff) << 64 | UInt128(low)
            if coefficient > Self.maxCoefficient { coefficient = 0 }
        }
        return .finite(negative: negative, coefficient: coefficient, exponent: Int(exponentBits) - 6176)
    }

    private static let maxCoefficient: UInt128 = 9_999_999_999_999_999_999_999_999_999_999_999

    /// A finite value from its parts (the coefficient must fit 113 bits, the exponent −6176…6111).
    init(negative: Bool, coefficient: UInt128, exponent: Int) {
        let biased = UInt64(clamping: exponent + 6176) & 0x3fff
        low = UInt64(truncatingIfNeeded: coefficient)
        high = (negative ? 1 << 63 : 0) | biased << 49 | UInt64(truncatingIfNeeded: coefficient >> 64) & 0x1_ffff_ffff_ffff
    }

    /// Widens a BID32 value (Realm's 4-byte decimal leaves).
    init(bid32 raw: UInt32) {
        self.init(narrow: UInt64(raw), bits: 32, exponentBits: 8, bias: 101)
    }

    /// Widens a BID64 value (Realm's 8-byte decimal leaves).
    init(bid64 raw: UInt64) {
        self.init(narrow: raw, bits: 64, exponentBits: 10, bias: 398)
    }

    /// BID32 and BID64 share one layout: sign, then either an exponent and a coefficient, or (when
    /// the two bits after the sign are 11) a shorter coefficient with an implied `100` prefix, or
    /// infinity / NaN.
    private init(narrow raw: UInt64, bits: Int, exponentBits: Int, bias: Int) {
        let negative = (raw >> UInt64(bits - 1)) & 1 == 1
        let combination = (raw >> UInt64(bits - 6)) & 0x1f
        if combination == 0x1f {
            self = Self.nan
            return
        }
        if combination == 0x1e {
            self.init(low: 0, high: (negative ? 1 << 63 : 0) | 0x7800_0000_0000_0000)
            return
        }
        let exponent: UInt64
        let coefficient: UInt64
        let exponentMask = (UInt64(1) << UInt64(exponentBits)) - 1
        if (raw >> UInt64(bits - 3)) & 3 == 3 {
            let coefficientBits = bits - 3 - exponentBits
            exponent = (raw >> UInt64(coefficientBits)) & exponentMask
            coefficient = (UInt64(4) << UInt64(coefficientBits)) | (raw & ((1 << UInt64(coefficientBits)) - 1))
        } else {
            let coefficientBits = bits - 1 - exponentBits
            exponent = (raw >> UInt64(coefficientBits)) & exponentMask
            coefficient = raw & ((1 << UInt64(coefficientBits)) - 1)
        }
        let limit: UInt64 = bits == 32 ? 9_999_999 : 9_999_999_999_999_999
        self.init(negative: negative, coefficient: UInt128(coefficient > limit ? 0 : coefficient),
                  exponent: Int(exponent) - bias)
    }
}

extension RealmDecimal128: CustomStringConvertible {
    /// The value as `[-]coefficientEexponent`, `Infinity`, `-Infinity` or `NaN` (for messages).
    public var description: String {
        switch kind {
        case .nan: "NaN"
        case .infinity(let negative): negative ? "-Infinity" : "Infinity"
        case .finite(let negative, let coefficient, let exponent):
            "\(negative ? "-" : "")\(coefficient)\(exponent == 0 ? "" : "E\(exponent)")"
        }
    }
}
