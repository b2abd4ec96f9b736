import RealmEngine
import RealmSchema

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
    var placement: FixupPlacement
    var ownerClass: String
    /// The object referred to: by primary key, or by `$id` for a class without one.
    var target: ExportReference.Target
    /// Where the reference is, for the error when it stays unresolved.
    var origin: DocumentOrigin
    var path: JSONPath
}

/// Where a resolved reference goes in its owner's property.
enum FixupPlacement {
    /// A link property: its value, a list position (inserted there), a set element or a map key.
    case link(FixupSlot)
    /// A mixed property: the `null` standing in for the link, reached from the property's value
    /// through list indices and stored dictionary keys (none: the property's own value).
    case mixed([FixupSlot])
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
    func supersedeFixups(of root: ObjectKey, supplied object: JSONValue, _ plan: ImportClassPlan) {
        guard let indices = fixupsByRoot[root] else { return }
        for index in indices {
            let first = fixups[index].pending.steps.first?.property ?? fixups[index].pending.property
            let property = plan.positions[first].map { plan.properties[$0] }
            if property?.field(in: object) ?? object[first] != nil { fixups[index].isLive = false }
        }
    }

    /// After the last document: looks every pending reference up, reports those that are not
    /// there, and sets the links of the others.
    func resolveFixups() throws {
        var groups: [LinkGroup: [(placement: FixupPlacement, target: ObjectKey?)]] = [:]
        var order: [LinkGroup] = []
        for fixup in fixups where fixup.isLive {
            let pending = fixup.pending
            let target = try lookUp(pending.target)
            if target == nil {
                if failedObjects.contains(pending.target) { continue }
                guard options.missingLinks == .null else {
                    report(ImportIssue.error(unresolvedMessage(pending), at: pending.path).diagnostic(in: pending.origin))
                    continue
                }
                totals.nulledLinks += 1
            }
            guard let owner = try navigate(from: fixup.root, pending.steps) else { continue }
            let group = LinkGroup(owner: owner, property: pending.property)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append((pending.placement, target))
        }
        guard totals.errors == 0 else { return }
        for group in order {
            try apply(groups[group] ?? [], to: group)
        }
    }

    private func unresolvedMessage(_ pending: PendingFixup) -> String {
        let property = "\(pending.ownerClass).\(pending.property)"
        let className = pending.target.className
        if plans[className]?.primaryKey == nil, case .int(let id) = pending.target.id {
            return ImportMessages.unresolvedObjectID(className, id: id, property: property)
        }
        return ImportMessages.unresolvedReference(className, key: pending.target.id.description, property: property)
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
    /// their input positions, set elements, map entries, or the stand-ins inside a mixed value.
    /// A nil target is a link whose object does not exist, under `--on-missing-link null`: a
    /// to-one link or map value becomes null, a list or set element is left out.
    private func apply(_ links: [(placement: FixupPlacement, target: ObjectKey?)], to group: LinkGroup) throws {
        if case .link(.single)? = links.first?.placement, let last = links.last {
            try store.set(group.owner, group.property, .value(last.target.map { .object($0) } ?? .null))
            return
        }
        var slots: [(slot: FixupSlot, target: ObjectKey?)] = []
        var value = try store.get(group.owner, group.property)
        for link in links {
            switch link.placement {
            case .link(let slot): slots.append((slot, link.target))
            case .mixed(let steps): value = Self.replacing(in: value, at: steps[...], with: link.target.map { .object($0) } ?? .null)
            }
        }
        guard !slots.isEmpty else {
            try store.set(group.owner, group.property, .value(value))
            return
        }
        switch value {
        case .list(var items):
            let positioned = slots.compactMap { link -> (Int, ObjectKey?)? in
                if case .index(let index) = link.slot { return (index, link.target) }
                return nil
            }
            // Input positions count the elements left out; later ones move up by that many.
            let omitted = positioned.filter { $0.1 == nil }.map(\.0)
            for (index, target) in positioned.sorted(by: { $0.0 < $1.0 }) {
                guard let target else { continue }
                let position = index - omitted.filter { $0 < index }.count
                items.insert(.object(target), at: min(position, items.count))
            }
            items += slots.filter { $0.slot == .setElement }.compactMap { $0.target.map { .object($0) } }
            try store.set(group.owner, group.property, .collection(items.map { .value($0) }))
        case .dictionary(var entries):
            for link in slots {
                if case .key(let key) = link.slot { entries[key] = link.target.map { .object($0) } ?? .null }
            }
            try store.set(group.owner, group.property, .map(entries.mapValues { .value($0) }))
        default:
            return
        }
    }

    /// `value` with the element at `steps` (list indices, dictionary keys) replaced.
    static func replacing(in value: StoreValue, at steps: ArraySlice<FixupSlot>, with replacement: StoreValue) -> StoreValue {
        guard let step = steps.first else { return replacement }
        switch (step, value) {
        case (.index(let index), .list(var items)) where index < items.count:
            items[index] = replacing(in: items[index], at: steps.dropFirst(), with: replacement)
            return .list(items)
        case (.key(let key), .dictionary(var entries)):
            guard let element = entries[key] else { return value }
            entries[key] = replacing(in: element, at: steps.dropFirst(), with: replacement)
            return .dictionary(entries)
        default:
            return value
        }
    }
}

/// One property of one object that receives resolved links.
struct LinkGroup: Hashable {
    var owner: ObjectKey
    var property: String
}
