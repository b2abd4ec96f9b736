extension ISO8601Timestamp {
    /// The UTC ISO-8601 text of the instant, with as many fraction digits as it needs (none for
    /// whole seconds, up to nine): `2024-01-31T09:30:00.123456789Z`, `1969-12-31T23:59:59.5Z`.
    ///
    /// Years outside 0000…9999 are written with a sign and at least four digits
    /// (`-0001-…`, `+10000-…`), as ISO-8601's expanded form does; the parser reads four-digit
    /// years only, so such dates need another form where they must be read back.
    public var text: String {
        var seconds = self.seconds
        var nanoseconds = Int64(self.nanoseconds)
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        let days = Self.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        var result = Self.yearText(year) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
        result += "T" + Self.padded(secondOfDay / 3_600, 2) + ":" + Self.padded(secondOfDay / 60 % 60, 2)
        result += ":" + Self.padded(secondOfDay % 60, 2)
        if nanoseconds != 0 {
            var fraction = Self.padded(nanoseconds, 9)
            while fraction.hasSuffix("0") {
                fraction.removeLast()
            }
            result += "." + fraction
        }
        return result + "Z"
    }

    /// The civil (proleptic Gregorian) date of a day count since 1970-01-01.
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func yearText(_ year: Int64) -> String {
        if (0...9_999).contains(year) {
            return padded(year, 4)
        }
        return (year < 0 ? "-" : "+") + padded(year.magnitude, 4)
    }

    private static func padded<Number: BinaryInteger>(_ value: Number, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
