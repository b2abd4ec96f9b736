import RealmSchema
import RealmStore

/// One step from an object whose key is known (a top-level object, or a nested one with a
/// primary key) down to a nested object without one.
struct FixupStep {
    var property: String
    var slot: FixupSlot
}

/// A reference to an object that was not stored yet when its document was read.
struct PendingFixup {
    /// From the frame's root object to the object that holds the link.
    var steps: [FixupStep]
    var property: String
    var slot: FixupSlot
    var ownerClass: String
    var targetClass: String
    var primaryKey: StoreValue
    /// Where the reference is, for the error when it stays unresolved.
    var origin: DocumentOrigin
    var path: JSONPath
}

/// The references found while converting one object that gets its own key.
struct FixupFrame {
    var steps: [FixupStep] = []
    var pending: [PendingFixup] = []
}

/// A pending reference with the key of its frame's root object.
struct Fixup {
    var root: ObjectKey
    var pending: PendingFixup
    /// False once a later document replaced the property the reference was in.
    var isLive = true
}

/// An object whose input failed, identified by class and primary key.
struct FailedObject: Hashable {
    var className: String
    var primaryKey: StoreValue
}

extension Importer {
    /// Keeps the references of an object that was just created or updated.
    func register(_ frame: FixupFrame, root: ObjectKey) {
        for pending in frame.pending {
            fixupsByRoot[root, default: []].append(fixups.count)
            fixups.append(Fixup(root: root, pending: pending))
        }
    }

    /// An update of `root` from `object` replaced the properties it holds: earlier references
    /// inside them no longer apply (the last value wins, as in Realm).
    func supersedeFixups(of root: ObjectKey, supplied object: JSONValue) {
        guard let indices = fixupsByRoot[root] else { return }
        for index in indices {
            let first = fixups[index].pending.steps.first?.property ?? fixups[index].pending.property
            if object[first] != nil { fixups[index].isLive = false }
        }
    }

    /// After the last document: looks every pending reference up, reports those that are not
    /// there, and sets the links of the others.
    func resolveFixups() throws {
        var groups: [LinkGroup: [(slot: FixupSlot, target: ObjectKey)]] = [:]
        var order: [LinkGroup] = []
        for fixup in fixups where fixup.isLive {
            let pending = fixup.pending
            guard let target = try store.object(pending.targetClass, primaryKey: pending.primaryKey) else {
                let failed = FailedObject(className: pending.targetClass, primaryKey: pending.primaryKey)
                if !failedObjects.contains(failed) {
                    let message = ImportMessages.unresolvedReference(pending.targetClass, key: pending.primaryKey.description,
                                                                     property: "\(pending.ownerClass).\(pending.property)")
                    report(ImportIssue.error(message, at: pending.path).diagnostic(in: pending.origin))
                }
                continue
            }
            guard let owner = try navigate(from: fixup.root, pending.steps) else { continue }
            let group = LinkGroup(owner: owner, property: pending.property)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append((pending.slot, target))
        }
        guard summary.errors == 0 else { return }
        for group in order {
            try apply(groups[group] ?? [], to: group)
        }
    }

    /// The object reached from `root` through `steps`.
    private func navigate(from root: ObjectKey, _ steps: [FixupStep]) throws -> ObjectKey? {
        var current = root
        for step in steps {
            guard let next = step.slot.object(in: try store.get(current, step.property)) else { return nil }
            current = next
        }
        return current
    }

    /// Sets the resolved links of one property of one object: a to-one link, list elements at
    /// their input positions, set elements, or map entries.
    private func apply(_ links: [(slot: FixupSlot, target: ObjectKey)], to group: LinkGroup) throws {
        guard let first = links.first, let last = links.last else { return }
        if case .single = first.slot {
            try store.set(group.owner, group.property, .value(.object(last.target)))
            return
        }
        let current = try store.get(group.owner, group.property)
        switch current {
        case .list(var items):
            let positioned = links.compactMap { link -> (Int, ObjectKey)? in
                if case .index(let index) = link.slot { return (index, link.target) }
                return nil
            }
            for (index, target) in positioned.sorted(by: { $0.0 < $1.0 }) {
                items.insert(.object(target), at: min(index, items.count))
            }
            items += links.filter { $0.slot == .setElement }.map { .object($0.target) }
            try store.set(group.owner, group.property, .collection(items.map { .value($0) }))
        case .dictionary(var entries):
            for link in links {
                if case .key(let key) = link.slot { entries[key] = .object(link.target) }
            }
            try store.set(group.owner, group.property, .map(entries.mapValues { .value($0) }))
        default:
            return
        }
    }
}

/// One property of one object that receives resolved links.
struct LinkGroup: Hashable {
    var owner: ObjectKey
    var property: String
}
