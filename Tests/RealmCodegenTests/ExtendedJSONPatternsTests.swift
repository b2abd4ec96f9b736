@testable import RealmCodegen
import TestSupport
import Testing

/// The regular expressions inside Extended JSON wrappers, checked with Swift's own regex engine
/// (the Python validator checks them again through the generated schemas).
@Suite struct ExtendedJSONPatternsTests {
    private func matches(_ pattern: String, _ text: String) throws -> Bool {
        try Regex(pattern).firstMatch(in: text) != nil
    }

    @Test func int8RangeIsExact() throws {
        let pattern = ExtendedJSONPatterns.integer(in: -128...127)
        for value in -1000...1000 {
            #expect(try matches(pattern, String(value)) == (-128...127).contains(value), "\(value)")
        }
        for text in ["", "-", "+1", "007", "00", "1 ", " 1", "1.0", "1e2", "--1", "0x1"] {
            #expect(try !matches(pattern, text), "\(text)")
        }
    }

    @Test func smallLimits() throws {
        #expect(ExtendedJSONPatterns.integer(in: 0...0) == "^(?:0)$")
        #expect(ExtendedJSONPatterns.integer(in: -10...9) == "^(?:0|[1-9]|-(?:0|[1-9]|10))$")
        for limit in [1, 9, 10, 11, 19, 99, 100, 101, 199, 200, 909, 990, 999, 1000] {
            let pattern = ExtendedJSONPatterns.integer(in: 0...Int64(limit))
            for value in 0...1100 {
                #expect(try matches(pattern, String(value)) == (value <= limit), "\(value) ≤ \(limit)")
            }
        }
    }

    @Test func int32AndInt64Boundaries() throws {
        let int32 = ExtendedJSONPatterns.integer(in: Int64(Int32.min)...Int64(Int32.max))
        let int64 = ExtendedJSONPatterns.integer(in: Int64.min...Int64.max)
        let cases: [(String, String, Bool)] = [
            (int32, "2147483647", true), (int32, "2147483648", false), (int32, "-2147483648", true),
            (int32, "-2147483649", false), (int32, "999999999", true), (int32, "10000000000", false),
            (int64, "9223372036854775807", true), (int64, "9223372036854775808", false),
            (int64, "-9223372036854775808", true), (int64, "-9223372036854775809", false),
            (int64, "9999999999999999999", false), (int64, "10000000000000000000", false),
            (int64, "999999999999999999", true), (int64, "8999999999999999999", true),
        ]
        for (pattern, text, expected) in cases {
            #expect(try matches(pattern, text) == expected, "\(text)")
        }
    }

    @Test func randomInt64Values() throws {
        let pattern = ExtendedJSONPatterns.integer(in: Int64(Int16.min)...Int64(Int16.max))
        var generator = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let value = Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)
            #expect(try matches(pattern, String(value)) == (Int64(Int16.min)...Int64(Int16.max)).contains(value))
        }
    }

    @Test func wrapperPatterns() throws {
        let cases: [(String, String, Bool)] = [
            (ExtendedJSONPatterns.objectId, "65a1b2c3d4e5f60718293a4B", true),
            (ExtendedJSONPatterns.objectId, "65a1b2c3d4e5f60718293a4", false),
            (ExtendedJSONPatterns.objectId, "65a1b2c3d4e5f60718293a4g", false),
            (ExtendedJSONPatterns.uuid, "137DECC8-b300-4954-a233-f89909f4fd89", true),
            (ExtendedJSONPatterns.uuid, "137decc8b3004954a233f89909f4fd89", false),
            (ExtendedJSONPatterns.base64, "", true), (ExtendedJSONPatterns.base64, "AQID", true),
            (ExtendedJSONPatterns.base64, "AQ==", true), (ExtendedJSONPatterns.base64, "AQI=", true),
            (ExtendedJSONPatterns.base64, "AQ", false), (ExtendedJSONPatterns.base64, "A===", false),
            (ExtendedJSONPatterns.isoDate, "2024-01-31T23:59:59Z", true),
            (ExtendedJSONPatterns.isoDate, "2024-01-31T23:59:59.123456789+05:30", true),
            (ExtendedJSONPatterns.isoDate, "2024-01-31T23:59:59.1234567890Z", false),
            (ExtendedJSONPatterns.isoDate, "2024-13-01T00:00:00Z", false),
            (ExtendedJSONPatterns.isoDate, "2024-01-01", false),
            (ExtendedJSONPatterns.double, "-1.5E+10", true), (ExtendedJSONPatterns.double, "Infinity", true),
            (ExtendedJSONPatterns.double, "NaN", true), (ExtendedJSONPatterns.double, "1.", false),
            (ExtendedJSONPatterns.double, "inf", false),
            (ExtendedJSONPatterns.decimal, "1.50", true), (ExtendedJSONPatterns.decimal, "-3E-7", true),
            (ExtendedJSONPatterns.decimal, ".5", true), (ExtendedJSONPatterns.decimal, "-Infinity", true),
            (ExtendedJSONPatterns.decimal, "NaN", false), (ExtendedJSONPatterns.decimal, "1.2.3", false),
        ]
        for (pattern, text, expected) in cases {
            #expect(try matches(pattern, text) == expected, "\(text) against \(pattern)")
        }
    }
}
