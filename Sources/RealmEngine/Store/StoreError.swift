import Foundation
import RealmSchema

/// The one error type of the store: what went wrong, in Realm's wording where Realm has one.
///
/// Every store error is made by one of the factories below (and every trap of the engine
/// takes its text from `StoreError.Trap`), so each message is written once; the Swift API
/// adds its own in `RealmMessages`.
///
/// SQLite failures say what failed in the project's words and what to do; SQLite's message,
/// the SQL text and the bound arguments are kept as fields for programs (`sqliteMessage`,
/// `sql`, `arguments`) and never printed: `description` is the message (with the arguments,
/// which may hold user data, only when `StoreError.showsArguments` is set).
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
        /// A write to, or a transaction on, a frozen store.
        case frozenRealm
        /// A SQLite result code (extended).
        case sqlite(Int32)
    }

    /// The kind of failure.
    public var code: Code
    /// The message, in Realm's wording where Realm has one (the project's words for SQLite
    /// errors, whose own message is `sqliteMessage`).
    public var message: String
    /// The SQL that failed, for SQLite errors.
    public var sql: String?
    /// The failing statement with its bound arguments substituted (`sqlite3_expanded_sql`,
    /// cut at 4 KB); hidden from `description` unless `showsArguments` is true, since it may
    /// hold user data.
    public var arguments: String?
    /// SQLite's own message, for SQLite errors: a detail for programs, never shown.
    public var sqliteMessage: String?
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
        if showsArguments, let arguments { text += " (with arguments: \(arguments))" }
        return text
    }
}

// MARK: Objects and properties

extension StoreError {
    static func objectAlreadyExists(_ className: String, _ key: String) -> StoreError {
        StoreError(.objectAlreadyExists,
                   "Attempting to create an object of type '\(className)' with an existing primary key value '\(key)'")
    }

    package static func noPrimaryKey(_ className: String) -> StoreError {
        StoreError(.noPrimaryKey, noPrimaryKeyText(className) + " and can not be updated")
    }

    /// `'C' does not have a primary key`: the start of `noPrimaryKey`, and the Swift API's
    /// message for a primary-key lookup on such a class.
    package static func noPrimaryKeyText(_ className: String) -> String {
        "'\(className)' does not have a primary key"
    }

    package static let embeddedCreatedDirectly = StoreError(.embeddedCreatedDirectly, "Embedded objects cannot be created directly")

    static let embeddedAlreadyOwned = StoreError(.embeddedAlreadyOwned, "Cannot set a link to an existing managed embedded object")

    package static func primaryKeyModified(_ className: String, _ property: String) -> StoreError {
        StoreError(.primaryKeyModified, "Cannot modify primary key after creation: '\(className).\(property)'")
    }

    static func asymmetricUpdate(_ className: String) -> StoreError {
        StoreError(.invalidValue, "Asymmetric objects of type '\(className)' can only be created, not updated")
    }

    package static func invalidValue(_ value: String, _ kind: String, for type: String, _ className: String,
                                     _ property: String) -> StoreError {
        StoreError(.invalidValue, "Invalid value '\(value)' of type '\(kind)' for \(type) property '\(className).\(property)'.")
    }

    /// An object given as a value that is neither a dictionary, an array nor an object of the
    /// class (`missing key` names the class's first property).
    package static func missingKey(_ value: String, _ className: String, _ property: String) -> StoreError {
        StoreError(.invalidValue, "Invalid value '\(value)' to initialize object of type '\(className)': missing key '\(property)'")
    }

    /// `invalidValue` for a value the store cannot put in `property` (null shows as `<null>`).
    static func invalidValue(_ value: StoreValue, for property: PropertyInfo) -> StoreError {
        invalidValue(value.isNull ? "<null>" : value.description, value.typeName, for: property.typeDescription,
                     property.className, property.name)
    }

    /// A List, MutableSet or Map input that is neither a collection nor null.
    static func notEnumerable(_ value: StoreValue, for property: PropertyInfo) -> StoreError {
        StoreError(.invalidValue, "Invalid value (\(value)) for \(property.typeDescription) property "
            + "'\(property.className).\(property.name)': value is not enumerable.")
    }

    package static func unknownClass(_ name: String) -> StoreError {
        StoreError(.unknownClass, "Object type '\(name)' is not managed by the Realm.")
    }

    package static func unknownProperty(_ className: String, _ property: String) -> StoreError {
        StoreError(.unknownProperty, "Property '\(property)' does not exist on object type '\(className)'.")
    }

