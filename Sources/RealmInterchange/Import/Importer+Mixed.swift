import RealmEngine
import RealmSchema

/// Mixed values: what `ExtendedJSON.mixed` reads (scalars, typed wrappers, arrays → lists,
/// objects → dictionaries with encoded keys), except that a `{"$ref": "Class", "$id": …}` at any
/// depth is a link, as `realm-export` writes links held in mixed values. A reference to an
/// object that is not there yet stands as `null` until the fixups replace it (a set element is
/// left out and added then).
extension Importer {
    /// The mixed value being converted: its property and where it sits in the property.
    private struct MixedRoot {
        var property: ImportProperty
        var plan: ImportClassPlan
        var slot: FixupSlot
        /// `path.count` at the value itself.
        var depth: Int
    }

    /// Ends the conversion of a mixed value after its first problem was recorded, as
    /// `ExtendedJSON.mixed` stops at its first error.
    private struct MixedValueDropped: Error {}

    /// One mixed value: a mixed property's value (`slot` `.single`) or one element of its list,
    /// set or map; nil after a problem (recorded) or for a set element that refers forward.
    func convertMixed(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan,
                      slot: FixupSlot) throws -> InputValue? {
        guard value.kind.isCollection, !ExportReference.isTypedValue(value) else {
            return convertScalar(value, property, in: plan, allowsNull: true)
        }
        let root = MixedRoot(property: property, plan: plan, slot: slot, depth: path.count)
        do {
            guard slot == .setElement else { return .value(try mixedValue(value, root, level: 0)) }
            // A set holds no lists or dictionaries; a `$ref` is a link.
            guard let target = try reference(value, root) else {
                record(.value(ExtendedJSONError.invalid(value, reason: ImportMessages.setOfCollections), property,
                              className: plan.name, at: JSONPath(path)))
                return nil
            }
            return try link(to: target, property, ownerClass: plan.name, placement: .link(.setElement))
                .map { .value(.object($0)) }
        } catch is MixedValueDropped {
            return nil
        }
    }

    private func mixedValue(_ value: JSONValue, _ root: MixedRoot, level: Int) throws -> StoreValue {
        switch value.kind {
        case .array:
            guard level < ExtendedJSON.maxNestingLevel else { throw dropped(ExtendedJSONError(.maxNestingLevel), root) }
            var list: [StoreValue] = []
            list.reserveCapacity(value.count)
            for (index, element) in value.elements.enumerated() {
                path.append(.index(index))
                defer { path.removeLast() }
                list.append(try mixedValue(element, root, level: level + 1))
            }
            return .list(list)
        case .object where !ExportReference.isTypedValue(value):
            if let target = try reference(value, root) {
                let placement = FixupPlacement.mixed(placementSteps(root))
                return try link(to: target, root.property, ownerClass: root.plan.name, placement: placement)
                    .map { .object($0) } ?? .null
            }
            guard level < ExtendedJSON.maxNestingLevel else { throw dropped(ExtendedJSONError(.maxNestingLevel), root) }
            var dictionary: [String: StoreValue] = [:]
            dictionary.reserveCapacity(value.count)
            for (key, element) in value.fields {
                path.append(.key(key.string))
                defer { path.removeLast() }
                let stored: String
                do {
                    stored = try MapKeyCoding.storedKey(key.utf8, policy: options.mapKeys)
                } catch {
                    throw dropped(ExtendedJSONError(.invalidKey(error.message)), root)
                }
                dictionary[stored] = try mixedValue(element, root, level: level + 1)
            }
            return .dictionary(dictionary)
        default:
            do {
                return try ExtendedJSON.mixed(value, mapKeys: options.mapKeys)
            } catch {
                throw dropped(error, root)
            }
        }
    }

    /// The `$ref` `value` is, if it is one.
    private func reference(_ value: JSONValue, _ root: MixedRoot) throws(MixedValueDropped) -> ExportReference.Target? {
        switch decodeReference(value) {
        case .success(let reference): return reference
        case .failure(let error): throw dropped(error, root)
        }
    }

    /// Records `error` at the current path and returns the error that ends the value.
    private func dropped(_ error: ExtendedJSONError, _ root: MixedRoot) -> MixedValueDropped {
        record(.value(error, root.property, className: root.plan.name, at: JSONPath(path)))
        return MixedValueDropped()
    }

    /// Where the current position is in the property's stored value: the slot, then the list
    /// indices and stored dictionary keys below the mixed value.
    private func placementSteps(_ root: MixedRoot) -> [FixupSlot] {
        var steps: [FixupSlot] = root.slot == .single ? [] : [root.slot]
        for component in path[root.depth...] {
            switch component {
            case .index(let index): steps.append(.index(index))
            case .key(let key): steps.append(.key(options.mapKeys == .encode ? MapKeyCoding.encode(key) : key))
            }
        }
        return steps
    }
}
