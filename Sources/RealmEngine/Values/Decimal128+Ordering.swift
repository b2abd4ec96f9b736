/// Powers of ten that fit a decimal128 coefficient (10^0 … 10^34).
private let powersOfTen: [UInt128] = {
    var powers: [UInt128] = [1]
    for _ in 1...34 { powers.append(powers[powers.count - 1] * 10) }
    return powers
}()

extension Decimal128 {
    /// The decoded fields of the BID encoding.
    struct Decoded {
        enum Kind { case nan, infinity, finite }
        var kind: Kind
        var negative: Bool
        /// 0 … 10^34 - 1 (non-canonical encodings decode as 0, as IEEE 754 requires).
        var coefficient: UInt128
        /// Unbiased exponent, -6176 … 6111.
        var exponent: Int
    }

    var decoded: Decoded {
        let negative = high >> 63 == 1
        let combination = (high >> 58) & 0x1f
        if combination == 0x1f { return Decoded(kind: .nan, negative: negative, coefficient: 0, exponent: 0) }
        if combination == 0x1e { return Decoded(kind: .infinity, negative: negative, coefficient: 0, exponent: 0) }
        if (high >> 61) & 3 == 3 {
            // The "11" form implies a coefficient ≥ 2^113 > 10^34 - 1: non-canonical, so zero.
            return Decoded(kind: .finite, negative: negative, coefficient: 0, exponent: Int((high >> 47) & 0x3fff) - 6176)
        }
        var coefficient = UInt128(high & ((1 << 49) - 1)) << 64 | UInt128(low)
        if coefficient >= powersOfTen[34] { coefficient = 0 }
        return Decoded(kind: .finite, negative: negative, coefficient: coefficient, exponent: Int((high >> 49) & 0x3fff) - 6176)
    }

    /// A 19-byte key whose byte order (memcmp, SQLite BLOB order) is the numeric order:
    /// a class byte (NaN, -Inf, negative, zero, positive, +Inf), then for non-zero finite values
    /// the adjusted exponent (2 bytes) and the coefficient scaled to 34 digits (16 bytes), both
    /// big-endian and inverted for negatives. Numerically equal values get equal keys.
    var orderKey: [UInt8] {
        var key = [UInt8](repeating: 0, count: 19)
        key.withUnsafeMutableBufferPointer { writeOrderKey($0.baseAddress!) }
        return key
    }

    /// Writes `orderKey` into 19 zeroed bytes at `key`.
    func writeOrderKey(_ key: UnsafeMutablePointer<UInt8>) {
        let value = decoded
        switch value.kind {
        case .nan:
            key[0] = 1
        case .infinity:
            key[0] = value.negative ? 2 : 6
        case .finite where value.coefficient == 0:
            key[0] = 4
        case .finite:
            key[0] = value.negative ? 3 : 5
            var digits = 1
            while digits < 34 && powersOfTen[digits] <= value.coefficient { digits += 1 }
            let adjusted = UInt16(value.exponent + digits - 1 + 6176 + 34)
            let scaled = value.coefficient * powersOfTen[34 - digits]
            key[1] = UInt8(adjusted >> 8)
            key[2] = UInt8(adjusted & 0xff)
            for index in 0..<16 {
                key[3 + index] = UInt8(truncatingIfNeeded: scaled >> (8 * (15 - index)))
            }
            if value.negative {
                for index in 1..<19 { key[index] = ~key[index] }
            }
        }
    }

    /// Calls `body` with the stored form, without allocating: the 19-byte order key followed
    /// by the 16 encoding bytes, so that SQL `ORDER BY` is numeric and the exact encoding
    /// (trailing zeros, -0) comes back.
    func withStorageBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 35) { buffer in
            buffer.initialize(repeating: 0)
            writeOrderKey(buffer.baseAddress!)
            for index in 0..<8 {
                buffer[19 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
                buffer[27 + index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            }
            return body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Reads the stored form written by `withStorageBytes`.
    init?(storage: UnsafeRawBufferPointer) {
        guard storage.count == 35 else { return nil }
        self.init(bytes: storage[19..<35])
    }
}
