import Foundation
import RealmEngine
import RealmFormats
import RealmSchema

/// Strict decoding of Extended JSON v2 values per property type (docs/json-typing.md): one function per
/// type, each taking a borrowed `JSONValue` and returning the typed value or throwing an
/// `ExtendedJSONError` that names what was found. `null` is rejected everywhere except in
/// `mixed`; callers handle optional properties before calling.
///
/// For example:
///
///     let age = try ExtendedJSON.int(root["age"]!, width: .int32)   // 42, {"$numberInt": "42"}
///     let born = try ExtendedJSON.date(root["born"]!)                // {"$date": "1990-05-01T00:00:00Z"}
public enum ExtendedJSON {
    /// `true` or `false`; numbers and strings are rejected.
    public static func bool(_ value: JSONValue) throws(ExtendedJSONError) -> Bool {
        if let bool = value.boolValue { return bool }
        if let text = value.utf8, text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) {
            throw .invalid(value, hint: JSONMessages.writeBool(JSONMessages.valueText(value)))
        }
        throw .invalid(value)
    }

    /// An integer literal, `$numberInt` or `$numberLong` within `width`. A real literal is a
    /// double and is refused, as Realm refuses a double for an `Int` (`2.0` and `1e3` too, with a
    /// hint to write the integer).
    public static func int(_ value: JSONValue, width: IntWidth = .int) throws(ExtendedJSONError) -> Int64 {
        let result: Int64
        switch value.kind {
        case .integer:
            result = value.int64Value!
        case .real:
            let real = value.realValue!
            guard real.rounded(.towardZero) == real, real.isFinite else { throw .invalid(value) }
            guard real.magnitude <= 9_007_199_254_740_992 else { throw .invalid(value, reason: JSONMessages.inexactReal) }
            throw .invalid(value, hint: JSONMessages.writeInteger(Int64(real)))
        case .object:
            guard case .wrapper(let wrapper, let inner) = ExtendedJSONWrapper.match(value),
                  wrapper == .numberInt || wrapper == .numberLong else { throw .invalid(value) }
            result = try wrappedInteger(value, wrapper, inner)
        case .string:
            let hint = value.utf8.flatMap { NumberText.integer($0) == .invalid ? nil : JSONMessages.writeNumber(value.stringValue!) }
            throw .invalid(value, hint: hint)
        default:
            throw .invalid(value)
        }
        guard width.range.contains(result) else { throw .invalid(value, reason: JSONMessages.outOfRange(width)) }
        return result
    }

    /// The integer inside `{"$numberInt": "…"}` (32-bit) or `{"$numberLong": "…"}` (64-bit).
    static func wrappedInteger(_ value: JSONValue, _ wrapper: ExtendedJSONWrapper, _ inner: JSONValue) throws(ExtendedJSONError) -> Int64 {
        try requireSingleKey(value, wrapper)
        guard let text = inner.utf8 else { throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notAnInteger).inside(wrapper.pathComponent) }
        switch NumberText.integer(text) {
        case .value(let integer):
            guard wrapper == .numberLong || Int64(Int32.min)...Int64(Int32.max) ~= integer else {
                throw ExtendedJSONError.invalid(inner, reason: JSONMessages.numberIntIs32Bit).inside(wrapper.pathComponent)
            }
            return integer
        case .overflow:
            throw ExtendedJSONError.invalid(inner, reason: JSONMessages.outOfInt64Range).inside(wrapper.pathComponent)
        case .invalid:
            throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notAnInteger).inside(wrapper.pathComponent)
        }
    }

    /// Any number or `$numberDouble` (also `$numberInt`/`$numberLong`), within float range
    /// (`|v| <= Float.greatestFiniteMagnitude`, or infinite or NaN from `$numberDouble`).
    public static func float(_ value: JSONValue) throws(ExtendedJSONError) -> Float {
        let double = try double(value)
        guard !double.isFinite || double.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw .invalid(value, reason: JSONMessages.outOfFloatRange)
        }
        return Float(double)
    }

    /// Any number, `$numberDouble` (incl. `"Infinity"`, `"-Infinity"`, `"NaN"`), `$numberInt`
    /// or `$numberLong`.
    public static func double(_ value: JSONValue) throws(ExtendedJSONError) -> Double {
        if let number = value.doubleValue { return number }
        guard case .wrapper(let wrapper, let inner) = ExtendedJSONWrapper.match(value) else {
            let isNumeric = value.utf8.flatMap { text in value.cString.map { NumberText.real(text, cString: $0) } }
            let hint = isNumeric.flatMap { $0 == .invalid ? nil : JSONMessages.writeNumber(value.stringValue!) }
            throw .invalid(value, hint: hint)
        }
        switch wrapper {
        case .numberInt, .numberLong:
            return Double(try wrappedInteger(value, wrapper, inner))
        case .numberDouble:
            try requireSingleKey(value, wrapper)
            guard let text = inner.utf8, let cString = inner.cString else {
                throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notANumber).inside(wrapper.pathComponent)
            }
            switch NumberText.real(text, cString: cString) {
            case .value(let double): return double
            case .overflow: throw ExtendedJSONError.invalid(inner, reason: JSONMessages.outOfDoubleRange).inside(wrapper.pathComponent)
            case .invalid: throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notANumber).inside(wrapper.pathComponent)
            }
        default:
            throw .invalid(value)
        }
    }

    /// A JSON string; everything else is rejected.
    public static func string(_ value: JSONValue) throws(ExtendedJSONError) -> String {
        guard let string = value.stringValue else { throw .invalid(value) }
        return string
    }

    /// `{"$numberDecimal": "…"}` (every digit kept, NaN and ±Infinity included) or an integer
    /// literal (also `$numberInt`/`$numberLong`); real literals are rejected.
    public static func decimal128(_ value: JSONValue) throws(ExtendedJSONError) -> Decimal128 {
        switch value.kind {
        case .integer:
            return Decimal128(value.int64Value!)
        case .real:
            throw .invalid(value, reason: JSONMessages.realForDecimal, hint: JSONMessages.wrapDecimal(JSONMessages.valueText(value)))
        case .string:
            throw .invalid(value, hint: JSONMessages.wrapDecimal(value.stringValue!))
        default:
            break
        }
        guard case .wrapper(let wrapper, let inner) = ExtendedJSONWrapper.match(value) else { throw .invalid(value) }
        switch wrapper {
        case .numberInt, .numberLong:
            return Decimal128(try wrappedInteger(value, wrapper, inner))
        case .numberDecimal:
            try requireSingleKey(value, wrapper)
            guard let text = inner.utf8, let decimal = Decimal128(utf8: text) else {
                throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notDecimal128).inside(wrapper.pathComponent)
            }
            return decimal
        default:
            throw .invalid(value)
        }
    }

    /// `{"$oid": "<24 hex digits>"}`; a plain string gets a hint to wrap it.
    public static func objectId(_ value: JSONValue) throws(ExtendedJSONError) -> ObjectId {
        if value.kind == .string { throw .invalid(value, hint: JSONMessages.wrapObjectId(value.stringValue!)) }
        guard case .wrapper(.objectId, let inner) = ExtendedJSONWrapper.match(value) else { throw .invalid(value) }
        try requireSingleKey(value, .objectId)
        let parsed: ObjectId? = inner.utf8.flatMap { text in
            withUnsafeTemporaryAllocation(byteCount: 12, alignment: 1) { bytes in
                HexText.decode(text, into: bytes) ? ObjectId(bytes: UnsafeRawBufferPointer(bytes)) : nil
            }
        }
        guard let parsed else {
            throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notObjectId).inside(ExtendedJSONWrapper.objectId.pathComponent)
        }
        return parsed
    }

    /// Rejects a wrapper object with keys besides its keyword.
    static func requireSingleKey(_ value: JSONValue, _ wrapper: ExtendedJSONWrapper) throws(ExtendedJSONError) {
        guard value.count == 1 else {
            throw .invalid(value, reason: JSONMessages.wrapperKeys(wrapper.keyword.description))
        }
    }
}
