import Foundation

/// A Realm date: seconds and nanoseconds since 1970-01-01T00:00:00Z, over the full Int64 range
/// of seconds, with nanoseconds in (-1e9, 1e9) carrying the same sign as the seconds
/// (-1.1 s is `(-1, -100_000_000)`), as Realm core's `Timestamp`.
///
/// Ordering is chronological, before 1970 too. Conversions to and from Foundation `Date`
/// follow realm-swift: NaN becomes the epoch, values beyond Int64 seconds clamp, nanoseconds
/// are truncated toward zero relative to the 2001 reference date.
///
/// For example:
///
///     let t = Timestamp(seconds: -1, nanoseconds: -100_000_000)   // 1969-12-31T23:59:58.9Z
///     t < Timestamp(seconds: 0, nanoseconds: 0)                    // true
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole seconds since 1970 (negative before).
    public private(set) var seconds: Int64
    /// Nanoseconds, with the sign of `seconds`.
    public private(set) var nanoseconds: Int32

    /// Seconds between 1970 and Foundation's 2001 reference date.
    static let referenceOffset: Int64 = 978_307_200

    /// A timestamp; nanoseconds of the other sign than the seconds are normalised
    /// (`(1, -500_000_000)` becomes `(0, 500_000_000)`).
    ///
    /// - Precondition: `abs(nanoseconds) < 1_000_000_000`.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        precondition(nanoseconds.magnitude < 1_000_000_000, StoreError.Trap.nanosecondsOutOfRange)
        var seconds = seconds
        var nanoseconds = nanoseconds
        if seconds > 0 && nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        } else if seconds < 0 && nanoseconds > 0 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Converts a Foundation date as realm-swift's `RLMTimestampForNSDate` does.
    public init(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        if interval.isNaN {
            self.init(seconds: 0, nanoseconds: 0)
            return
        }
        let limit = 9.2e18
        if interval >= limit {
            self.init(seconds: .max, nanoseconds: 999_999_999)
            return
        }
        if interval <= -limit {
            self.init(seconds: .min, nanoseconds: -999_999_999)
            return
        }
        let whole = interval.rounded(.towardZero)
        var seconds = Int64(whole)
        var nanoseconds = Int32(((interval - whole) * 1e9).rounded(.towardZero))
        if nanoseconds.magnitude >= 1_000_000_000 {
            seconds += Int64(nanoseconds / 1_000_000_000)
            nanoseconds %= 1_000_000_000
        }
        let (shifted, overflow) = seconds.addingReportingOverflow(Timestamp.referenceOffset)
        self.init(seconds: overflow ? .max : shifted, nanoseconds: nanoseconds)
    }

    /// The Foundation date (a Double, so precision is what a Double holds at this distance).
    public var date: Date {
        Date(timeIntervalSinceReferenceDate: (Double(seconds) - Double(Timestamp.referenceOffset)) + Double(nanoseconds) / 1e9)
    }

    /// `seconds.nanoseconds` since 1970, e.g. `-1.100000000`.
    public var description: String {
        let sign = seconds < 0 || nanoseconds < 0 ? "-" : ""
        let fraction = String(nanoseconds.magnitude)
        return "\(sign)\(seconds.magnitude).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)"
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The stored form: 12 bytes whose BLOB order is chronological — the seconds with the sign
    /// bit flipped (8 bytes) and the nanoseconds + 999,999,999 (4 bytes), big-endian.
    var storageBytes: (UInt64, UInt32) {
        ((UInt64(bitPattern: seconds) ^ (1 << 63)).bigEndian, UInt32(Int64(nanoseconds) + 999_999_999).bigEndian)
    }

    /// Reads the form written by `storageBytes`.
    init?(storage: UnsafeRawBufferPointer) {
        guard storage.count == 12 else { return nil }
        var high: UInt64 = 0
        var low: UInt32 = 0
        for index in 0..<8 { high = high << 8 | UInt64(storage[index]) }
        for index in 8..<12 { low = low << 8 | UInt32(storage[index]) }
        let nanoseconds = Int64(low) - 999_999_999
        guard nanoseconds.magnitude < 1_000_000_000 else { return nil }
        self.seconds = Int64(bitPattern: high ^ (1 << 63))
        self.nanoseconds = Int32(nanoseconds)
    }
}
