/// The writer's messages, one factory each (the reader's are in RealmFileMessages).
enum RealmWriterMessages {
    static func nodeTooLarge(_ count: Int) -> String {
        "a node of \(count) elements is more than a Realm node can count (16,777,215)"
    }

    static func blobTooLarge(_ size: Int) -> String {
        "a string or binary of \(size) bytes is larger than one Realm blob (16,777,200 bytes); Realm itself refuses values over 16 MB"
    }

    static func nullInRequired(_ type: String) -> String {
        "null given for a required \(type) property"
    }

    static func wrongValue(expected: String, found: RealmValue) -> String {
        "expected a value of type \(expected), found \(String(describing: found).prefix(80))"
    }

    static func negativeKey(_ key: Int64) -> String {
        "object key \(key) is negative; Realm keys of objects are 0 or more"
    }

    static func unknownLinkTarget(_ table: String) -> String {
        table.isEmpty ? "a link in a mixed value or dictionary must name its target class (RealmLink.tableName)"
            : "a link points to table '\(table)', which is not a class of the schema"
    }

    static func linkToMissingObject(_ table: String, _ key: Int64) -> String {
        "a link points to object key \(key) of '\(table)', which has no such object"
    }

    static let nestedSet = "a set nested in a mixed value: Realm (file format 24) nests only lists and dictionaries in mixed values"

    static func duplicateDictionaryKey(_ key: String) -> String {
        "dictionary key '\(key)' appears twice"
    }

    static func badDictionaryKey(_ key: String) -> String {
        "dictionary key '\(key)' is not allowed: Realm refuses keys that start with '$' or contain '.'"
    }

    static func duplicateSetElement(_ value: RealmValue) -> String {
        "a set holds \(String(describing: value).prefix(80)) twice; a Realm set of mixed values counts numbers "
            + "of equal value as one element whatever their types (1, 1.0 and decimal 1; NaN of any type)"
    }

    static let collectionInSet = "a list or dictionary in a set of mixed values: Realm nests collections only in mixed properties, lists and dictionaries, never in sets"

    static func unindexableValue(_ value: RealmValue) -> String {
        "a search index over \(String(describing: value).prefix(40)) is not written: indexes are written for int, bool, string, date, objectId and uuid properties"
    }

    static func unknownClass(_ name: String) -> String {
        "class '\(name)' is not in the schema given to the writer"
    }

    static func duplicateClass(_ name: String) -> String {
        "class '\(name)' appears twice in the schema"
    }

    static func badClassName(_ name: String) -> String {
        "class name '\(name)' is empty or longer than Realm's 57 bytes"
    }

    static func badPropertyName(_ cls: String, _ name: String) -> String {
        "property name '\(name)' of class '\(cls)' is empty, repeated or longer than Realm's 63 bytes"
    }

    static func badFullTextIndex(_ cls: String, _ property: String) -> String {
        "'\(cls).\(property)' cannot have a full-text index: Realm builds them on string properties that are not collections or primary keys"
    }

    static func typedLinkUnsupported(_ cls: String, _ property: String) -> String {
        "'\(cls).\(property)' is a typed-link column, which this writer does not write"
    }

    static func badIndex(_ cls: String, _ property: String) -> String {
        "'\(cls).\(property)' cannot be indexed: Realm indexes int, bool, string, date, objectId and uuid properties that are not collections"
    }

    static func badPrimaryKey(_ cls: String, _ property: String) -> String {
        "'\(cls).\(property)' cannot be the primary key: Realm's primary keys are int, string, objectId or uuid properties, not collections, and embedded classes have none"
    }

    static func unknownPrimaryKey(_ cls: String, _ property: String) -> String {
        "class '\(cls)' names primary key '\(property)', which is not one of its properties"
    }

    static func unknownTarget(_ cls: String, _ property: String, _ target: String) -> String {
        "'\(cls).\(property)' links to class '\(target)', which is not in the schema"
    }

    static func valueCount(_ cls: String, _ key: Int64, _ count: Int, _ expected: Int) -> String {
        "object \(key) of class '\(cls)' has \(count) values for \(expected) properties"
    }

    static func duplicateObjectKey(_ cls: String, _ key: Int64) -> String {
        "object key \(key) appears twice in class '\(cls)'"
    }

    static func duplicatePrimaryKey(_ cls: String, _ value: RealmValue) -> String {
        "primary key \(String(describing: value).prefix(80)) appears twice in class '\(cls)'"
    }

    static func embeddedOwners(_ cls: String, _ key: Int64, _ count: Int) -> String {
        "embedded object \(key) of class '\(cls)' is linked \(count) times; an embedded object has exactly one owner"
    }

    static func linkToWrongClass(_ expected: String, _ found: String) -> String {
        "a link of a property to '\(expected)' points into '\(found)'"
    }

    static func cannotCreate(_ path: String, _ reason: String) -> String {
        "cannot write '\(path)': \(reason)"
    }

    static func keysOutOfOrder(_ cls: String, _ key: Int64, _ previous: Int64) -> String {
        "object key \(key) of class '\(cls)' comes after key \(previous): a streamed class takes its objects in ascending key order"
    }

    static func backlinkCount(_ cls: String, _ key: Int64, _ count: Int, _ expected: Int) -> String {
        "object \(key) of class '\(cls)' has \(count) backlink lists for \(expected) backlink columns"
    }

    static func classWrittenTwice(_ cls: String) -> String {
        "class '\(cls)' is already written; a streamed file takes each class once"
    }

    static let noClassOpen = "no class is being written: call beginClass(_:) before add(_:)"

    static func classStillOpen(_ cls: String) -> String {
        "class '\(cls)' is still being written: call endClass() first"
    }

    static let writerFinished = "the file is already finished"

    static func unknownMixedLink(_ cls: String, _ property: String, _ target: String) -> String {
        "a mixed link column from '\(cls).\(property)' to '\(target)' names a class or property that is not in the schema, or a property that is not mixed"
    }
}
