import Foundation

/// How realm-core's JSON dumps of the vendored `.realm` fixtures (`*.open-check.json`, parsed
/// with `JSONSerialization`) write scalars, for the tests that compare a decoded or imported
/// value with them: booleans are `NSNumber`s of type `c`, floats and doubles numbers or the
/// strings `NaN`, `Infinity` and `-Infinity`.
public enum DumpJSON {
    /// Whether `json` is a JSON boolean (not the number 0 or 1).
    public static func isBool(_ json: Any) -> Bool {
        guard let number = json as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// Whether `value` is the float (`single`) or double the dump wrote, bit for bit (-0.0 is not
    /// 0.0), NaN equal to NaN.
    public static func floatMatches(_ value: Double, _ json: Any, single: Bool) -> Bool {
        switch json {
        case let text as String:
            return text == "NaN" ? value.isNaN : text == "Infinity" ? value == .infinity : text == "-Infinity" && value == -.infinity
        case let number as NSNumber:
            let expected = number.doubleValue
            if single { return Float(expected).bitPattern == Float(value).bitPattern }
            return expected.bitPattern == value.bitPattern
        default:
            return false
        }
    }
}
