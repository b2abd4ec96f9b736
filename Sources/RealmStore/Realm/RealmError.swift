import RealmEngine

/// Realm's error messages for the typed API, and the trap used where Swift cannot throw
/// (property and subscript setters), as Realm does.
///
/// For example:
///
///     do { try realm.write { realm.add(duplicate) } } catch let error as StoreError { print(error.message) }
public enum RealmError {
    static let notInWriteTransaction =
        "Can only add, remove, or create objects in a Realm in a write transaction - call beginWriteTransaction on an RLMRealm instance first."
    static let modifyOutsideWrite =
        "Attempting to modify object outside of a write transaction - call beginWriteTransaction on an RLMRealm instance first."
    static let invalidatedMessage = "Object has been deleted or invalidated."
    static let alreadyInWrite = "The Realm is already in a write transaction"

    static let otherRealm = StoreError(.invalidValue, "Object is already managed by another Realm. Use create instead to copy it into this Realm.")
    static let addInvalidated = StoreError(.invalidatedObject, "Adding a deleted or invalidated object to a Realm is not permitted")
    static let deleteUnmanaged = StoreError(.invalidValue, "Can only delete an object from the Realm it belongs to.")

    static func tooManyValues(_ count: Int, _ properties: Int) -> StoreError {
        StoreError(.invalidValue, "Invalid array input: more values (\(count)) than properties (\(properties)).")
    }

    static func missingKey(_ value: Any, _ className: String, _ property: String) -> StoreError {
        StoreError(.invalidValue, "Invalid value '\(value)' to initialize object of type '\(className)': missing key '\(property)'")
    }

    static func invalidValue(_ value: Any, for type: String, _ className: String, _ property: String) -> StoreError {
        StoreError(.invalidValue, "Invalid value '\(value)' of type '\(Swift.type(of: value))' for \(type) property '\(className).\(property)'.")
    }

    static func unknownProperty(_ className: String, _ property: String) -> StoreError {
        StoreError(.unknownProperty, "Property '\(property)' does not exist on object type '\(className)'.")
    }

    /// The message of any error (a `StoreError`'s message, else its description).
    static func message(of error: any Error) -> String {
        (error as? StoreError)?.message ?? String(describing: error)
    }

    /// Stops the program with Realm's message, as Realm's exceptions do.
    static func trap(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError(message, file: file, line: line)
    }
}
