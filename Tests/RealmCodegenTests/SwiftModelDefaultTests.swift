import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// Schema `default` values → initial values of `@Persisted` properties.
@Suite struct SwiftModelDefaultTests {
    typealias S = Snippet

    /// The declaration of one property with this default.
    private func declaration(_ base: BaseType, optional: Bool = false, _ value: SchemaValue) -> String {
        S.body([property("value", base, optional: optional, default: value)])
    }

    @Test func integersAndBooleans() {
        #expect(declaration(.int(.int), .int(5)) == "@Persisted var value: Int = 5")
        #expect(declaration(.int(.int64), .int(Int64.min)) == "@Persisted var value: Int64 = -9223372036854775808")
        #expect(declaration(.int(.int8), optional: true, .int(-128)) == "@Persisted var value: Int8? = -128")
        #expect(declaration(.bool, .bool(true)) == "@Persisted var value: Bool = true")
        #expect(declaration(.bool, .bool(false)) == "@Persisted var value: Bool = false")
    }

    @Test func doublesInShortestRoundTripForm() {
        #expect(declaration(.double, .double(1.5)) == "@Persisted var value: Double = 1.5")
        #expect(declaration(.double, .double(0.1)) == "@Persisted var value: Double = 0.1")
        #expect(declaration(.double, .double(1e-7)) == "@Persisted var value: Double = 1e-07")
        #expect(declaration(.double, .double(2.0)) == "@Persisted var value: Double = 2.0")
        #expect(declaration(.double, .int(3)) == "@Persisted var value: Double = 3")
        #expect(declaration(.double, .double(.nan)) == "@Persisted var value: Double = .nan")
        #expect(declaration(.double, .double(.infinity)) == "@Persisted var value: Double = .infinity")
        #expect(declaration(.double, .double(-.infinity)) == "@Persisted var value: Double = -.infinity")
    }

    @Test func floatsInTheirOwnShortestForm() {
        #expect(declaration(.float, .double(1.1)) == "@Persisted var value: Float = 1.1")
        #expect(declaration(.float, .double(1e39)) == "@Persisted var value: Float = .infinity")
    }

    @Test func stringsAreEscaped() {
        #expect(declaration(.string, .string("x")) == #"@Persisted var value: String = "x""#)
        #expect(declaration(.string, .string("say \"hi\"\\\n\t")) == #"@Persisted var value: String = "say \"hi\"\\\n\t""#)
        #expect(declaration(.string, .string("a\u{7}b\u{200B}c é")) == #"@Persisted var value: String = "a\u{7}b\u{200b}c é""#)
    }

    @Test func datesAreExactSecondsSince1970() {
        #expect(declaration(.date, .date(seconds: 1_700_000_000, nanoseconds: 0))
            == "@Persisted var value: Date = Date(timeIntervalSince1970: 1700000000)")
        #expect(declaration(.date, .date(seconds: 1_700_000_000, nanoseconds: 123_456_789))
            == "@Persisted var value: Date = Date(timeIntervalSince1970: 1700000000.123456789)")
        #expect(declaration(.date, .date(seconds: -1, nanoseconds: -100_000_000))
            == "@Persisted var value: Date = Date(timeIntervalSince1970: -1.1)")
        #expect(declaration(.date, .date(seconds: 0, nanoseconds: -5))
            == "@Persisted var value: Date = Date(timeIntervalSince1970: -0.000000005)")
    }

    @Test func dataAsBytesOrBase64() {
        #expect(declaration(.data, .data([])) == "@Persisted var value: Data = Data()")
        #expect(declaration(.data, .data([0x01, 0xAB])) == "@Persisted var value: Data = Data([0x01, 0xab])")
        let long = [UInt8](repeating: 0xFF, count: 33)
        #expect(declaration(.data, .data(long))
            == #"@Persisted var value: Data = Data(base64Encoded: "////////////////////////////////////////////")!"#)
    }

    @Test func decimalObjectIdAndUUID() {
        #expect(declaration(.decimal128, .decimal128("1.50")) == #"@Persisted var value: Decimal128 = "1.50""#)
        #expect(declaration(.objectId, .objectId("65a1b2c3d4e5f60718293a4b"))
            == #"@Persisted var value: ObjectId = "65a1b2c3d4e5f60718293a4b""#)
        #expect(declaration(.uuid, .uuid("137decc8-b300-4954-a233-f89909f4fd89"))
            == #"@Persisted var value: UUID = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!"#)
    }

    @Test func mixedValues() {
        #expect(declaration(.mixed, .int(5)) == "@Persisted var value: AnyRealmValue = .int(5)")
        #expect(declaration(.mixed, .string("x")) == #"@Persisted var value: AnyRealmValue = .string("x")"#)
        #expect(declaration(.mixed, .bool(true)) == "@Persisted var value: AnyRealmValue = .bool(true)")
        #expect(declaration(.mixed, .double(1.5)) == "@Persisted var value: AnyRealmValue = .double(1.5)")
        #expect(declaration(.mixed, .null) == "@Persisted var value: AnyRealmValue")
        #expect(declaration(.mixed, .objectId("65a1b2c3d4e5f60718293a4b"))
            == #"@Persisted var value: AnyRealmValue = .objectId("65a1b2c3d4e5f60718293a4b")"#)
    }

    @Test func nullDefaultIsLeftOut() {
        #expect(declaration(.string, optional: true, .null) == "@Persisted var value: String?")
    }

    @Test func enumDefaultsNameTheCase() {
        let body = S.body([
            property("status", .string, default: .string("in-progress"),
                       enum: [.string("active"), .string("in-progress")]),
        ])
        #expect(body.hasPrefix("@Persisted var status: Status = .inProgress\n"))
    }

    @Test func anOptionalEnumDefaultNamedNoneIsQualified() {
        let body = S.body([
            property("mode", .string, optional: true, default: .string("none"), enum: [.string("none"), .string("all")]),
        ])
        #expect(body.hasPrefix("@Persisted var mode: Mode? = Mode.none\n"))
    }
}
