import RealmEngine
import RealmSchema

/// Why an export stopped: a value JSON cannot carry losslessly, an option that does not fit the
/// store, an output that could not be written, or a store failure.
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Whether the cause is I/O or the store (exit status 2) rather than the request or the
    /// data (exit status 1).
    public var isIOFailure: Bool

    public init(_ message: String, isIOFailure: Bool = false) {
        self.message = message
        self.isIOFailure = isIOFailure
    }

    public var description: String { message }
}

/// The exporter's messages, one factory each.
package enum ExportMessages {
    /// The export output (a file, stdout) could not be opened, written or moved into place.
    package static func writeFailed(_ name: String, _ reason: String) -> String {
        "cannot write to \(name): \(reason)"
    }

    static func unknownClass(_ name: String, known: [String]) -> String {
        "the store has no class '\(name)'" + suggestion(name, known)
    }

    static func embeddedClass(_ name: String) -> String {
        "'\(name)' is an embedded class: its objects are exported inside their parents"
    }

    static func asymmetricClass(_ name: String) -> String {
        "'\(name)' is an asymmetric class: its objects are write-only; export them with --outbox"
    }

    static func notAsymmetric(_ name: String) -> String {
        StoreError.notAsymmetric(name).message
    }

    static func noAsymmetricClass() -> String {
        "the store has no asymmetric class, so there is no outbox to export"
    }

    static func outboxNeedsClass(_ names: [String]) -> String {
        "the store has several asymmetric classes (\(names.joined(separator: ", "))); name one with --class"
    }

    static func outboxOneClass(_ names: [String]) -> String {
        "--outbox exports one class at a time (NDJSON for one collection); got \(names.joined(separator: ", "))"
    }

    static func ndjsonNeedsOneClass(_ names: [String]) -> String {
        "--ndjson writes the objects of one class; name it with --class (one of \(names.joined(separator: ", ")))"
    }

    static func referencedClassMissing(_ property: String, target: String) -> String {
        "'\(property)' links to '\(target)', which has no primary key: its objects are exported once and referenced "
            + "by '$id', so '\(target)' must be exported too (add --class \(target), or drop --ndjson)"
    }

    static func dateOutOfRange(_ text: String) -> String {
        "the date \(text) s since 1970 is outside the years 0000-9999 and not a whole millisecond; "
            + "Extended JSON cannot carry it exactly"
    }

    static func ambiguousDictionary(_ keys: [String]) -> String {
        "a dictionary whose keys are all Extended JSON keywords (\(keys.joined(separator: ", "))) "
            + "would be read back as a typed value"
    }

    /// A data problem with the object it was found in: `Person {"$oid": …}.extra: …`.
    static func inObject(_ object: String, property: String, _ message: String) -> String {
        "\(object).\(property): \(message)"
    }

    /// The reason for a `$ref` that names no top-level class.
    static let referenceClassInvalid = "'$ref' must name a top-level class of the schema"

    /// The reason for a `$id` position that is not 1 or more.
    static let referenceIDInvalid = "'$id' must be a position of 1 or more"

    static func danglingLink(_ object: String) -> String {
        "a link points to \(object), which does not exist"
    }

    static func unknownStoredClass(_ name: String) -> String {
        "a link names the class '\(name)', which the schema does not have"
    }

    static func storeFailed(_ reason: String) -> String {
        "cannot read the store: \(reason)"
    }

    /// A class exported ahead into a temporary file (`ExportSpool`) could not be read back.
    static func spoolReadFailed(_ className: String, _ reason: String) -> String {
        "cannot read back the temporary file holding the objects of class '\(className)': \(reason)"
    }

    /// ", did you mean 'X'?" for a close match.
    private static func suggestion(_ name: String, _ known: [String]) -> String {
        let lowered = name.lowercased()
        guard let match = known.first(where: { $0.lowercased() == lowered }) else {
            return known.isEmpty ? "" : " (classes: \(known.joined(separator: ", ")))"
        }
        return "; " + Suggestion.didYouMean(match)
    }
}
