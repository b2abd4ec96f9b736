import RealmEngine
import RealmSchema

/// Property values: scalars and mixed through the Extended JSON decoders, enums, lists, sets
/// and maps (with map-key encoding). Links are in `Importer+Links.swift`.
extension Importer {
    /// The store input for one property's JSON value, or nil when the value had a problem
    /// (recorded) or is a forward reference (resolved after the last document).
    func convertProperty(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan, owner: ObjectKey?,
                         policy: UpdatePolicy) throws -> InputValue? {
        switch property.collection {
        case .single: try convertElement(value, property, in: plan, slot: .single, owner: owner, policy: policy)
        case .list, .set: try convertCollection(value, property, in: plan, owner: owner, policy: policy)
        case .map: try convertMap(value, property, in: plan, owner: owner, policy: policy)
        }
    }

    /// One value of the property at `slot` (the single value, or an element of a collection):
    /// a link, a mixed value or a scalar.
    func convertElement(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan, slot: FixupSlot,
                        owner: ObjectKey?, policy: UpdatePolicy) throws -> InputValue? {
        if property.isLink { return try convertLink(value, property, in: plan, slot: slot, owner: owner, policy: policy) }
        if property.isMixed { return try convertMixed(value, property, in: plan, slot: slot) }
        return convertScalar(value, property, in: plan, allowsNull: property.isOptional)
    }

