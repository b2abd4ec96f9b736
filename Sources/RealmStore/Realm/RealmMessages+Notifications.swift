/// Realm's messages for change notifications.
extension RealmMessages {
    static let observeInWriteTransaction = "Cannot register notification blocks from within write transactions."
    static let observeFrozen = "Frozen Realms do not change and do not have change notifications."
    static let observeUnmanaged = "Only collections and objects managed by a Realm support change notifications."

    static func unknownKeyPath(_ keyPath: String, _ className: String) -> String {
        "Property '\(keyPath)' not found in object of type '\(className)'"
    }

    static func keyPathNotALink(_ keyPath: String, _ className: String) -> String {
        "Property '\(keyPath)' of object of type '\(className)' goes on past a property that is not a link"
    }

    static func keyPathNotAProperty(_ className: String) -> String {
        "A Swift key path does not name a persisted property of '\(className)'"
    }
}
