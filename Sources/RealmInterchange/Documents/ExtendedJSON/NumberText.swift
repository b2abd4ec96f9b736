import Glibc

/// Numbers written as text in Extended JSON wrappers (`$numberInt`, `$numberLong`,
/// `$numberDouble`), parsed from the string's UTF-8 bytes without creating a `String`.
enum NumberText {
    /// What a decimal integer text holds.
    enum Integer: Equatable {
        case value(Int64)
        /// Digits, but beyond the 64-bit range.
        case overflow
        /// Not `-?[0-9]+`.
        case invalid
    }

    /// Parses `-?[0-9]+` (no `+`, no spaces) into an Int64.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Integer {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < text.count else { return .invalid }
        var magnitude: UInt64 = 0
        var overflow = false
        while index < text.count {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return .invalid }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = sum
            index += 1
        }
        if overflow { return .overflow }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .overflow }
            return .value(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .overflow }
        return .value(Int64(magnitude))
    }

    /// What a `$numberDouble` text holds.
    enum Real: Equatable {
        case value(Double)
        /// A finite number too large for a double.
        case overflow
        case invalid
    }

    /// Parses `Infinity`, `-Infinity`, `NaN` or a decimal number (`-1.5`, `1e+300`, `2.`, `.5`)
    /// from a string value's bytes and its NUL-terminated text (for `strtod`).
    static func real(_ text: UnsafeBufferPointer<UInt8>, cString: UnsafePointer<CChar>) -> Real {
        guard isDecimal(text) else {
            // The words are no decimals, so the numbers in a typical input skip comparing them.
            if text.elementsEqual("Infinity".utf8) { return .value(.infinity) }
            if text.elementsEqual("-Infinity".utf8) { return .value(-.infinity) }
            if text.elementsEqual("NaN".utf8) { return .value(.nan) }
            return .invalid
        }
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(cString, &end)
        guard let end, cString.distance(to: end) == text.count else { return .invalid }
        return value.isInfinite ? .overflow : .value(value)
    }

    /// `[-+]?(digits[.digits?]|.digits)([eE][-+]?digits)?`
    private static func isDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
        var mantissa = digits()
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }
}
