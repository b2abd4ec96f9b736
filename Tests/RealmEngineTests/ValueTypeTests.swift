import Foundation
@testable import RealmEngine
import Testing

@Suite struct ObjectIdTests {
    @Test func parsesEitherCaseAndPrintsLowercase() throws {
        let id = try ObjectId(string: "64B7F0C2A1B2C3D4E5F60718")
        #expect(id.stringValue == "64b7f0c2a1b2c3d4e5f60718")
        #expect(id.bytes == [0x64, 0xb7, 0xf0, 0xc2, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07, 0x18])
        #expect(ObjectId(bytes: id.bytes) == id)
        #expect(id.timestamp == 0x64b7_f0c2)
    }

    @Test(arguments: ["", "64b7f0c2a1b2c3d4e5f6071", "64b7f0c2a1b2c3d4e5f607189", "64b7f0c2a1b2c3d4e5f6071g"])
    func rejectsInvalidStrings(_ text: String) {
        #expect(throws: StoreError(.invalidValue, "Invalid Object ID string '\(text)': must be 24 hex digits")) {
            try ObjectId(string: text)
        }
    }

    @Test func generatesUniqueIncreasingIds() {
        let a = ObjectId.generate(), b = ObjectId.generate()
        #expect(a != b)
        #expect(a.stringValue.count == 24)
        #expect(ObjectId() == "000000000000000000000000")
    }

    @Test func ordersByBytes() {
        #expect(ObjectId("000000000000000000000001") < ObjectId("000000000000000000000100"))
        #expect(ObjectId("7fffffffffffffffffffffff") < ObjectId("ffffffffffffffffffffffff"))
    }
}

@Suite struct Decimal128Tests {
    @Test(arguments: ["1.50", "0", "-0", "1.23E+6", "9999999999999999999999999999999999", "-1E-6176", "1E+6111",
                      "9.999999999999999999999999999999999E+6144", "NaN", "Infinity", "-Infinity", "0.000", "1E+3"])
    func keepsEveryDigit(_ text: String) throws {
        #expect(try Decimal128(string: text).stringValue == text)
    }

    @Test func rejectsGarbage() {
        #expect(throws: StoreError.self) { try Decimal128(string: "1.2.3") }
        #expect(throws: StoreError.self) { try Decimal128(string: "abc") }
    }

    @Test func comparesNumerically() throws {
        let values: [Decimal128] = ["NaN", "-Infinity", "-1E+10", "-2.5", "-0.001", "0", "1E-6176", "0.5", "1", "1.5", "10",
                                    "1E+6144", "Infinity"]
        for (index, value) in values.enumerated() {
            for other in values[(index + 1)...] {
                #expect(value < other, "\(value) < \(other)")
                #expect(!(other < value))
                #expect(value.orderKey.lexicographicallyPrecedes(other.orderKey))
            }
        }
        #expect(Decimal128("1.5") == Decimal128("1.50"))
        #expect(!Decimal128("1.5").bitPatternEquals("1.50"))
        #expect(Decimal128("0") == Decimal128("-0"))
        #expect(Decimal128("NaN") == Decimal128("NaN"))
        #expect(Decimal128("1E+2") == Decimal128("100"))
    }

    @Test func convertsIntegersAndDoubles() {
        #expect(Decimal128(Int64.min).stringValue == "-9223372036854775808")
        #expect(Decimal128(Int64.max).stringValue == "9223372036854775807")
        #expect(Decimal128(1.1).stringValue == "1.1")
        let literal: Decimal128 = 42
        #expect(literal.stringValue == "42")
        #expect(Decimal128().stringValue == "0")
    }
}

@Suite struct TimestampTests {
    @Test func normalisesSigns() {
        let t = Timestamp(seconds: 1, nanoseconds: -500_000_000)
        #expect(t.seconds == 0 && t.nanoseconds == 500_000_000)
        let u = Timestamp(seconds: -1, nanoseconds: 100_000_000)
        #expect(u.seconds == 0 && u.nanoseconds == -900_000_000)
    }

    @Test func convertsFoundationDatesLikeRealm() {
        let nearReference = Timestamp(Date(timeIntervalSinceReferenceDate: 1e-9))
        #expect(nearReference == Timestamp(seconds: 978_307_200, nanoseconds: 1))
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: .nan)) == Timestamp(seconds: 0))
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: 1e300)) == Timestamp(seconds: .max, nanoseconds: 999_999_999))
        #expect(Timestamp(Date(timeIntervalSince1970: -1.5)) == Timestamp(seconds: -1, nanoseconds: -500_000_000))
        let now = Date()
        #expect(abs(Timestamp(now).date.timeIntervalSince(now)) < 1e-6)
    }

    @Test func storageOrderIsChronological() {
        let times = [Timestamp(seconds: .min, nanoseconds: -999_999_999), Timestamp(seconds: -62_135_596_800),
                     Timestamp(seconds: -1, nanoseconds: -100_000_000), Timestamp(seconds: -1), Timestamp(seconds: 0, nanoseconds: -1),
                     Timestamp(seconds: 0), Timestamp(seconds: 0, nanoseconds: 1), Timestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999),
                     Timestamp(seconds: .max, nanoseconds: 999_999_999)]
        func bytes(_ t: Timestamp) -> [UInt8] {
            var stored = t.storageBytes
            return withUnsafeBytes(of: &stored) { Array($0.prefix(12)) }
        }
        for index in times.indices.dropLast() {
            #expect(times[index] < times[index + 1])
            #expect(bytes(times[index]).lexicographicallyPrecedes(bytes(times[index + 1])))
            #expect(bytes(times[index]).withUnsafeBytes { Timestamp(storage: $0) } == times[index])
        }
    }
}
