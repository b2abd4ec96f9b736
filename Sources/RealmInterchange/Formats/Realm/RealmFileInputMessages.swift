import RealmFile
import RealmSchema

/// The messages of reading Realm's own `.realm` files (`realm-import --type realm`,
/// `realm-schema extract`): where a problem is in the file, what the file does not fit, and why
/// a file cannot be read in a given way. The decoder's own texts (a damaged node, an encrypted
/// header, …) are `RealmFile`'s; these place them and add what the tools need.
enum RealmFileInputMessages {
    static func notAFile(_ name: String) -> String {
        "'\(name)' is read as a Realm file, which is read in place from a file by its path: "
            + "standard input and pipes cannot be read as a Realm file"
    }

    static func compressed(_ name: String) -> String {
        "'\(name)' is a compressed Realm file: decompress it first; a Realm file is read in place (memory-mapped), "
            + "not as a stream"
    }

    /// The note placing a problem in a Realm file: its name, then class, object key, property and
    /// byte offset when known.
    static func placeNote(file: String, className: String?, objectKey: Int64?, property: String?, offset: Int?) -> String {
        var parts: [String] = []
        if let className { parts.append("class '\(className)'") }
        if let objectKey { parts.append("object key \(objectKey)") }
        if let property { parts.append("property '\(property)'") }
        if let offset { parts.append("at byte \(offset)") }
        return "in Realm file \(file)" + (parts.isEmpty ? "" : ", " + parts.joined(separator: ", "))
    }

    /// The note naming the property path inside an object (the importer's value path).
    static func pathNote(_ path: JSONPath) -> String {
        "at property path \(path.isEmpty ? "/" : path.description)"
    }

    static func classNeeded(_ input: String) -> String {
        "'\(input)' is a Realm file: its objects name their own classes, and --class does not apply"
    }

    static func typedLink(_ className: String, _ property: String) -> String {
        "property '\(className).\(property)' is a typed link, which has no property type in this project's schemas"
    }

    static func untypedMixedLink(_ key: Int64) -> String {
        "a mixed value links to object key \(key) without naming its class, which cannot be imported"
    }

    static func unknownLinkTarget(_ table: String, _ key: Int64) -> String {
        "a link to object key \(key) of table '\(table)', which is not a class of the file"
    }

    static func danglingLink(_ className: String, _ key: Int64) -> String {
        "a link to object key \(key) of class '\(className)', which has no such object"
    }

    static func valueCount(_ className: String, have: Int, properties: Int) -> String {
        "an object of class '\(className)' has \(have) values for its \(properties) properties"
    }

    static let embeddedTooDeep = "embedded objects nest more than 100 levels deep (a link cycle in a damaged file?)"

    static func badTimestamp(_ seconds: Int64, _ nanoseconds: Int32) -> String {
        "a date of \(seconds) s and \(nanoseconds) ns has nanoseconds out of range"
    }

    static func badLength(_ type: String, _ count: Int) -> String {
        "a \(type) of \(count) bytes"
    }

    // MARK: Fitting a schema

    static func classMissing(_ className: String, file: String) -> String {
        "class '\(className)' of the Realm file '\(file)' is not in the schema"
    }

    static func propertyMissing(_ className: String, _ property: String, type: String) -> String {
        "property '\(className).\(property)' (\(type)) of the Realm file is not in the schema"
    }

    static func propertyType(_ className: String, _ property: String, file: String, schema: String) -> String {
        "property '\(className).\(property)' is '\(file)' in the Realm file but '\(schema)' in the schema"
    }

    static func primaryKey(_ className: String, file: String?, schema: String?) -> String {
        "class '\(className)' has primary key \(file.map { "'\($0)'" } ?? "none") in the Realm file but "
            + "\(schema.map { "'\($0)'" } ?? "none") in the schema"
    }

    static func kind(_ className: String, file: String, schema: String) -> String {
        "class '\(className)' is \(file) in the Realm file but \(schema) in the schema"
    }

    static func fitNote(_ file: String) -> String {
        "a Realm file must fit the schema it is imported with (--schema, or the store's): nothing of '\(file)' was read"
    }

    /// Printed once when a store's schema is taken from a Realm file that has backlinks.
    static func noLinkingObjects(_ file: String) -> String {
        "the schema was taken from '\(file)', which has backlinks: a Realm file keeps no linkingObjects "
            + "property names, so the store has none; give --schema to declare them"
    }

    static func kindName(_ kind: ModelKind) -> String {
        switch kind {
        case .object: "a top-level class"
        case .embedded: "embedded"
        case .asymmetric: "asymmetric"
        }
    }
}
