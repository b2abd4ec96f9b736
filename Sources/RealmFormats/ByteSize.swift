/// Sizes in bytes as people write them on a command line and read them in a message: a whole
/// number of bytes, or of KiB, MiB or GiB (powers of 1024).
///
/// For example:
///
///     ByteSize.parse("16MiB")    // 16777216
///     ByteSize.parse("512")      // 512
///     ByteSize.text(67108864)    // "64 MiB"
///     ByteSize.text(1000)        // "1000 bytes"
public enum ByteSize {
    /// The units a size may end with, largest first, and their multipliers.
    private static let units: [(name: String, bytes: Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]

    /// The number of bytes `text` stands for: digits, then optionally `KiB`, `MiB` or `GiB`
    /// (in any case, after an optional space) or `B`; nil for anything else, zero, or a size
    /// past `Int.max`.
    public static func parse(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits), number > 0 else { return nil }
        var unit = text.dropFirst(digits.count)
        if unit.first == " " { unit = unit.dropFirst() }
        let multiplier: Int
        if unit.isEmpty || unit.lowercased() == "b" {
            multiplier = 1
        } else if let match = units.first(where: { $0.name.lowercased() == unit.lowercased() }) {
            multiplier = match.bytes
        } else {
            return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// `bytes` in the largest unit that divides it exactly (`16 MiB`), else in bytes.
    public static func text(_ bytes: Int) -> String {
        for unit in units where bytes >= unit.bytes && bytes % unit.bytes == 0 {
            return "\(bytes / unit.bytes) \(unit.name)"
        }
        return Plural.counted(bytes, "byte")
    }
}
