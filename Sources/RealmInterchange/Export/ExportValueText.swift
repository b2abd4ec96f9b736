import RealmEngine
import RealmFormats
import RealmSchema

/// Number text for export: the shortest decimal that reads back to the same bits.
enum ExportNumberText {
    /// Swift's shortest round-trip form (`2.0`, `0.1`, `1e+16`, `-0.0`, `5e-324`), valid JSON
    /// number text for every finite value; `Infinity`, `-Infinity`, `NaN` otherwise.
    static func double(_ value: Double) -> String {
        withDouble(value) { String(decoding: $0, as: UTF8.self) }
    }

    /// The text of `double(_:)` in a stack buffer, without building a `String` for short
    /// decimals (`DoubleText`).
    ///
    /// For example:
    ///
    ///     ExportNumberText.withDouble(0.1) { Array($0) }    // the bytes of "0.1"
    @inline(__always)
    static func withDouble<T, E: Error>(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
        if !value.isFinite {
            let text = nonFinite(value)
            return try body(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DoubleText.capacity) { (buffer) throws(E) -> T in
            let count = DoubleText.write(value, into: buffer.baseAddress!)
            return try body(UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
        }
    }

    /// The text of a value that is not finite: `NaN`, `-Infinity`, `Infinity`.
    static func nonFinite(_ value: Double) -> StaticString {
        value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity"
    }

    /// The float's own shortest form when reading it as a double and narrowing gives the same
    /// float (the importer's path) and the double is within float range (the importer's check:
    /// `3.4028235e+38` is not), else the exact double text of the float.
    static func float(_ value: Float) -> String {
        if !value.isFinite { return double(Double(value)) }
        let text = value.description
        if let parsed = Double(text), parsed.magnitude <= Double(Float.greatestFiniteMagnitude),
           Float(parsed).bitPattern == value.bitPattern {
            return text
        }
        return Double(value).description
    }
}

/// Date text for export.
enum ExportDateText {
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 1970: the range of
    /// four-digit ISO years the importer reads.
    static let isoRange: Range<Int64> = -62_167_219_200 ..< 253_402_300_800

    /// The instant to write as ISO-8601 text (`write(into:)`: as many fraction digits as
    /// needed), for years 0000-9999 only.
    static func iso(_ value: Timestamp) -> ISO8601Timestamp? {
        let floorSeconds = value.nanoseconds < 0 ? value.seconds - 1 : value.seconds
        guard isoRange.contains(floorSeconds) else { return nil }
        return ISO8601Timestamp(seconds: value.seconds, nanoseconds: value.nanoseconds)
    }

    /// Milliseconds since 1970 when the date is a whole millisecond that fits 64 bits.
    static func milliseconds(_ value: Timestamp) -> Int64? {
        guard value.nanoseconds % 1_000_000 == 0 else { return nil }
        let (scaled, overflow) = value.seconds.multipliedReportingOverflow(by: 1_000)
        let (sum, overflow2) = scaled.addingReportingOverflow(Int64(value.nanoseconds / 1_000_000))
        return overflow || overflow2 ? nil : sum
    }
}