    /// A list or set: a JSON array (null: empty), each element converted; an element with a
    /// problem (recorded) is left out.
    func convertCollection(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan, owner: ObjectKey?,
                           policy: UpdatePolicy) throws -> InputValue? {
        if value.isNull { return .collection([]) }
        guard value.kind == .array else {
            record(notEnumerable(value, property, in: plan))
            return nil
        }
        var elements: [InputValue] = []
        elements.reserveCapacity(value.count)
        let isList = property.collection == .list
        for (index, element) in value.elements.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            let slot: FixupSlot = isList ? .index(index) : .setElement
            if let converted = try convertElement(element, property, in: plan, slot: slot, owner: owner, policy: policy) {
                elements.append(converted)
            }
        }
        return .collection(elements)
    }

    /// A map: a JSON object (null: empty), each key stored as the map-key policy says and each
    /// value converted; an entry with a problem (recorded) is left out.
    func convertMap(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan, owner: ObjectKey?,
                    policy: UpdatePolicy) throws -> InputValue? {
        if value.isNull { return .map([:]) }
        guard value.kind == .object, !holdsTypedValue(value) else {
            record(notEnumerable(value, property, in: plan))
            return nil
        }
        var entries = [String: InputValue](minimumCapacity: value.count)
        for (key, element) in value.fields {
            let original = key.string
            path.append(.key(original))
            defer { path.removeLast() }
            guard let stored = storedKey(original, key, property, in: plan) else { continue }
            if let converted = try convertElement(element, property, in: plan, slot: .key(stored), owner: owner, policy: policy) {
                entries[stored] = converted
            }
        }
        return .map(entries)
    }

    /// A scalar or mixed value (also one element of a collection), enum-checked. `key` is the
    /// value's key in its object when `path` does not end with it yet.
    func convertScalar(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan,
                       allowsNull: Bool, key: String? = nil) -> InputValue? {
        do throws(ExtendedJSONError) {
            return try Self.scalarInput(value, property, allowsNull: allowsNull, mapKeys: options.mapKeys)
        } catch {
            record(.value(error, property, className: plan.name, at: JSONPath(key.map { path + [.key($0)] } ?? path)))
            return nil
        }
    }

    /// `convertScalar` without recording: the input, or the decoder's error. Depends on nothing
    /// but its arguments, so the reading thread can run it too (see `PreparedObject`).
    static func scalarInput(_ value: JSONValue, _ property: ImportProperty, allowsNull: Bool,
                            mapKeys: MapKeyPolicy) throws(ExtendedJSONError) -> InputValue {
        if allowsNull && value.isNull { return .value(.null) }
        if let kept = property.binarySubtype { return .value(.data(try ExtendedJSON.data(value, keeping: kept))) }
        let decoded = try decode(value, as: property.base, mapKeys: mapKeys)
        if property.enumStrings != nil || property.enumIntegers != nil {
            let probe: StoreValueProbe? = switch decoded {
            case .string(let text): .string(text)
            case .int(let number): .int(number)
            default: nil
            }
            if let probe, !property.allows(probe) {
                let reason = ImportMessages.notInEnum(property.schema.enumValues ?? [])
                throw ExtendedJSONError.invalid(value, reason: reason)
            }
        }
        return .value(decoded)
    }

    /// A list, set or map of scalars converted without recording anything: the input, or nil
    /// when any part of it has a problem (for `convertProperty` to convert and report). Depends
    /// on nothing but its arguments, so the reading thread can run it too (see `PreparedObject`).
    static func scalarCollectionInput(_ value: JSONValue, _ property: ImportProperty, mapKeys: MapKeyPolicy) -> InputValue? {
        switch property.collection {
        case .single:
            return nil
        case .list, .set:
            if value.isNull { return .collection([]) }
            guard value.kind == .array else { return nil }
            var elements: [InputValue] = []
            elements.reserveCapacity(value.count)
            for element in value.elements {
                guard let input = try? scalarInput(element, property, allowsNull: property.isOptional, mapKeys: mapKeys) else {
                    return nil
                }
                elements.append(input)
            }
            return .collection(elements)
        case .map:
            if value.isNull { return .map([:]) }
            // A wrapper may be a typed value of the input (`holdsTypedValue`): `convertMap` decides.
            guard value.kind == .object, ExtendedJSONWrapper.match(value) == nil else { return nil }
            // Sized at creation: `reserveCapacity` is not specialized, and finds its metadata per call.
            var entries = [String: InputValue](minimumCapacity: value.count)
            for (key, element) in value.fields {
                guard let stored = try? MapKeyCoding.storedKey(key.utf8, policy: mapKeys),
                      let input = try? scalarInput(element, property, allowsNull: property.isOptional, mapKeys: mapKeys)
                else { return nil }
                entries[stored] = input
            }
            return .map(entries)
        }
    }

    /// Whether `value`, at `path`, is an Extended JSON wrapper that stands for a typed value of
    /// the input (`DocumentReader.holdsTypedValue`): a BSON ObjectId, date, Decimal128 or binary,
    /// which never fills a map (docs/mongodb.md, section 2.4).
    private func holdsTypedValue(_ value: JSONValue) -> Bool {
        guard ExtendedJSONWrapper.match(value) != nil, let origin, let reader = origin.source.reader else { return false }
        return reader.holdsTypedValue(at: JSONPath(path), in: origin)
    }

    /// The key to store for a map entry: percent-encoded, or checked with `--map-keys reject`.
    func storedKey(_ original: String, _ key: JSONKey, _ property: ImportProperty,
                           in plan: ImportClassPlan) -> String? {
        switch options.mapKeys {
        case .encode:
            return MapKeyCoding.encode(original)
        case .reject:
            do {
                try MapKeyCoding.validate(key.utf8)
                return original
            } catch {
                record(.value(ExtendedJSONError(.invalidKey(error.message)), property, className: plan.name,
                              at: JSONPath(path)))
                return nil
            }
        }
    }

    private func notEnumerable(_ value: JSONValue, _ property: ImportProperty, in plan: ImportClassPlan) -> ImportIssue {
        .value(ExtendedJSONError(.notEnumerable(value: JSONMessages.valueText(value))), property, className: plan.name,
               at: JSONPath(path))
    }
}

extension JSONKind {
    /// An array or an object.
    var isCollection: Bool { self == .array || self == .object }
}
