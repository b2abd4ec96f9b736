#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The order in which realm-core keeps a set's elements, its comparison of mixed values
/// (docs/realm-file.md, "Writing"). Null comes first. Values of different kinds are ranked: bool,
/// then every number, string, binary, date, objectId, UUID, link. Numbers compare by value across
/// int, float, double and decimal128, NaN before every other number; strings and binaries by
/// unsigned bytes, a prefix first; dates by seconds then nanoseconds; objectIds and UUIDs by
/// bytes; links by target class, then object key.
enum SetOrder {
    /// `elements` sorted; throws for an element given twice (for a set of mixed values, also two
    /// numbers of equal value, such as 1 and 1.0, which Realm keeps once) and for a collection
    /// in a set of mixed values, which Realm does not allow.
    static func sorted(_ elements: [RealmValue], kind: LeafKind) throws(RealmFileError) -> [RealmValue] {
        for element in elements {
            switch element {
            case .list, .set, .dictionary:
                throw RealmFileError(.badValue, RealmWriterMessages.collectionInSet)
            default: continue
            }
        }
        let result = elements.sorted(by: less)
        for index in result.indices.dropFirst() where !less(result[index - 1], result[index]) {
            throw RealmFileError(.badValue, RealmWriterMessages.duplicateSetElement(result[index]))
        }
        return result
    }

