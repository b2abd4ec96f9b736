import RealmStore

/// ISO-8601 date-times as Extended JSON's relaxed `$date` writes them, parsed from UTF-8 bytes:
/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, 1 to 9 fraction digits (nanoseconds),
/// years 0000–9999, proleptic Gregorian calendar.
struct ISODateText {
    private let text: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// The timestamp the text denotes; nil when it is not of the accepted form.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var parser = ISODateText(text)
        return parser.timestamp()
    }

    private mutating func timestamp() -> Timestamp? {
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year),
              skip("T"), let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if skip(".") {
            var digits = 0
            while let digit = digit() {
                digits += 1
                guard digits <= 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        guard let offset = zoneOffset(), index == text.count else { return nil }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    /// `Z`, `±HH:MM` or `±HHMM` as seconds east of UTC.
    private mutating func zoneOffset() -> Int64? {
        if skip("Z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(2) else { return nil }
        _ = skip(":")
        guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    private mutating func digit() -> Int64? {
        guard index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") else { return nil }
        index += 1
        return Int64(text[index - 1] - UInt8(ascii: "0"))
    }

    private mutating func number(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
