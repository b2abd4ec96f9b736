import RealmEngine
import RealmSchema

/// Realm's error messages for the typed API, and the trap used where Swift cannot throw
/// (property and subscript setters), as Realm does.
///
/// Errors the API throws are `StoreError`s. Where the API says what the store says, the text
/// comes from `StoreError`; the texts below are the API's own, each written once.
///
/// For example:
///
///     do { try realm.write { realm.add(duplicate) } } catch let error as StoreError { print(error.message) }
public enum RealmMessages {
    // MARK: Errors

    static let otherRealm = StoreError(.invalidValue, "Object is already managed by another Realm. Use create instead to copy it into this Realm.")
    static let addInvalidated = StoreError(.invalidatedObject, "Adding a deleted or invalidated object to a Realm is not permitted")
    static let deleteUnmanaged = StoreError(.invalidValue, "Can only delete an object from the Realm it belongs to.")

    static func tooManyValues(_ count: Int, _ properties: Int) -> StoreError {
        StoreError(.invalidValue, "Invalid array input: more values (\(count)) than properties (\(properties)).")
    }

    /// The store's `missingKey` for a Swift value (nil shows as `<null>`).
    static func missingKey(_ value: Any?, _ className: String, _ property: String) -> StoreError {
        StoreError.missingKey("\(value ?? "<null>")", className, property)
    }

    /// The store's `invalidValue` text for a Swift value, naming its Swift type (nil shows as
    /// `(null)`, of type `String`), for a property of schema type `typeName` (`int?`, `Dog[]`).
    static func invalidValue(_ value: Any?, for typeName: String, _ className: String, _ property: String) -> StoreError {
        let shown = value ?? "(null)"
        return StoreError.invalidValue("\(shown)", "\(Swift.type(of: shown))", for: "'\(typeName)'", className, property)
    }

    /// A model type a read-only Realm's file does not hold (it cannot be added).
    static func readOnlyWithoutModel(_ className: String, _ path: String) -> StoreError {
        StoreError(.migrationRequired, "Cannot open '\(path)' read-only with the model '\(className)': the file does not hold it, and a read-only Realm cannot add it")
    }

    static func otherReadPermissions(_ path: String) -> String {
        "Realm at path '\(path)' already opened with different read permissions."
    }

    static func deleteOpenFiles(_ path: String) -> String {
        "Cannot delete files of an open Realm: '\(path)' is still in use."
    }

    static func cannotDelete(_ path: String) -> String {
        "Cannot delete '\(path)'"
    }

    /// `writeCopy` to a file that exists, in Realm core's words.
    static func copyTargetExists(_ path: String) -> String {
        "File at path '\(path)' already exists"
    }

    /// `writeCopy(toFile:encryptionKey:)` with a key: stores are never encrypted.
    static let noEncryption = "Encryption is not supported: realm-tools stores are not encrypted, so the encryption key must be nil."

    /// `writeCopy(configuration:)` with an in-memory configuration.
    static let copyToMemory = "Cannot write a copy of a Realm to an in-memory Realm: give the configuration a fileURL."

    // MARK: Trap texts

    static let readOnlyTransaction = "Can't perform transactions on read-only Realms."

    /// The call that begins a write transaction, as Realm's messages name it.
    private static let beginWriteCall = "beginWriteTransaction on an RLMRealm instance"

    static let notInWriteTransaction = StoreError.notInWriteTransactionText(call: beginWriteCall)
    static let modifyOutsideWrite = "Attempting to modify object outside of a write transaction - call \(beginWriteCall) first."
    static let listOutsideWrite = collectionOutsideWrite("RLMArray")
    static let setOutsideWrite = collectionOutsideWrite("RLMSet")
    static let mapOutsideWrite = collectionOutsideWrite("RLMDictionary")

    private static func collectionOutsideWrite(_ collection: String) -> String {
        "Cannot modify managed \(collection) outside of a write transaction."
    }

