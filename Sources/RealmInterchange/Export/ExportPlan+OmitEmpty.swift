import RealmEngine
import RealmSchema

/// `--omit-empty`: properties that are null and collections (List, MutableSet, Map) that are
/// empty are left out of every object, embedded ones too, so sparse MongoDB documents go back
/// sparse. A missing key imports as null or empty (docs/json-typing.md, section 7), so the
/// store comes back the same, with two exceptions that are therefore always written: the
/// primary key (a missing one is an error) and a null property whose schema has a `default`
/// (a missing one would take the default).
///
/// For example:
///
///     var options = ExportOptions(classes: ["Person"], shape: .ndjson)
///     options.omitEmpty = true
///     // {"_id":1,"name":"Ann"} for Ann with a null street2 and no tags
extension ExportPlan {
    /// Whether `writeObject` leaves `property` (holding `value`) out: not in the projection
    /// `kept`, or empty under `--omit-empty`.
    func leavesOut(_ property: PropertySchema, _ value: StoreValue, kept: Set<String>?) -> Bool {
        if let kept, !kept.contains(property.name) { return true }
        return options.omitEmpty && Self.isEmpty(value, property)
    }

    /// Null (a scalar, a link, mixed) or an empty collection property, which reads back the
    /// same when missing.
    static func isEmpty(_ value: StoreValue, _ property: PropertySchema) -> Bool {
        guard !property.isPrimaryKey else { return false }
        switch value {
        case .null:
            return property.defaultValue == nil || property.defaultValue == .null
        case .list(let elements):
            return property.type.collection != .single && elements.isEmpty
        case .dictionary(let entries):
            return property.type.collection != .single && entries.isEmpty
        default:
            return false
        }
    }
}
