import RealmEngine
import RealmSchema

/// Links (docs/relationships.md): a nested object (created, or upserted by primary key), the target's
/// primary-key value alone, or `realm-export`'s `{"$ref": "Class", "$id": …}`: references to
/// objects stored earlier or anywhere in the input.
extension Importer {
    /// The input for one link value (a to-one link, or one element of a list, set or map of
    /// links); nil after a problem or for a forward reference, which is recorded as a fixup.
    func convertLink(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan, slot: FixupSlot,
                     owner: ObjectKey?, policy: UpdatePolicy) throws -> InputValue? {
        guard let target = property.target else { return nil }
        if value.isNull {
            if property.collection == .single || property.collection == .map { return .value(.null) }
            record(.value(ExtendedJSONError.invalid(value), property, className: plan.name, at: JSONPath(path)))
            return nil
        }
        // An object the reading thread prepared as `target` is known to be no reference.
        let isPrepared = value.kind == .object && hasPreparation(for: value, target)
        if value.kind == .object && !isPrepared {
            switch exportedReference(value, property, in: plan, linkingTo: target) {
            case .notAReference: break
            case .invalid: return nil
            case .target(let reference):
                return try link(to: reference, property, ownerClass: plan.name, placement: .link(slot)).map { .value(.object($0)) }
            }
        }
        if !isPrepared, let key = target.primaryKey, Self.isReference(value) {
            return try reference(value, key: key, target: target, property, in: plan, slot: slot)
        }
        // A wrapper (`{"$oid": …}`, a BSON ObjectId) is a typed value, never a nested object.
        guard value.kind == .object && !Self.isReference(value) else {
            if target.primaryKey == nil && value.kind != .array && value.kind != .object {
                let message = ImportMessages.notAnObjectInitializer(JSONMessages.valueText(value), className: target.name,
                                                                    firstProperty: target.properties.first?.key)
                record(.error(message, at: JSONPath(path)))
            } else {
                let reason = ImportMessages.notAReference(target: target.name, primaryKey: target.primaryKey?.schema)
                record(.value(ExtendedJSONError.invalid(value, reason: reason), property, className: plan.name,
                              at: JSONPath(path)))
            }
            return nil
        }
        if target.primaryKey != nil {
            return try importObject(value, target, policy: policy).map { .value(.object($0)) }
        }
        try dropBeforeWriting(target)
        let current = policy == .modified ? currentObject(owner, property, slot) : nil
        frames[frames.count - 1].steps.append(FixupStep(property: property.name, slot: slot))
        defer { frames[frames.count - 1].steps.removeLast() }
        return .object(try convertFields(value, target, existing: current, policy: policy))
    }

    /// A primary-key value standing for an object: the stored object's key, or nil with a
    /// fixup when the object is not stored yet.
    private func reference(_ value: JSONValue, key: ImportProperty, target: ImportClassPlan, _ property: ImportProperty,
                           in plan: ImportClassPlan, slot: FixupSlot) throws -> InputValue? {
        let primaryKey: StoreValue
        do {
            primaryKey = try decode(value, as: key.base)
        } catch {
            var error = error
            if case let .invalidValue(text, type, nil) = error.problem {
                let reason = ImportMessages.notAReference(target: target.name, primaryKey: key.schema)
                error.problem = .invalidValue(value: text, type: type, reason: reason)
            }
            record(.value(error, property, className: plan.name, at: JSONPath(path)))
            return nil
        }
        let reference = ExportReference.Target(className: target.name, id: primaryKey)
        return try link(to: reference, property, ownerClass: plan.name, placement: .link(slot)).map { .value(.object($0)) }
    }

    /// Whether a link value is a primary-key value rather than a nested object: a scalar, or
    /// an Extended JSON wrapper (`{"$oid": …}`).
    static func isReference(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .string, .integer, .real, .bool: true
        case .object: ExtendedJSONWrapper.match(value) != nil
        case .array, .null: false
        }
    }

    /// Under `.modified`, the object a nested input without a primary key updates in place:
    /// the one `owner` links to at `slot`.
    private func currentObject(_ owner: ObjectKey?, _ property: ImportProperty, _ slot: FixupSlot) -> ObjectKey? {
        guard let owner, let value = try? store.get(owner, property.name) else { return nil }
        return slot.object(in: value)
    }
}

/// Where a link sits in its owner: the property's only value, a list index, a map key, or a
/// set (unordered).
enum FixupSlot: Hashable {
    case single
    case index(Int)
    case key(String)
    case setElement

    /// The object at this slot of a property's stored value.
    func object(in value: StoreValue) -> ObjectKey? {
        let element: StoreValue? = switch (self, value) {
        case (.single, _): value
        case (.index(let index), .list(let items)): index < items.count ? items[index] : nil
        case (.key(let key), .dictionary(let entries)): entries[key]
        default: nil
        }
        if case .object(let key)? = element { return key }
        return nil
    }
}
