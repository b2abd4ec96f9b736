import RealmEngine
import RealmSchema

/// The encoding `realm-export` uses for objects that cannot be named by a primary key, and its
/// decoding for `realm-import`.
///
/// - Every object of a class **without a primary key** is written once, in its class's array,
///   with a first field `"$id": N`: its 1-based position in that array (insertion order).
///   Property names are identifiers, so `$id` never collides with one.
/// - A link to such an object (a to-one link, a List/MutableSet element, a Map value) is the
///   reference `{"$ref": "Class", "$id": N}` (MongoDB's DBRef convention). Shared and cyclic
///   links are therefore just several references to one `$id`.
/// - A link held in a **mixed** value is a reference too, to any top-level class:
///   `{"$ref": "Class", "$id": <primary-key value>}` (or `N` without a primary key).
/// - A link to an object whose primary key is `null` is `{"$ref": "Class", "$id": null}`.
///
/// An importer calls `objectID(_:)` on each object of a class without a primary key (and
/// records the created object under that id), and `reference(_:)` on a JSON object found where
/// a link or a mixed value goes, before treating it as a nested object or a dictionary.
///
/// For example:
///
///     {"Note": [{"$id": 1, "text": "a", "next": {"$ref": "Note", "$id": 2}},
///               {"$id": 2, "text": "b", "next": {"$ref": "Note", "$id": 1}}]}
public enum ExportReference {
    /// The field carrying an object's position, and the id inside a reference.
    public static let idKey = "$id"
    /// The field naming the class of a reference.
    public static let classKey = "$ref"

    /// A decoded reference: the target class and the target's `$id` (an `.int` position for
    /// classes without a primary key, else the primary-key value, possibly `.null`).
    public struct Target: Sendable, Hashable {
        public var className: String
        public var id: StoreValue

        public init(className: String, id: StoreValue) {
            self.className = className
            self.id = id
        }
    }

    /// The `$id` of an exported object of a class without a primary key, or nil when the
    /// object has none. The field must be skipped as a property.
    ///
    /// - Throws: when `$id` is not a positive integer.
    public static func objectID(_ object: JSONValue) throws(ExtendedJSONError) -> Int64? {
        guard object.kind == .object, let id = object[idKey] else { return nil }
        let position: Int64
        do throws(ExtendedJSONError) {
            position = try ExtendedJSON.int(id)
        } catch {
            throw error.inside(.key(idKey))
        }
        guard position > 0 else { throw ExtendedJSONError.invalid(id, reason: ExportMessages.referenceIDInvalid).inside(.key(idKey)) }
        return position
    }

    /// The reference `value` is (`{"$ref": "Class", "$id": …}`, exactly these two keys, `$ref`
    /// first), or nil for any other value. The id is decoded with the type of the target's
    /// primary key (an integer position when it has none).
    ///
    /// - Throws: for an unknown or embedded class, or an id of the wrong type.
    public static func reference(_ value: JSONValue, schema: CompiledSchema) throws(ExtendedJSONError) -> Target? {
        try reference(value, model: schema.model(named:))
    }

    /// `reference(_:schema:)` with the classes looked up by `model` (an importer's table of
    /// classes, so a reference costs no search through the schema).
    public static func reference(_ value: JSONValue, model: (String) -> ModelSchema?) throws(ExtendedJSONError) -> Target? {
        guard value.kind == .object, value.count == 2, let (key, classValue) = value.firstField,
              key.equals(classKey), let id = value[idKey] else { return nil }
        guard let className = classValue.stringValue, let model = model(className),
              model.kind != .embedded else {
            throw ExtendedJSONError.invalid(classValue, reason: ExportMessages.referenceClassInvalid).inside(.key(classKey))
        }
        do throws(ExtendedJSONError) {
            guard let primaryKey = model.primaryKeyProperty else {
                let position = try ExtendedJSON.int(id)
                guard position > 0 else { throw ExtendedJSONError.invalid(id, reason: ExportMessages.referenceIDInvalid) }
                return Target(className: className, id: .int(position))
            }
            if id.isNull && primaryKey.type.isOptional { return Target(className: className, id: .null) }
            return Target(className: className, id: try ExtendedJSON.value(id, as: primaryKey.type.base))
        } catch {
            throw error.inside(.key(idKey))
        }
    }

    /// Whether a JSON object is an Extended JSON typed value (`{"$oid": …}`: its first key is a
    /// keyword) rather than a dictionary.
    public static func isTypedValue(_ value: JSONValue) -> Bool {
        ExtendedJSONWrapper.match(value) != nil
    }

    /// Keys that make a JSON object read as something other than a dictionary when they come
    /// first: the Extended JSON keywords and `$ref`. The exporter never writes one first in a
    /// dictionary unless every key is one.
    static func isKeyword(_ key: String) -> Bool {
        guard key.utf8.first == UInt8(ascii: "$") else { return false }
        if key == classKey { return true }
        return ExtendedJSONWrapper.allCases.contains { $0.keyword.description == key }
            || ExtendedJSONWrapper.unsupportedKeywords.contains { $0.description == key }
    }
}
