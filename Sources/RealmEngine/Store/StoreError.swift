/// The one error type of the store: what went wrong, in Realm's wording where Realm has one.
///
/// SQLite failures carry SQLite's message, the SQL text and the bound arguments; the
/// arguments may hold user data, so `description` prints them only when
/// `StoreError.showsArguments` is set.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for callers that react to some of them.
    public enum Code: Hashable, Sendable {
        case objectAlreadyExists
        case noPrimaryKey
        case embeddedCreatedDirectly
        case embeddedAlreadyOwned
        case primaryKeyModified
        case notInWriteTransaction
        case alreadyInWriteTransaction
        case maxNestingLevel
        case invalidDictionaryKey
        case invalidValue
        case unknownClass
        case unknownProperty
        case invalidatedObject
        case asymmetricQuery
        case migrationRequired
        case invalidSchemaVersion
        case invalidFile
        /// A SQLite result code (extended).
        case sqlite(Int32)
    }

    /// The kind of failure.
    public var code: Code
    /// The message, in Realm's wording where Realm has one (SQLite's message for SQLite errors).
    public var message: String
    /// The SQL that failed, for SQLite errors.
    public var sql: String?
    /// The failing statement with its bound arguments substituted (`sqlite3_expanded_sql`,
    /// cut at 4 KB); hidden from `description` unless `showsArguments` is true, since it may
    /// hold user data.
    public var arguments: String?
    /// Whether `description` includes `arguments`.
    public var showsArguments = false

    public init(_ code: Code, _ message: String, sql: String? = nil, arguments: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.arguments = arguments
    }

    public var description: String {
        var text = message
        if let sql { text += " (SQL: \(sql))" }
        if showsArguments, let arguments { text += " (with arguments: \(arguments))" }
        return text
    }
}

extension StoreError {
    static func objectAlreadyExists(_ className: String, _ key: String) -> StoreError {
        StoreError(.objectAlreadyExists,
                   "Attempting to create an object of type '\(className)' with an existing primary key value '\(key)'")
    }

    static func noPrimaryKey(_ className: String) -> StoreError {
        StoreError(.noPrimaryKey, "'\(className)' does not have a primary key and can not be updated")
    }

    static let embeddedCreatedDirectly = StoreError(.embeddedCreatedDirectly, "Embedded objects cannot be created directly")

    static let embeddedAlreadyOwned = StoreError(.embeddedAlreadyOwned, "Cannot set a link to an existing managed embedded object")

    package static func primaryKeyModified(_ className: String, _ property: String) -> StoreError {
        StoreError(.primaryKeyModified, "Cannot modify primary key after creation: '\(className).\(property)'")
    }

    static let notInWriteTransaction = StoreError(
        .notInWriteTransaction,
        "Can only add, remove, or create objects in a Realm in a write transaction - call beginWrite on a Store instance first.")

    static let alreadyInWriteTransaction = StoreError(.alreadyInWriteTransaction, "The Realm is already in a write transaction")

    static let maxNestingLevel = StoreError(.maxNestingLevel, "Max nesting level reached")

    static let keyContainsDot = StoreError(.invalidDictionaryKey, "Dictionary::insert: key must not contain '.'")

    static let keyStartsWithDollar = StoreError(.invalidDictionaryKey, "Dictionary::insert: key must not start with '$'")

    static func invalidValue(_ value: String, _ kind: String, for type: String, _ className: String, _ property: String) -> StoreError {
        StoreError(.invalidValue, "Invalid value '\(value)' of type '\(kind)' for \(type) property '\(className).\(property)'.")
    }

    static func unknownClass(_ name: String) -> StoreError {
        StoreError(.unknownClass, "Object type '\(name)' is not managed by the Realm.")
    }

    static func unknownProperty(_ className: String, _ property: String) -> StoreError {
        StoreError(.unknownProperty, "Property '\(property)' does not exist on object type '\(className)'.")
    }

    static let invalidatedObject = StoreError(.invalidatedObject, "Object has been deleted or invalidated.")

    static func asymmetricQuery(_ className: String) -> StoreError {
        StoreError(.asymmetricQuery, "Cannot query an asymmetric class: '\(className)' objects are write-only (outbox).")
    }

    package static func notAsymmetric(_ className: String) -> StoreError {
        StoreError(.invalidValue, "'\(className)' is not an asymmetric class and has no outbox")
    }

    static func invalidFile(_ path: String, _ reason: String) -> StoreError {
        StoreError(.invalidFile, "'\(path)' is not a realm-tools store: \(reason)")
    }
}

extension StoreError {
    /// Whether the error is about the data (reported at the object, exit 1) rather than the
    /// store file or SQLite (exit 2), for the importer.
    package var isInputProblem: Bool {
        switch code {
        case .sqlite, .invalidFile, .notInWriteTransaction, .alreadyInWriteTransaction, .migrationRequired,
             .invalidSchemaVersion, .unknownClass:
            false
        default:
            true
        }
    }
}