    static func less(_ lhs: RealmValue, _ rhs: RealmValue) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` sorts before, with or after `rhs`.
    static func compare(_ lhs: RealmValue, _ rhs: RealmValue) -> Int {
        let (leftRank, rightRank) = (rank(lhs), rank(rhs))
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return ordered(a ? 1 : 0, b ? 1 : 0)
        case (.string(let a), .string(let b)): return compareUTF8(a, b)
        case (.data(let a), .data(let b)), (.objectId(let a), .objectId(let b)), (.uuid(let a), .uuid(let b)):
            return bytes(a, b)
        case (.timestamp(let s1, let n1), .timestamp(let s2, let n2)):
            return s1 != s2 ? ordered(s1, s2) : ordered(n1, n2)
        case (.link(let a), .link(let b)):
            // Table keys follow class names (docs/realm-file.md, "Writing"), so names order as keys do.
            if a.tableName != b.tableName { return bytes(Array(a.tableName.utf8), Array(b.tableName.utf8)) }
            return ordered(a.objectKey, b.objectKey)
        default:
            return leftRank == numberRank ? Number(lhs).compare(Number(rhs)) : 0
        }
    }

    private static let numberRank = 1

    /// realm-core's ranks of value kinds; null is below them all.
    private static func rank(_ value: RealmValue) -> Int {
        switch value {
        case .null: -1
        case .bool: 0
        case .int, .float, .double, .decimal128: numberRank
        case .string: 2
        case .data: 3
        case .timestamp: 4
        case .objectId: 5
        case .uuid: 6
        case .link: 7
        case .list: 9
        case .set: 10
        case .dictionary: 11
        }
    }

    private static func ordered<T: Comparable>(_ a: T, _ b: T) -> Int {
        a == b ? 0 : a < b ? -1 : 1
    }

    private static func bytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a == b ? 0 : a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    /// -1, 0 or 1 as `lhs`'s UTF-8 bytes sort before, equal or after `rhs`'s (unsigned bytes, a
    /// prefix first): a memcmp of the strings' own storage when they have it.
    static func compareUTF8(_ lhs: String, _ rhs: String) -> Int {
        let result = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
                let common = min(left.count, right.count)
                if common > 0 {
                    let order = memcmp(left.baseAddress!, right.baseAddress!, common)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
                return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
            }
        }
        if let result, let result { return result }
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }
}

/// A number of any of Realm's four numeric types, compared as realm-core compares them.
private enum Number {
    case int(Int64)
    case double(Double)
    case decimal(RealmDecimal128)

    init(_ value: RealmValue) {
        switch value {
        case .int(let int): self = .int(int)
        case .float(let float): self = .double(Double(float))
        case .double(let double): self = .double(double)
        case .decimal128(let decimal): self = .decimal(decimal)
        default: self = .int(0)
        }
    }

    func compare(_ other: Number) -> Int {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a == b ? 0 : a < b ? -1 : 1
        case (.double(let a), .double(let b)): return Self.compare(a, b)
        case (.int(let a), .double(let b)): return Self.compare(a, b)
        case (.double(let a), .int(let b)): return -Self.compare(b, a)
        case (.decimal(let a), .decimal(let b)): return DecimalOrder.compare(a, b)
        case (.decimal(let a), _): return DecimalOrder.compare(a, other.asDecimal)
        case (_, .decimal(let b)): return DecimalOrder.compare(asDecimal, b)
        }
    }

    /// An int exactly; a double as realm-core converts it, rounded to 15 significant digits.
    private var asDecimal: RealmDecimal128 {
        switch self {
        case .decimal(let decimal): return decimal
        case .int(let int): return RealmDecimal128(negative: int < 0, coefficient: UInt128(int.magnitude), exponent: 0)
        case .double(let double): return DecimalOrder.decimal(double)
        }
    }

    /// Doubles as IEEE numbers, NaN before every number and NaNs by their bits.
    private static func compare(_ a: Double, _ b: Double) -> Int {
        switch (a.isNaN, b.isNaN) {
        case (false, false): return a == b ? 0 : a < b ? -1 : 1
        case (true, true): return a.bitPattern == b.bitPattern ? 0 : a.bitPattern < b.bitPattern ? -1 : 1
        case (true, false): return -1
        case (false, true): return 1
        }
    }

    /// An int against a double without losing the int's precision beyond 2^53.
    private static func compare(_ a: Int64, _ b: Double) -> Int {
        if b.isNaN { return 1 }
        let precise: Int64 = 1 << 53
        if a <= precise && a >= -precise { return compare(Double(a), b) }
        if b >= 9_223_372_036_854_775_808.0 { return -1 }
        if b < -9_223_372_036_854_775_808.0 { return 1 }
        let truncated = Int64(b)
        return a == truncated ? 0 : a < truncated ? -1 : 1
    }
}

/// Decimal128 values compared by the numbers they stand for: NaN first (NaNs by their bits), then
/// minus infinity, the finite numbers (zeros of any sign and exponent equal), plus infinity.
enum DecimalOrder {
    static func compare(_ a: RealmDecimal128, _ b: RealmDecimal128) -> Int {
        switch (a.kind, b.kind) {
        case (.nan, .nan):
            return a.high != b.high ? (a.high < b.high ? -1 : 1) : a.low == b.low ? 0 : a.low < b.low ? -1 : 1
        case (.nan, _): return -1
        case (_, .nan): return 1
        case (.infinity(let n1), .infinity(let n2)): return n1 == n2 ? 0 : n1 ? -1 : 1
        case (.infinity(let negative), _): return negative ? -1 : 1
        case (_, .infinity(let negative)): return negative ? 1 : -1
        case (.finite(let n1, let c1, let e1), .finite(let n2, let c2, let e2)):
            if c1 == 0 && c2 == 0 { return 0 }
            if c1 == 0 { return n2 ? 1 : -1 }
            if c2 == 0 { return n1 ? -1 : 1 }
            if n1 != n2 { return n1 ? -1 : 1 }
            let magnitude = compareMagnitude(c1, e1, c2, e2)
            return n1 ? -magnitude : magnitude
        }
    }

    /// `c1 × 10^e1` against `c2 × 10^e2`, both coefficients above zero.
    private static func compareMagnitude(_ c1: UInt128, _ e1: Int, _ c2: UInt128, _ e2: Int) -> Int {
        let (d1, d2) = (digits(c1), digits(c2))
        // The position of the leading digit decides unless it is the same.
        if d1 + e1 != d2 + e2 { return d1 + e1 < d2 + e2 ? -1 : 1 }
        // Same leading position: widen both to the same number of digits (34 at most fits).
        let width = max(d1, d2)
        let (w1, w2) = (c1 * power(width - d1), c2 * power(width - d2))
        return w1 == w2 ? 0 : w1 < w2 ? -1 : 1
    }

    private static func digits(_ value: UInt128) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }

    private static func power(_ exponent: Int) -> UInt128 {
        var result: UInt128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// `value` as realm-core makes a Decimal128 of a double: its shortest exact digits when they
    /// are 15 or fewer, else rounded to 15 significant digits; infinities and NaN as such.
    static func decimal(_ value: Double) -> RealmDecimal128 {
        if value.isNaN { return RealmDecimal128(low: 0, high: 0x7c00_0000_0000_0000) }
        if value.isInfinite {
            return RealmDecimal128(low: 0, high: (value < 0 ? 1 << 63 : 0) | 0x7800_0000_0000_0000)
        }
        if value == 0 { return RealmDecimal128(negative: value.sign == .minus, coefficient: 0, exponent: 0) }
        // "%.14e": one digit, a point, 14 digits, an exponent: 15 significant digits, rounded.
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value.magnitude]) { vsnprintf(&buffer, buffer.count, "%.14e", $0) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = text.split(separator: "e")
        var digitsText = parts[0].filter { $0 != "." }
        var exponent = (Int(parts[1]) ?? 0) - 14
        while digitsText.count > 1 && digitsText.hasSuffix("0") {
            digitsText.removeLast()
            exponent += 1
        }
        return RealmDecimal128(negative: value < 0, coefficient: UInt128(digitsText) ?? 0, exponent: exponent)
    }
}