    package static let invalidatedObject = StoreError(.invalidatedObject, "Object has been deleted or invalidated.")
}

// MARK: Collections and mixed values

extension StoreError {
    /// `Property 'C.p' is not a list` (or set, map; `collection` when no kind is asked for).
    static func notCollection(_ className: String, _ property: String, _ kind: CollectionKind?) -> StoreError {
        StoreError(.invalidValue, "Property '\(className).\(property)' is not a \(kind?.rawValue ?? "collection")")
    }

    static func indexOutOfBounds(_ index: Int, count: Int, _ className: String, _ property: String) -> StoreError {
        StoreError(.invalidValue, "Index \(index) is out of bounds (must be less than \(count)) for '\(className).\(property)'.")
    }

    package static let maxNestingLevel = StoreError(.maxNestingLevel, "Max nesting level reached")

    package static let keyContainsDot = StoreError(.invalidDictionaryKey, "Dictionary::insert: key must not contain '.'")

    package static let keyStartsWithDollar = StoreError(.invalidDictionaryKey, "Dictionary::insert: key must not start with '$'")
}

// MARK: Transactions, queries, the outbox

extension StoreError {
    static let notInWriteTransaction = StoreError(.notInWriteTransaction, notInWriteTransactionText(call: "beginWrite on a Store instance"))

    /// Realm's text for a change outside a write transaction, naming the `call` that begins one.
    package static func notInWriteTransactionText(call: String) -> String {
        "Can only add, remove, or create objects in a Realm in a write transaction - call \(call) first."
    }

    static let alreadyInWriteTransaction = StoreError(.alreadyInWriteTransaction, "The Realm is already in a write transaction")

    /// A write transaction on a frozen store (Realm's words).
    package static let frozenTransaction = StoreError(.frozenRealm, "Can't perform transactions on a frozen Realm")

    /// A snapshot asked of a store inside a write transaction or not pinning versions.
    static let freezeOutsideRead = StoreError(.frozenRealm, "Cannot freeze a Realm inside a write transaction or without a pinned version.")

    static func asymmetricQuery(_ className: String) -> StoreError {
        StoreError(.asymmetricQuery, "Cannot query an asymmetric class: '\(className)' objects are write-only (outbox).")
    }

    package static func notAsymmetric(_ className: String) -> StoreError {
        StoreError(.invalidValue, "'\(className)' is not an asymmetric class and has no outbox")
    }

    static let mapSubscriptNotString = StoreError(.invalidValue, "a map subscript must be a string")
}

// MARK: Value types

extension StoreError {
    static func notDecimal128(_ string: String) -> StoreError {
        StoreError(.invalidValue, "Cannot convert value '\(string)' of type 'String' to decimal128")
    }

    static func notObjectId(_ string: String) -> StoreError {
        StoreError(.invalidValue, "Invalid Object ID string '\(string)': must be 24 hex digits")
    }
}

// MARK: Creating a store (StoreCreation.swift)

extension StoreError {
    static func halfCreated(_ path: String) -> StoreError {
        StoreError(.invalidFile, "'\(path)' was left half-created by an interrupted import; run the import again with --schema to create it")
    }

    static func createdMeanwhile(_ path: String) -> StoreError {
        StoreError(.invalidFile, "'\(path)' was created by another process during this import; the new store was discarded")
    }

    static func creationStillOpen(_ path: String) -> StoreError {
        StoreError(.invalidFile, "the new store for '\(path)' is still open; it was discarded")
    }

    /// `reason` is the system's text for the failure (`strerror`).
    static func creationFailed(_ path: String, reason: String) -> StoreError {
        StoreError(.invalidFile, "cannot create '\(path)': \(reason)")
    }
}

// MARK: Schemas and migrations

extension StoreError {
    static func migrationRequired(_ differences: [String]) -> StoreError {
        StoreError(.migrationRequired, "Migration is required due to the following errors:\n- " + differences.joined(separator: "\n- "))
    }

    static func schemaVersionDecreased(to new: UInt64, from old: UInt64) -> StoreError {
        StoreError(.invalidSchemaVersion, "Provided schema version \(new) is less than last set version \(old).")
    }

    static let unreadableSchema = StoreError(.invalidFile, "The stored schema cannot be read.")

    static let malformedSchemaModel = StoreError(.invalidFile, "The stored schema has a malformed model.")

    static let malformedSchemaProperty = StoreError(.invalidFile, "The stored schema has a malformed property.")

    static func unknownSchemaType(_ typeName: String) -> StoreError {
        StoreError(.invalidFile, "The stored schema has an unknown type '\(typeName)'.")
    }