    // Threads and frozen snapshots (Realm's words, except `freezeInWrite`).
    static let wrongThread = "Realm accessed from incorrect thread."
    static let openedOffQueue = "Realm opened from incorrect dispatch queue."
    /// An object of an iteration asked for a row its statement had left: the iteration's own
    /// bookkeeping failed (objects copy their row before the statement moves on).
    static let rowLeft = "Internal error: an object made by iterating a collection read a row the iteration had moved past."
    static let asyncWriteNeedsActor = "asyncWrite() can only be called on main thread or actor-isolated Realms"
    static let asyncRefreshNeedsActor = "asyncRefresh() can only be called on main thread or actor-isolated Realms"
    static let frozenObject = "Attempting to modify a frozen object - call thaw on the Object instance first."
    static var frozenTransaction: String { StoreError.frozenTransaction.message }
    static let frozenAutorefresh = "Auto-refresh cannot be enabled for frozen Realms."
    static let freezeInWrite = "Cannot freeze a Realm, object or collection during a write transaction."
    static let referenceToValueResults = "Cannot construct reference to Results of primitive values; pass the values themselves"
    static let freezeUnmanagedCollection = "This method may only be called on managed collections (added to a Realm); unmanaged ones can be passed across threads directly."
    static let freezeUnmanaged = "Unmanaged objects cannot be frozen or thawed; they can be passed across threads directly."
    static let referenceToUnmanaged = "Cannot construct reference to unmanaged object, which can be passed across threads directly"
    static let referenceToInvalidated = "Cannot construct reference to invalidated object"
    static let resolvedTwice = "Can only resolve a thread safe reference once."
    static let threadSafeUnmanaged = "Only managed objects may be wrapped as thread safe."

    static var invalidatedObject: String { StoreError.invalidatedObject.message }
    static let invalidatedResults = "Access to invalidated Results objects"
    static let unmanagedCollectionQuery = "This method may only be called on managed collections (added to a Realm)"

    static func indexOutOfBounds(_ index: Int, _ count: Int) -> String {
        "Index \(index) is out of bounds (must be less than \(count))."
    }

    static func unknownClass(_ className: String) -> String {
        StoreError.unknownClass(className).message
    }

    static func noPrimaryKey(_ className: String) -> String {
        StoreError.noPrimaryKeyText(className)
    }

    static func unsupportedQueryArgument(_ argument: Any) -> String {
        "Unsupported query argument '\(argument)' of type \(type(of: argument))"
    }

    static let createEmbedded = "Embedded objects cannot be created directly"

    static func migrationOldObjectReadOnly(_ className: String) -> String {
        "Cannot modify the old object of '\(className)' in a migration: it is read-only; set the new object's properties."
    }

    static func unmanagedSort(_ objcName: String) -> String {
        "This method may only be called on \(objcName) instances retrieved from an RLMRealm"
    }

    static let deleteInvalidated = StoreError(.invalidatedObject, "Object has been deleted or invalidated.")

    static func seedMissing(_ seed: String) -> String {
        "The seed file '\(seed)' does not exist or cannot be read."
    }

    static func seedIsRealmFile(_ seed: String) -> String {
        "The seed file '\(seed)' is a Realm file of a Realm SDK, not a realm-tools store: turn it into one with `realm-import --store STORE --schema SCHEMA \(seed)` and bundle that."
    }

    static func seedNotAStore(_ seed: String) -> String {
        "The seed file '\(seed)' is not a realm-tools store."
    }

    static func seedNotCopied(_ seed: String, _ path: String) -> String {
        "Could not copy the seed file '\(seed)' to '\(path)'."
    }

    static func noSuchPrimaryKey(_ name: String, _ className: String) -> String {
        "Primary key property '\(name)' does not exist on object '\(className)'"
    }

    static func notAPrimaryKeyType(_ name: String, _ className: String) -> String {
        "Property '\(name)' cannot be made the primary key of '\(className)' because it is not a 'string', 'int', 'objectId', or 'uuid' property."
    }

    static func notDecimal128(_ value: Any) -> String {
        "Cannot convert value '\(value)' of type '\(type(of: value))' to decimal128"
    }

    static func removeMoreThanCount(_ number: Int, _ count: Int) -> String {
        "It is not possible to remove more objects (\(number)) from a list than it already contains (\(count))."
    }

    static let negativeIndex = "Cannot pass a negative value for 'index'."

    static func invalidPropertyName(_ name: String, _ className: String) -> String {
        "Invalid property name '\(name)' for class '\(className)'."
    }

    /// A stored value a `FailableCustomPersistable` type cannot be made from, read into a
    /// non-optional property.
    static func notConvertible(_ persisted: Any, to type: Any.Type) -> String {
        "Failed to convert persisted value '\(persisted)' to type '\(type)' in a non-optional context."
    }

