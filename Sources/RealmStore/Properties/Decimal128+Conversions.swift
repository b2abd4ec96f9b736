import Foundation
import RealmEngine

/// Realm Swift's converting initializers of `Decimal128`.
extension Decimal128 {
    /// The value of `number`: an integer exactly, a floating-point number rounded to 15
    /// significant digits (as Realm converts a double), a Boolean as 0 or 1.
    ///
    /// For example:
    ///
    ///     Decimal128(number: 42 as NSNumber).stringValue     // "42"
    public init(number: NSNumber) {
        let type = String(cString: number.objCType)
        if type == "f" || type == "d" {
            self.init(number.doubleValue)
        } else if type == "Q" || type == "L", number.uint64Value > UInt64(Int64.max) {
            self = (try? Decimal128(string: String(number.uint64Value))) ?? Decimal128()
        } else {
            self.init(number.int64Value)
        }
    }

    /// `value` converted: any integer, `Float`, `Double`, `String` (which must parse),
    /// `NSNumber`, `Decimal` or `Decimal128`; anything else traps with Realm's message, as in
    /// Realm Swift.
    ///
    /// For example:
    ///
    ///     Decimal128(value: Int16(7)) == 7        // true
    ///     Decimal128(value: "1.25").stringValue   // "1.25"
    public init(value: Any) {
        switch value {
        case let decimal as Decimal128: self = decimal
        case let integer as any BinaryInteger:
            if let exact = Int64(exactly: integer) {
                self.init(exact)
            } else {
                self = Decimal128.parsing(String(describing: integer), for: value)
            }
        case let float as Float: self.init(Double(float))
        case let double as Double: self.init(double)
        case let number as NSNumber: self.init(number: number)
        case let decimal as Decimal: self = Decimal128.parsing(decimal.description, for: value)
        case let string as String: self = Decimal128.parsing(string, for: value)
        default: RealmMessages.trap(RealmMessages.notDecimal128(value))
        }
    }

    private static func parsing(_ text: String, for value: Any) -> Decimal128 {
        guard let parsed = try? Decimal128(string: text) else { RealmMessages.trap(RealmMessages.notDecimal128(value)) }
        return parsed
    }
}
