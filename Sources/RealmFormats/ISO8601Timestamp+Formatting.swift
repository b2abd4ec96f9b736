extension ISO8601Timestamp {
    /// The UTC ISO-8601 text of the instant, with as many fraction digits as it needs (none for
    /// whole seconds, up to nine): `2024-01-31T09:30:00.123456789Z`, `1969-12-31T23:59:59.5Z`.
    ///
    /// Years outside 0000…9999 are written with a sign and at least four digits
    /// (`-0001-…`, `+10000-…`), as ISO-8601's expanded form does; the parser reads four-digit
    /// years only, so such dates need another form where they must be read back.
    public var text: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumTextCount) { buffer in
            String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: write(into: buffer.baseAddress!)), as: UTF8.self)
        }
    }

    /// The most bytes `write(into:)` writes: a sign, 12 year digits (`Int64.max` seconds is
    /// year 292277026596), `-MM-DDTHH:MM:SS.fffffffffZ`.
    public static let maximumTextCount = 40

    /// Writes `text`'s UTF-8 bytes at `output` (room for `maximumTextCount` bytes) and returns
    /// how many it wrote: an exporter writes dates straight into its output buffer this way.
    ///
    /// For example:
    ///
    ///     ISO8601Timestamp(seconds: 0, nanoseconds: 500_000_000).write(into: buffer)    // 22: "1970-01-01T00:00:00.5Z"
    public func write(into output: UnsafeMutablePointer<UInt8>) -> Int {
        var seconds = self.seconds
        var nanoseconds = Int64(self.nanoseconds)
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        let days = CivilCalendar.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        var count = 0
        func put(_ byte: UInt8) {
            output[count] = byte
            count += 1
        }
        func padded(_ value: UInt64, _ width: Int) {
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            for _ in digits..<max(width, digits) { put(UInt8(ascii: "0")) }
            var remaining = value
            for index in stride(from: count + digits - 1, through: count, by: -1) {
                output[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            count += digits
        }
        if !(0...9_999).contains(year) { put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")) }
        padded(year.magnitude, 4)
        put(UInt8(ascii: "-"))
        padded(UInt64(month), 2)
        put(UInt8(ascii: "-"))
        padded(UInt64(day), 2)
        put(UInt8(ascii: "T"))
        padded(UInt64(secondOfDay / 3_600), 2)
        put(UInt8(ascii: ":"))
        padded(UInt64(secondOfDay / 60 % 60), 2)
        put(UInt8(ascii: ":"))
        padded(UInt64(secondOfDay % 60), 2)
        if nanoseconds != 0 {
            var fraction = nanoseconds
            var digits = 9
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            put(UInt8(ascii: "."))
            padded(UInt64(fraction), digits)
        }
        put(UInt8(ascii: "Z"))
        return count
    }
}
