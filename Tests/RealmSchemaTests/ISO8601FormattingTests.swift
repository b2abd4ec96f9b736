import RealmFormats
import Testing

@Suite("ISO-8601 text of timestamps")
struct ISO8601FormattingTests {
    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00Z"),
        (1_706_693_400, 123_456_789, "2024-01-31T09:30:00.123456789Z"),
        (1_706_693_400, 500_000_000, "2024-01-31T09:30:00.5Z"),
        (-1, -500_000_000, "1969-12-31T23:59:58.5Z"),
        (0, -1, "1969-12-31T23:59:59.999999999Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        (253_402_300_799, 999_999_999, "9999-12-31T23:59:59.999999999Z"),
        (951_782_400, 0, "2000-02-29T00:00:00Z"),
        (-2_208_988_800, 0, "1900-01-01T00:00:00Z"),
    ] as [(Int64, Int32, String)])
    func formats(seconds: Int64, nanoseconds: Int32, text: String) throws {
        let timestamp = ISO8601Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        #expect(timestamp.text == text)
        #expect(ISO8601Timestamp(text) == timestamp, "the text parses back to the same instant")
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        // 1600-03-01 … 2400-02-29 covers every leap-year rule in both directions of 1970.
        var mismatches: [String] = []
        for days in stride(from: Int64(-135_080), through: 157_100, by: 1) {
            let timestamp = ISO8601Timestamp(seconds: days * 86_400 + 45_296, nanoseconds: 0)
            if ISO8601Timestamp(timestamp.text) != timestamp {
                mismatches.append(timestamp.text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func expandedYears() {
        #expect(ISO8601Timestamp(seconds: -62_167_219_200 - 86_400, nanoseconds: 0).text == "-0001-12-31T00:00:00Z")
        #expect(ISO8601Timestamp(seconds: 253_402_300_800, nanoseconds: 0).text == "+10000-01-01T00:00:00Z")
    }

    /// `write(into:)` is what `text` is made of; the widest instants fit its buffer.
    @Test func extremeInstantsFitTheBuffer() {
        for (seconds, nanoseconds) in [(Int64.max, Int32(999_999_999)), (Int64.min / 2, 0), (-62_167_219_201, -1)] {
            let text = ISO8601Timestamp(seconds: seconds, nanoseconds: nanoseconds).text
            #expect(text.utf8.count <= ISO8601Timestamp.maximumTextCount, "\(text)")
        }
        #expect(ISO8601Timestamp(seconds: Int64.max, nanoseconds: 999_999_999).text == "+292277026596-12-04T15:30:07.999999999Z")
        #expect(ISO8601Timestamp(seconds: -62_167_219_201, nanoseconds: -1).text == "-0001-12-31T23:59:58.999999999Z")
    }
}
