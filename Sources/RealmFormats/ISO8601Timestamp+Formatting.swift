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
        let days = CivilCalendar.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
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
