/// ISO-8601 date-times as seconds and nanoseconds since 1970, the form `SchemaValue.date` holds.
///
/// Accepts `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM|±HHMM]` with 1 to 9 fraction digits and a
/// required zone, and a bare date `YYYY-MM-DD` (midnight UTC).
public struct ISO8601Timestamp: Hashable, Sendable {
    public var seconds: Int64
    /// Same sign as `seconds` (Realm's Timestamp invariant), magnitude below one second.
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Parses the text, or returns nil when it is not a valid date-time.
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ ISO8601Timestamp(utf8: $0) }) else { return nil }
        self = parsed
    }

    /// Parses UTF-8 bytes (the hot path of JSON import reads dates this way, without a String);
    /// `allowsDateOnly: false` requires the time and zone, as Extended JSON's `$date` does.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>, allowsDateOnly: Bool = true) {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        if scanner.isAtEnd, allowsDateOnly {
            self.init(seconds: days * 86_400, nanoseconds: 0)
            return
        }
        guard scanner.skip("T"),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fractionNanoseconds() else { return nil }
            nanoseconds = fraction
        }
        guard let offset = scanner.zoneOffsetSeconds(), scanner.isAtEnd else { return nil }
        var total = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        // Realm keeps seconds and nanoseconds with the same sign: -0.5 s is (0, -500000000).
        if total < 0 && nanoseconds > 0 {
            total += 1
            nanoseconds -= 1_000_000_000
        }
        self.init(seconds: total, nanoseconds: Int32(nanoseconds))
    }
}

/// A cursor over ASCII bytes for the fixed-width fields of ISO-8601.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` decimal digits as a number.
    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += digits
        return value
    }

    /// A fraction of 1 to 9 digits as nanoseconds; nil for none or more than nine.
    mutating func fractionNanoseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            count += 1
            guard count <= 9 else { return nil }
            value = value * 10 + Int64(bytes[index] - 0x30)
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<9 {
            value *= 10
        }
        return value
    }

    /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC; nil when there is no valid zone.
    mutating func zoneOffsetSeconds() -> Int64? {
        if skip("Z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}