    static let malformedSchemaValue = StoreError(.invalidFile, "The stored schema has a malformed value.")
}

// MARK: The file and SQLite

extension StoreError {
    /// `<path>: not a realm-tools store (<reason>)`: the file is something else, and was left
    /// as it was.
    private static func invalidFile(_ path: String, _ reason: String) -> StoreError {
        StoreError(.invalidFile, "\(path): not a realm-tools store (\(reason))")
    }

    static func noSuchFile(_ path: String) -> StoreError {
        StoreError(.invalidFile, "\(path): no such file")
    }

    static func unreadableFile(_ path: String) -> StoreError {
        StoreError(.invalidFile, "\(path): the file cannot be read")
    }

    /// A directory, named pipe, socket or device given as a store (`kind` says which).
    static func notARegularFile(_ path: String, _ kind: String) -> StoreError {
        invalidFile(path, kind + "; a store is a regular file")
    }

    static func emptyFile(_ path: String) -> StoreError {
        invalidFile(path, "an empty file")
    }

    static func notSQLite(_ path: String) -> StoreError {
        invalidFile(path, "not an SQLite database")
    }

    /// Another application's SQLite database (no `_realm_meta` table).
    static func foreignDatabase(_ path: String) -> StoreError {
        invalidFile(path, "an SQLite database without realm-tools' schema table")
    }

    static func noStoredSchema(_ path: String) -> StoreError {
        invalidFile(path, "its schema table holds no schema")
    }

    static func classWithoutID(_ path: String, _ className: String) -> StoreError {
        invalidFile(path, "class '\(className)' has no id")
    }

    static func unknownMixedTag(_ path: String, _ tag: Int64) -> StoreError {
        invalidFile(path, "a mixed value has the unknown type tag \(tag)")
    }

    static func malformedStoredValue(_ path: String, _ typeName: String) -> StoreError {
        invalidFile(path, "a stored '\(typeName)' value is malformed")
    }

    /// A store another process is creating (a `realm-import` holding its bulk load), after
    /// waiting `waitedSeconds` for it when given.
    static func beingCreated(_ path: String, waitedSeconds: Int? = nil) -> StoreError {
        StoreError(.sqlite(SQLiteCode.busy), "\(path) is being created by another process"
            + (waitedSeconds.map { " (gave up after waiting \($0) s)" } ?? ""))
    }

    /// Another process held the write lock for longer than the store waits.
    static func busy(_ path: String, waitedSeconds: Int, code: Int32) -> StoreError {
        StoreError(.sqlite(code), "\(path) \(busyPhrase) (gave up after waiting \(waitedSeconds) s)")
    }

    /// The words of `busy` after the path: how a tool's stderr shows that it gave up waiting for
    /// another process's write lock (`realm-soak` counts those runs as not committed).
    package static let busyPhrase = "is busy: another process is writing to it"

    /// The notice printed while waiting for another process's write to end.
    package static func waitingNotice(_ path: String) -> String {
        "waiting for \(path): another process is writing to it\u{2026}"
    }

    /// SQLite could not open `path`: `code` and the system's `errno` (0: none) say why, in the
    /// project's words for a damaged, read-only or full store; else the system's words for the
    /// failure (`strerror`), never SQLite's. `reason` is SQLite's message (nil: it had no memory
    /// for one), kept as a detail.
    static func unableToOpen(_ path: String, code: Int32, systemError: Int32 = 0, _ reason: String?) -> StoreError {
        let kind = code & 0xFF
        var error = if [SQLiteCode.corrupt, SQLiteCode.notADatabase, SQLiteCode.readOnly, SQLiteCode.full].contains(kind) {
            StoreError(.sqlite(code), "\(path): " + sqliteText(code))
        } else {
            StoreError(.sqlite(code), "\(path): the file cannot be opened" + (systemError == 0 ? "" : " (\(String(cString: strerror(systemError))))"))
        }
        error.sqliteMessage = reason ?? "out of memory"
        return error
    }

    /// A store `PRAGMA quick_check` found damaged (`Store.checkedForDamage`).
    package static let damaged = StoreError(.sqlite(SQLiteCode.corrupt), sqliteText(SQLiteCode.corrupt))

    /// A store whose file or directory cannot be written, refused before SQLite opens it for
    /// writing (docs/store-file.md, "Reading only").
    static func readOnlyStore(_ path: String) -> StoreError {
        StoreError(.sqlite(SQLiteCode.readOnly), "\(path): " + sqliteText(SQLiteCode.readOnly))
    }

