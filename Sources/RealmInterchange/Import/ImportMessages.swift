import RealmEngine
import RealmFormats
import RealmSchema

/// Every message `realm-import` prints about objects, references and the run. Realm's own
/// wording where Realm has one (docs/json-typing.md, docs/map-keys.md); value-level messages come from
/// `JSONMessages+Values.swift`.
enum ImportMessages {
    // MARK: Realm's texts

    /// Realm core's text for a new object without a required value.
    static func missingValue(_ className: String, _ property: String) -> String {
        "Missing value for property '\(className).\(property)'"
    }

    /// `Invalid value (1) for 'int' array property 'L.xs': value is not enumerable.`
    static func notEnumerable(_ value: String, type: DeclaredType, property: String) -> String {
        let word = type.collection == .map ? "dictionary" : type.collection == .set ? "set" : "array"
        return "Invalid value (\(value)) for '\(type.base.yamlName)\(type.isOptional ? "?" : "")' \(word) property "
            + "'\(property)': \(notEnumerableReason)."
    }

    static let notEnumerableReason = "value is not enumerable"

    /// Realm's text for a scalar given where an object without a primary key is expected.
    static func notAnObjectInitializer(_ value: String, className: String, firstProperty: String?) -> String {
        StoreError.missingKey(value, className, firstProperty ?? "").message
    }

    /// Realm's text for an upsert of a class without a primary key.
    static func noPrimaryKey(_ className: String) -> String {
        StoreError.noPrimaryKey(className).message
    }

    static func embeddedCreatedDirectly(_ className: String) -> String {
        StoreError.embeddedCreatedDirectly.message + " (class '\(className)' is embedded; nest it in its parent)"
    }

    // MARK: References

    /// The reason added to `Invalid value …` when a link value is neither a nested object nor
    /// the target's primary key.
    static func notAReference(target: String, primaryKey: PropertySchema?) -> String {
        guard let primaryKey else { return "expected a nested '\(target)' object" }
        return "expected a nested '\(target)' object or its primary key '\(primaryKey.name)' (\(primaryKey.type.base.yamlName))"
    }

    static func unresolvedReference(_ className: String, key: String, property: String) -> String {
        "Unresolved reference: no object of type '\(className)' with primary key value '\(key)' is stored or in the input "
            + "(referenced by '\(property)')"
    }

    /// A `$ref` whose `$id` names no object of a class without a primary key in this run.
    static func unresolvedObjectID(_ className: String, id: Int64, property: String) -> String {
        "Unresolved reference: no object of type '\(className)' with '$id' \(id) is in the input (referenced by "
            + "'\(property)'; objects without a primary key are referenced within one import run)"
    }

    static func duplicateObjectID(_ className: String, id: Int64) -> String {
        "Duplicate '$id' \(id) for type '\(className)': an earlier object of the input has it"
    }

    /// The reason added to `Invalid value …` for a `$ref` naming another class than the link's.
    static func referenceClassMismatch(_ className: String, target: String) -> String {
        "'$ref' names '\(className)', but the property links to '\(target)'"
    }

    /// The reason added to `Invalid value …` for a `$ref` naming an asymmetric class.
    static func referenceToAsymmetric(_ className: String) -> String {
        "'\(className)' is asymmetric: its objects go to the outbox and cannot be linked to"
    }

    // MARK: Keys

    /// `suggestion`: the field a key differing only in letter case meant (`ImportClassPlan.fieldName(ignoringCase:)`).
    static func unknownKey(_ key: String, className: String, suggestion: String?) -> String {
        "Unknown property '\(key)' for type '\(className)': the key is ignored" + didYouMean(suggestion)
    }

    static func unknownKeyRejected(_ key: String, className: String, suggestion: String?) -> String {
        "Unknown property '\(key)' for type '\(className)' (--reject-unknown)" + didYouMean(suggestion)
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; " + Suggestion.didYouMean($0) } ?? ""
    }

    static func linkingObjectsKey(_ key: String, className: String) -> String {
        "Property '\(className).\(key)' is linkingObjects, computed from the links that point here; the key is ignored"
    }

    /// The hint of a missing property with `mapTo`: the keys that give it.
    static func fieldNames(_ stored: String, alias: String) -> String {
        "its field is '\(stored)' (the stored name, mapTo) or '\(alias)'"
    }

    static func namedTwice(_ property: String, stored: String, alias: String) -> String {
        "Property '\(property)' is given twice, as '\(stored)' (its stored name, mapTo) and as '\(alias)'; give one of them"
    }

    static func notInEnum(_ values: [SchemaValue]) -> String {
        let listed = values.map { value -> String in
            switch value {
            case .string(let text): "'\(text)'"
            case .int(let number): String(number)
            default: ""
            }
        }
        return "not one of the enum values " + listed.joined(separator: ", ")
    }

    static let setOfCollections = "a set cannot hold a list or a dictionary"

    static let givenTwiceUseUpsert = "the input gives this object more than once, and its first copy was created earlier "
        + "in this run; --mode upsert loads such input, each later copy updating the object"

    // MARK: The run

    static func classMismatch(input: String, option: String) -> String {
        "the input holds objects of class '\(input)' but --class names '\(option)'"
    }

    static func summaryLine(_ className: String, _ counts: ImportSummary.Counts) -> String {
        "\(className): \(counts.created) created, \(counts.updated) updated, \(counts.unchanged) unchanged, "
            + Plural.counted(counts.warnings, "warning")
    }

    static func importDone(objects: Int, documents: Int) -> String {
        "imported \(Plural.counted(objects, "object")) from \(Plural.counted(documents, "document"))"
    }

    static func dryRunDone(objects: Int, documents: Int) -> String {
        "dry run: \(Plural.counted(objects, "object")) from \(Plural.counted(documents, "document")) are valid; nothing was written"
    }

    static func failedRun(errors: Int, stoppedEarly: Bool) -> String {
        "\(Plural.counted(errors, "error")); nothing was written" + (stoppedEarly ? " (stopped at --max-errors)" : "")
    }

    /// Texts of preconditions (programming errors, never input problems).
    enum Trap {
        static let streamedNestedValue = "a value left out of a document's tree belongs to its root object"
    }
}
