import Foundation
import RealmEngine
import RealmSchema
import TestSupport

/// Random values of every type, biased towards the edges: extreme integers, non-finite and
/// subnormal floats, negative zero, dates before 1970 and with nanoseconds, 34-digit decimals,
/// strings with escapes and non-ASCII text, map keys holding `.`, `$` and `%`.
struct ExportTestValues {
    var random: SeededRandom

    mutating func value(_ base: BaseType) -> StoreValue {
        switch base {
        case .bool: return .bool(random.chance(50))
        case .int(let width): return .int(int(width))
        case .float: return .float(float())
        case .double: return .double(double())
        case .string: return .string(string())
        case .data: return .data(Data((0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
        case .date: return .date(date())
        case .decimal128: return .decimal128(try! Decimal128(string: random.pick(Self.decimals)))
        case .objectId: return .objectId(ObjectId(bytes: (0..<12).map { _ in UInt8.random(in: 0...255, using: &random) })!)
        case .uuid: return .uuid(uuid())
        case .mixed, .object, .linkingObjects: return .null
        }
    }

    mutating func int(_ width: IntWidth) -> Int64 {
        let range = width.range
        let edges: [Int64] = [0, 1, -1, range.lowerBound, range.upperBound, Int64(Int32.max), Int64(Int32.min), 1 << 53 + 1]
        let edge = random.pick(edges)
        return random.chance(40) && range.contains(edge) ? edge : Int64.random(in: range, using: &random)
    }

    mutating func double() -> Double {
        let edges: [Double] = [0, -0.0, 2, 0.1, 1e16, -1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity,
                               -.infinity, .nan, 123456789.125, 1 / 3]
        if random.chance(40) { return random.pick(edges) }
        let bits = Double(bitPattern: random.next())
        return bits.isFinite ? bits : Double(Int64.random(in: -1_000_000...1_000_000, using: &random)) / 64
    }

    mutating func float() -> Float {
        let edges: [Float] = [0, -0.0, 2, 0.1, 1e16, 3.4028235e38, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 16_777_216, .leastNormalMagnitude]
        if random.chance(40) { return random.pick(edges) }
        let bits = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        return bits.isFinite ? bits : 0.5
    }

    static let strings = ["", "plain", "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "nul \u{0} and \u{1F}",
                          "Zoë Øster Björn", "日本語", "emoji 🐕‍🦺", "\u{2028}\u{2029}", "%24 not a key", "{\"$oid\": 1}"]

    mutating func string() -> String {
        random.chance(70) ? random.pick(Self.strings) : String(random.next(), radix: 36)
    }

    static let mapKeys = ["", "a", "b.c", "$plan", "100%", "%25", "%2E", "a$b", "ü", "日本", "$oid", "$ref", "$id",
                          "$date", " ", "x.y.z", "%"]

    /// Whether map keys may be Extended JSON keywords (`$oid`, `$ref`, `$date`): fine for
    /// realm-import, but MongoDB forbids such field names and its parsers read them as types.
    var allowsKeywordKeys = true
    /// Whether sub-millisecond dates may fall in year 0000 (Python's datetime, and so pymongo,
    /// starts at year 1; such dates are written as ISO text in canonical output).
    var allowsYearZero = true
    /// Whether every date is a whole millisecond (what BSON carries exactly).
    var wholeMilliseconds = false

    mutating func mapKey() -> String {
        let key = random.chance(80) ? random.pick(Self.mapKeys) : String(random.next() % 1000)
        return allowsKeywordKeys || !["$oid", "$ref", "$date"].contains(key) ? key : "not" + key
    }

    static let decimals = ["0", "-0", "1.50", "1.5", "-3", "1.23E+4", "1234567890123456789012345678901234",
                           "-0.000000000000000000000000000000001", "9.999999999999999999999999999999999E+6144",
                           "1E-6176", "NaN", "Infinity", "-Infinity", "19.90", "100"]

    mutating func date() -> Timestamp {
        let seconds: Int64
        switch Int.random(in: 0..<6, using: &random) {
        case 0: seconds = 0
        case 1: seconds = Int64.random(in: (allowsYearZero ? -62_167_219_200 : -62_135_596_800)..<253_402_300_800, using: &random)
        case 2: return Timestamp(seconds: Int64.random(in: -1_000_000...1_000_000, using: &random) * 1000, nanoseconds: 0)
        case 3: seconds = -1
        case 4: return Timestamp(seconds: random.pick([-62_167_219_200, 253_402_300_799]), nanoseconds: 0)
        default: seconds = Int64.random(in: -3_000_000_000...4_000_000_000, using: &random)
        }
        var nanoseconds = Int32.random(in: 0..<1_000_000_000, using: &random)
        if wholeMilliseconds || random.chance(30) { nanoseconds = nanoseconds / 1_000_000 * 1_000_000 }
        return Timestamp(seconds: seconds, nanoseconds: seconds < 0 ? -nanoseconds : nanoseconds)
    }

    mutating func uuid() -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &random) }
        }
        return UUID(uuid: bytes)
    }

    /// A mixed value: any scalar, or a list or dictionary nested up to `depth` levels, or (when
    /// `links` offers any) a link. Never a float: Extended JSON has no float type, so a mixed
    /// float is exported as the double it equals and comes back as a double (docs/differences-from-realm.md, section 3).
    mutating func mixed(depth: Int, links: [ObjectKey] = []) -> StoreValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 15 : 12), using: &random)
        switch choice {
        case 0: return .null
        case 1..<10: return value(random.pick([.bool, .int(.int), .double, .string, .data, .date, .decimal128, .objectId, .uuid]))
        case 10, 11: return links.isEmpty ? .int(int(.int)) : .object(random.pick(links))
        case 12, 13: return .list((0..<Int.random(in: 0...3, using: &random)).map { _ in mixed(depth: depth - 1, links: links) })
        default:
            var entries: [String: StoreValue] = ["k": mixed(depth: depth - 1, links: links)]
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                entries[mapKey()] = mixed(depth: depth - 1, links: links)
            }
            return .dictionary(entries)
        }
    }
}