    /// A SQLite failure in the project's words for its kind (`code`, extended) and the
    /// operation `sql` ran; SQLite's own message, the failing SQL and, when known, the
    /// statement with its bound arguments are kept as details, never shown.
    static func sqliteFailure(_ code: Int32, _ message: String, sql: String, arguments: String? = nil) -> StoreError {
        var error = StoreError(.sqlite(code), sqliteText(code, sql: sql), sql: sql, arguments: arguments)
        error.sqliteMessage = message
        return error
    }

    /// What a SQLite result code means for a store, in the project's words, with what to do;
    /// a kind without words of its own names the operation `sql` is (docs/store-file.md,
    /// "SQLite's words").
    private static func sqliteText(_ code: Int32, sql: String = "") -> String {
        switch code & 0xFF {
        case SQLiteCode.busy, SQLiteCode.locked: "the store is busy: another connection is writing to it"
        case SQLiteCode.readOnly:
            "the store cannot be written (its file, directory or mount is read-only); nothing was written to it"
        case SQLiteCode.corrupt, SQLiteCode.notADatabase:
            "the store is damaged (SQLite found malformed pages in its file); restore it from a backup, "
                + "or import its data again into a new store"
        case SQLiteCode.full: "the disk is full; free some space and run it again (the store is as it was before)"
        case SQLiteCode.ioError: "\(operation(sql)) the store file failed: an I/O error"
        case SQLiteCode.noMemory: "out of memory"
        case SQLiteCode.cantOpen: "the store file cannot be opened"
        default: "\(operation(sql)) the store failed (SQLite result code \(code))"
        }
    }

    /// What the statement `sql` does to the store, in words: "reading", "writing", …
    private static func operation(_ sql: String) -> String {
        let verb = sql.prefix { $0.isLetter }.uppercased()
        switch verb {
        case "SELECT", "WITH": return "reading"
        case "INSERT", "UPDATE", "DELETE", "REPLACE": return "writing"
        case "COMMIT", "END", "RELEASE": return "committing to"
        case "BEGIN", "SAVEPOINT": return "starting a transaction on"
        case "ROLLBACK": return "rolling back a transaction on"
        case "CREATE", "DROP", "ALTER": return "changing the tables of"
        default: return "working on"
        }
    }
}

/// The SQLite primary result codes the messages above tell apart (sqlite3.h).
package enum SQLiteCode {
    package static let permission: Int32 = 3
    package static let busy: Int32 = 5
    package static let locked: Int32 = 6
    package static let noMemory: Int32 = 7
    package static let readOnly: Int32 = 8
    package static let ioError: Int32 = 10
    package static let corrupt: Int32 = 11
    package static let full: Int32 = 13
    package static let cantOpen: Int32 = 14
    package static let notADatabase: Int32 = 26
}

// MARK: Kinds

extension StoreError {
    /// Whether the error is about the data (reported at the object, exit 1) rather than the
    /// store file or SQLite (exit 2), for the importer.
    package var isInputProblem: Bool {
        switch code {
        case .sqlite, .invalidFile, .notInWriteTransaction, .alreadyInWriteTransaction, .migrationRequired, .frozenRealm,
             .invalidSchemaVersion, .unknownClass:
            false
        default:
            true
        }
    }
}

// MARK: Traps

extension StoreError {
    /// The texts of the engine's traps: misuse of its internal or `package` API, which no input
    /// can cause, so they stop the program instead of throwing.
    enum Trap {
        static let pageCacheSize = "the page cache needs a positive size"
        static let bulkLoadStart = "a bulk load starts outside a write transaction"
        static let bulkLoadEnd = "a bulk load ends after its write transaction"
        static let creationFinished = "a store creation is published or abandoned once"
        static let singleValuedFrame = "a single-valued path produced a multi-valued frame"
        static let allBacklinksRows = "@links.@count is compiled by count(_:)"
        static let variableOutsideSubquery = "SUBQUERY variable outside its SUBQUERY"
        static let geoWithinNeedsLink = "GEOWITHIN compiled on a value that is not a link"
        static let nanosecondsOutOfRange = "nanoseconds out of range"
        static let elementRowsLeftOver = "collection rows were announced but not all appended"

        /// `function` (reading or writing a collection) was given a single-valued property.
        static func singleValued(_ function: String) -> String {
            "\(function) on a single-valued property"
        }

        /// `FieldsByPosition` built for another schema than the store's.
        static func fieldsOfAnotherSchema(_ className: String) -> String {
            "fields of another schema for '\(className)'"
        }
    }
}