    /// A `where {}` comparison with a custom type stored as an object.
    static func unknownGeoShape(_ type: Any.Type) -> String {
        "'\(type)' is not a shape a geoWithin query can use; use GeoBox, GeoCircle or GeoPolygon"
    }
    static func customObjectInQuery(_ type: Any.Type) -> String {
        "Cannot compare '\(type)' values in a query: they are stored as objects. Compare their properties through 'persistableValue' instead."
    }

    /// A `where {}` comparison with a custom type stored as an object that has a collection
    /// member, which cannot be compared member by member.
    static func customObjectWithCollectionInQuery(_ type: Any.Type, _ member: String) -> String {
        "Cannot compare '\(type)' values in a query: their member '\(member)' is a collection. Compare their properties through 'persistableValue' instead."
    }

    /// A failable custom type without a value for its persisted type's default.
    static func noCustomDefault(_ type: Any.Type, _ persistedType: Any.Type) -> String {
        "Failed to default construct a \(type) using the default value for persisted type \(persistedType). "
            + "This conversion must either succeed, the property must be optional, or you must explicitly specify a default value for the property."
    }

    /// `dynamicList`, `dynamicMutableSet` or `dynamicMap` of a property of another kind.
    static func notDynamicCollection(_ name: String, _ className: String, _ kind: CollectionKind) -> String {
        let wanted = switch kind {
        case .list: "a List"
        case .set: "a MutableSet"
        default: "a Map"
        }
        return "Property '\(name)' of class '\(className)' is not \(wanted) of objects."
    }

    static func unsupportedOperator(_ keyPath: String) -> String {
        "Unsupported KVC collection operator found in key path '\(keyPath)'"
    }

    static func operatorNeedsPath(_ keyPath: String) -> String {
        "Missing key path to the right of the collection operator in '\(keyPath)'"
    }

    static func operatorTakesNoPath(_ keyPath: String) -> String {
        "The collection operator '@count' takes no key path after it, in '\(keyPath)'"
    }

    static func linkingObjectsSet(_ className: String, _ property: String) -> String {
        "LinkingObjects property '\(className).\(property)' cannot be set"
    }

    /// A stored value a property of Swift type `type` cannot hold.
    static func invalidStoredValue(_ value: StoreValue, of type: Any.Type) -> String {
        invalidStoredValue(value, for: "a property of type '\(type)'")
    }

    /// A stored value that is not a link to an object of `className`.
    static func invalidStoredLink(_ value: StoreValue, to className: String) -> String {
        invalidStoredValue(value, for: "a link to '\(className)'")
    }

    private static func invalidStoredValue(_ value: StoreValue, for holder: String) -> String {
        "Invalid stored value '\(value)' for \(holder)"
    }

    static func noCases(_ type: Any.Type) -> String {
        "'\(type)' has no cases"
    }

    static func notACase(_ value: StoreValue, of type: Any.Type) -> String {
        "'\(value)' is not a valid value for '\(type)'"
    }

    /// A model class without a single `@Persisted` property (Realm Swift's words).
    static func noPersistedProperties(_ className: String) -> String {
        "No properties are defined for '\(className)'. Did you remember to mark them with '@Persisted' in your model?"
    }

    static func notPersisted(_ className: String, _ property: String) -> String {
        "Property '\(className).\(property)' in persistedProperties() is not declared @Persisted"
    }

    static func missingFromPropertyTable(_ className: String) -> String {
        "A @Persisted property of '\(className)' is missing from its persistedProperties() table"
    }

    /// `@Persisted` outside a model, for the accessors of `Persisted.wrappedValue`, which never
    /// run: the compiler rejects every use with the same text, from the `@available` message
    /// there (an attribute takes only a literal).
    static let persistedOutsideObject = "@Persisted can only be used on properties of Realm objects"

    /// A method a subclass must override.
    static let abstractMethod = "abstract"

    // MARK: Traps

    /// The message of any error (a `StoreError`'s message, in the project's words also for a
    /// SQLite failure; else its description).
    static func message(of error: any Error) -> String {
        (error as? StoreError)?.message ?? String(describing: error)
    }

    /// Stops the program with Realm's message, as Realm's exceptions do.
    static func trap(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError(message, file: file, line: line)
    }
}
