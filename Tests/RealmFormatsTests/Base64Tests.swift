import RealmFormats
import Testing

@Suite("Base64: one codec, two padding rules")
struct Base64Tests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
        #expect(Base64.decode(encoded, padding: .optional) == Array(plain.utf8))
        #expect(Array(encoded.utf8).withUnsafeBufferPointer { Base64.decodedCount(of: $0) } == plain.utf8.count)
    }

    @Test func encodesIntoBytesAndThroughASink() {
        var bytes = Array("x=".utf8)
        Base64.encode([0xFB, 0xFF], into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x=+/8=")
        var emitted: [UInt8] = []
        Base64.encode([0xFB, 0xFF, 0x00, 0x10]) { emitted.append($0) }
        #expect(String(decoding: emitted, as: UTF8.self) == "+/8AEA==")
    }

    @Test(arguments: ["Zg", "Zg=", "Zm9", "Z===", "Zg=a", "=Zg=", "Zm9v\n", "Zm-v", "Zg==Zg=="])
    func requiredPaddingRejects(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test func optionalPaddingAcceptsUnpaddedText() {
        #expect(Base64.decode("Zg", padding: .optional) == [0x66])
        #expect(Base64.decode("Zm9", padding: .optional) == [0x66, 0x6F])
        #expect(Base64.decode("Z", padding: .optional) == nil)
        #expect(Base64.decode("Zg===", padding: .optional) == nil)
        #expect(Base64.decode("Zg=a", padding: .optional) == nil)
    }

    @Test func whitespaceIsSkippedOnlyWhenAsked() {
        #expect(Base64.decode("Zm9v\n YmFy", ignoringWhitespace: true) == Array("foobar".utf8))
        #expect(Base64.decode("Zm9v\n YmFy") == nil)
    }

    @Test func decodesIntoCallerMemoryOfExactlyTheRightSize() {
        let text = Array("AAECAwQFBgcICQoLDA0ODw==".utf8)
        var sixteen = [UInt8](repeating: 0xEE, count: 16)
        let decoded = text.withUnsafeBufferPointer { text in
            sixteen.withUnsafeMutableBytes { Base64.decode(text, into: $0) }
        }
        #expect(decoded)
        #expect(sixteen == Array(0..<16))
        var fifteen = [UInt8](repeating: 0, count: 15)
        let wrongSize = text.withUnsafeBufferPointer { text in
            fifteen.withUnsafeMutableBytes { Base64.decode(text, into: $0) }
        }
        #expect(!wrongSize)
    }

    @Test func roundTripsEveryLength() {
        for count in 0..<70 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
    }
}

@Suite("Quoted strings in JSON, YAML and Swift")
struct QuotedStringTests {
    @Test func sharedEscapes() {
        for style in [QuotedString.Style.json, .yaml, .swift] {
            #expect(QuotedString.quoted("a\"b\\c\nd\re\tf é 🐶", style: style) == #""a\"b\\c\nd\re\tf é 🐶""#)
        }
    }

    @Test func styleDifferences() {
        let text = "\u{0}\u{8}\u{C}\u{1B}\u{7F}\u{85}\u{2028}\u{FEFF}\u{A0}"
        #expect(QuotedString.quoted(text, style: .json) == #""\u0000\b\f\u001b\#u{7F}\#u{85}\#u{2028}\#u{FEFF}\#u{A0}""#)
        #expect(QuotedString.quoted(text, style: .yaml) == #""\u0000\u0008\u000C\u001B\u007F\u0085\u2028\uFEFF\#u{A0}""#)
        #expect(QuotedString.quoted(text, style: .swift) == #""\0\u{8}\u{c}\u{1b}\u{7f}\u{85}\u{2028}\u{feff}\u{a0}""#)
    }

    @Test func hexDigits() {
        #expect(HexText.digits(0xB, minimumCount: 4) == "000b")
        #expect(HexText.digits(UInt8(0xAB), minimumCount: 1, uppercase: true) == "AB")
        #expect(HexText.digits(0x12345, minimumCount: 4) == "12345")
    }
}

@Suite("Civil calendar day counts")
struct CivilCalendarTests {
    @Test(arguments: [
        (1970, 1, 1, 0), (2024, 1, 31, 19_753), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (0, 1, 1, -719_528),
        (-1, 12, 31, -719_529), (10_000, 1, 1, 2_932_897),
    ] as [(Int64, Int64, Int64, Int64)])
    func daysAndBack(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) == days)
        let date = CivilCalendar.date(daysSinceEpoch: days)
        #expect(date.year == year && date.month == month && date.day == day)
    }
}
