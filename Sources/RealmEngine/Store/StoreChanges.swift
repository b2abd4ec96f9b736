/// The merged changes of a range of versions of a store, per class (`Store.changes(from:to:)`).
///
/// Keys are object keys (`ObjectKey.key`). Within the range an object created and deleted
/// again appears nowhere; a modified object that was created in the range appears only in
/// `inserted`; a deleted one only in `deleted`. A key in both `deleted` and `inserted` names
/// two objects: the store gave a deleted object's key to a new one. A List, MutableSet or Map
/// whose elements were inserted, removed or replaced counts as a modification of its property;
/// a change to an embedded object counts on the embedded object's class.
///
/// For example:
///
///     let changes = try store.changes(from: seen, to: store.version)
///     changes?["Dog"].modified[dog.key]    // ["name"]
public struct StoreChanges: Sendable, Equatable {
    /// The changes of one class.
    public struct ClassChanges: Sendable, Equatable {
        /// Keys of the objects created in the range (and still there at its end).
        public var inserted: Set<Int64> = []
        /// Keys of the objects deleted in the range (which existed at its start).
        public var deleted: Set<Int64> = []
        /// Keys of objects that existed before and after the range, with the names of the
        /// properties that changed.
        public var modified: [Int64: Set<String>] = [:]

        public init(inserted: Set<Int64> = [], deleted: Set<Int64> = [], modified: [Int64: Set<String>] = [:]) {
            self.inserted = inserted
            self.deleted = deleted
            self.modified = modified
        }

        /// Whether nothing changed.
        public var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && modified.isEmpty }
    }

    /// The changes by class name; classes without changes are absent.
    public var classes: [String: ClassChanges] = [:]

    public init() {}

    /// The changes of `className` (empty when it did not change).
    public subscript(className: String) -> ClassChanges {
        classes[className] ?? ClassChanges()
    }

    /// Whether nothing changed in the range.
    public var isEmpty: Bool { classes.values.allSatisfy(\.isEmpty) }

    /// Applies one logged event, after all events of earlier versions.
    mutating func apply(_ kind: ChangeRecorder.Kind, className: String, keys: ClosedRange<Int64>, properties: [String]) {
        // Taken out of the dictionary while it changes, so it is mutated in place, not copied.
        var changes = classes.removeValue(forKey: className) ?? ClassChanges()
        switch kind {
        case .insert:
            for key in keys { changes.inserted.insert(key) }
        case .delete:
            for key in keys {
                changes.modified[key] = nil
                // Created in the range: gone again, unless it reused the key of an object
                // that existed before the range (then that one stays deleted).
                if changes.inserted.remove(key) == nil { changes.deleted.insert(key) }
            }
        case .modify:
            for key in keys where !changes.inserted.contains(key) {
                changes.modified[key, default: []].formUnion(properties)
            }
        case .overflow, .none:
            break
        }
        if !changes.isEmpty { classes[className] = changes }
    }
}
