import Foundation
import RealmEngine

/// An observed object's watched properties at one delivery: per property a digest of its
/// watched values and, for a property that is not a collection, its value (read on the
/// observing thread, to be a later change's `oldValue`). No entries: the object is gone.
///
/// For example:
///
///     let before = ObjectSnapshot(dog, paths)
///     // … a commit …
///     let changes = ObjectSnapshot(dog, paths).changes(since: before, of: dog, oldValues: true)
struct ObjectSnapshot {
    struct Entry {
        let name: String
        let digest: Int
        let value: Any?
    }

    let entries: [Entry]

    /// Whether the object was deleted (or is not managed).
    var isDeleted: Bool { entries.isEmpty }

    /// Which values a snapshot keeps: all, or only those holding no object (no link or mixed
    /// value), which may pass to another thread (a queue observer's first snapshot).
    enum Values {
        case all, plain
    }

    /// Reads `object` now, keeping `values`.
    init(_ object: ObjectBase, _ paths: WatchedPaths, values: Values = .all) {
        guard let state = object._state, !state.isInvalidated else {
            entries = []
            return
        }
        let digests = state.realm.core.read { paths.propertyDigests(of: state.key, in: $0) }
        entries = digests.map { entry in
            let property = state.info.property(named: entry.name)
            let kept = property.map { !$0.isCollection && (values == .all || !$0.needsLinks) } ?? false
            return Entry(name: entry.name, digest: entry.digest, value: kept ? object.value(forKey: entry.name) : nil)
        }
    }

    /// The properties whose digests differ from `old`'s, with the new values of `object`
    /// (the collection itself for collection properties) and, with `oldValues`, the old ones.
    func changes(since old: ObjectSnapshot, of object: ObjectBase, oldValues: Bool) -> [PropertyChange] {
        let before = Dictionary(old.entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return entries.compactMap { entry -> PropertyChange? in
            guard let previous = before[entry.name], previous.digest != entry.digest else { return nil }
            let isCollection = object._state?.info.property(named: entry.name)?.isCollection ?? false
            return PropertyChange(name: entry.name, oldValue: oldValues ? previous.value : nil,
                                  newValue: isCollection ? object.value(forKey: entry.name) : entry.value)
        }
    }
}
