import RealmEngine
import RealmFormats
import RealmSchema

/// `date`: `{"$date": "<ISO-8601>"}` (relaxed) or `{"$date": {"$numberLong": "<ms>"}}` (canonical).
extension ExtendedJSON {
    /// A date with nanoseconds from the ISO form, or milliseconds since 1970 from `$numberLong`
    /// (before 1970 too). Plain strings and numbers are rejected with a hint to wrap them.
    public static func date(_ value: JSONValue) throws(ExtendedJSONError) -> Timestamp {
        switch value.kind {
        case .string:
            throw .invalid(value, hint: JSONMessages.wrapDate(value.stringValue!))
        case .integer:
            throw .invalid(value, hint: JSONMessages.wrapMilliseconds(JSONMessages.valueText(value)))
        default:
            break
        }
        guard case .wrapper(.date, let inner) = ExtendedJSONWrapper.match(value) else { throw .invalid(value) }
        try requireSingleKey(value, .date)
        let component = ExtendedJSONWrapper.date.pathComponent
        if let text = inner.utf8 {
            guard let parsed = ISO8601Timestamp(utf8: text, allowsDateOnly: false) else {
                throw ExtendedJSONError.invalid(inner, reason: JSONMessages.notISODate).inside(component)
            }
            return Timestamp(seconds: parsed.seconds, nanoseconds: parsed.nanoseconds)
        }
        guard case .wrapper(let wrapper, let number)? = ExtendedJSONWrapper.match(inner),
              wrapper == .numberLong || wrapper == .numberInt else {
            throw ExtendedJSONError.invalid(inner, reason: JSONMessages.dateNeedsWrapper).inside(component)
        }
        let milliseconds: Int64
        do {
            milliseconds = try wrappedInteger(inner, wrapper, number)
        } catch {
            throw error.inside(component)
        }
        return Timestamp(seconds: milliseconds / 1000, nanoseconds: Int32(milliseconds % 1000) * 1_000_000)
    }
}
