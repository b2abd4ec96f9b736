import RealmEngine

/// The part of converting a top-level object that depends only on the object and its class
/// plan: its fields matched to properties, its scalar properties (single, or lists, sets and
/// maps of scalars) converted, and its embedded objects that hold only scalars. The
/// reading thread prepares it for each document it decodes (`DocumentPrefetcher`), so that
/// the importer's thread, which also creates the objects, has less to do.
///
/// A property whose value has a problem is left out: the importer converts it again, in its
/// own context, and reports the problem exactly as it would have without preparation.
final class PreparedObject {
    /// The object prepared and its plan; the importer uses the preparation only for them.
    let object: JSONValue
    let plan: ImportClassPlan
    /// The field of each property, by position in `plan.properties`; nil when absent.
    let values: [JSONValue?]
    /// How many fields name a property.
    let matchedCount: Int
    /// Whether a property is named twice, by its stored name and its alias (an error).
    let namedTwice: Bool
    /// The input of each scalar property (single or collection) that converted; nil otherwise.
    let inputs: [InputValue?]
    /// The preparations of the objects nested in this one that the importer converts one at a
    /// time (objects of classes with a primary key, embedded objects not in `inputs`), in the
    /// order it meets them: depth first, properties in schema order, elements in order. Doing
    /// this on the reading thread matters most where reading is cheap (BSON).
    private(set) var nested: [PreparedObject] = []
    /// The object's `ObjectFingerprint` when the reading thread made it (`Importer+Repeats.swift`).
    var fingerprint: [UInt8]?

    /// The input of a single embedded object that holds only scalars, when converting it can
    /// report nothing (see `embeddedObjectInput`). Nil otherwise, and for every other link.
    private static func embeddedInput(_ value: JSONValue, _ property: ImportProperty, mapKeys: MapKeyPolicy) -> InputValue? {
        guard property.collection == .single, let target = property.target, target.isEmbedded, target.holdsOnlyScalars
        else { return nil }
        return embeddedObjectInput(value, target, mapKeys: mapKeys)
    }

    /// The input of a list of embedded objects that hold only scalars (a dog's toys), when
    /// converting none of them can report anything (see `embeddedObjectInput`); null is an
    /// empty list, as for the importer. Nil otherwise.
    private static func embeddedListInput(_ value: JSONValue, _ property: ImportProperty, mapKeys: MapKeyPolicy) -> InputValue? {
        guard property.collection == .list, let target = property.target, target.isEmbedded, target.holdsOnlyScalars
        else { return nil }
        if value.isNull { return .collection([]) }
        guard value.kind == .array else { return nil }
        var elements: [InputValue] = []
        elements.reserveCapacity(value.count)
        for element in value.elements {
            guard let input = embeddedObjectInput(element, target, mapKeys: mapKeys) else { return nil }
            elements.append(input)
        }
        return .collection(elements)
    }

    /// The input of an embedded object of `target` (which holds only scalars), when converting
    /// it can report nothing: every field names a property and converts, no required value is
    /// missing (so it does not matter whether it replaces an embedded object, in merge mode),
    /// and it is no `$ref` reference. Nil otherwise.
    private static func embeddedObjectInput(_ value: JSONValue, _ target: ImportClassPlan, mapKeys: MapKeyPolicy) -> InputValue? {
        guard value.kind == .object, value[ExportReference.classKey] == nil else { return nil }
        let nested = PreparedObject(value, target, mapKeys: mapKeys)
        guard nested.matchedCount == value.count, !nested.namedTwice else { return nil }
        var fields = [String: InputValue](minimumCapacity: nested.matchedCount)  // reserveCapacity is not specialized
        for (position, property) in target.properties.enumerated() {
            if nested.values[position] == nil {
                if property.isRequired { return nil }
                continue
            }
            guard let input = nested.inputs[position] else { return nil }
            fields[property.name] = input
        }
        return .object(fields)
    }

    /// Prepares `object` of class `plan`, decoding scalars with `mapKeys` (see
    /// `Importer.scalarInput`). For the root object of `document`, values the document left out
    /// of its tree are not prepared, and long strings other than the primary key are emptied in
    /// the tree once converted (`JSONDocument.releaseText(of:)`; only when `isRoot`, not for
    /// the nested objects it prepares with `preparesNested`). With `preparesEmbeddedLists`
    /// (where reading is cheap, as for BSON), lists of embedded objects that hold only scalars
    /// are converted too, here and in the nested objects.
    init(_ object: JSONValue, _ plan: ImportClassPlan, mapKeys: MapKeyPolicy, document: JSONDocument? = nil,
         isRoot: Bool = true, preparesNested: Bool = true, preparesEmbeddedLists: Bool = false) {
        self.object = object
        self.plan = plan
        let properties = plan.properties
        var matched = (matched: 0, namedTwice: false)
        let values = [JSONValue?](unsafeUninitializedCapacity: properties.count) { buffer, count in
            buffer.initialize(repeating: nil)
            matched = plan.matchFields(of: object, into: buffer)
            count = properties.count
        }
        var inputs = [InputValue?](repeating: nil, count: properties.count)
        for (position, property) in properties.enumerated() where !property.isMixed {
            guard let value = values[position], document?.deferredRange(of: value) == nil else { continue }
            if property.isLink {
                inputs[position] = Self.embeddedInput(value, property, mapKeys: mapKeys)
                    ?? (preparesEmbeddedLists ? Self.embeddedListInput(value, property, mapKeys: mapKeys) : nil)
            } else if property.isSingleScalar {
                inputs[position] = try? Importer.scalarInput(value, property, allowsNull: property.isOptional, mapKeys: mapKeys)
                if isRoot, let document, inputs[position] != nil, (value.utf8?.count ?? 0) >= JSONDocument.releasedTextBytes,
                   plan.primaryKey?.name != property.name {
                    document.releaseText(of: value)
                }
            } else {
                inputs[position] = Importer.scalarCollectionInput(value, property, mapKeys: mapKeys)
            }
        }
        self.values = values
        self.matchedCount = matched.matched
        self.namedTwice = matched.namedTwice
        self.inputs = inputs
        for (position, property) in properties.enumerated() where preparesNested && property.isLink && inputs[position] == nil {
            guard let target = property.target, let value = values[position], document?.deferredRange(of: value) == nil else { continue }
            switch property.collection {
            case .single:
                prepareNested(value, target, mapKeys: mapKeys, document: document, embeddedLists: preparesEmbeddedLists)
            case .list, .set:
                guard value.kind == .array else { continue }
                for element in value.elements {
                    prepareNested(element, target, mapKeys: mapKeys, document: document, embeddedLists: preparesEmbeddedLists)
                }
            default:
                continue
            }
        }
    }

    /// Adds the preparation of `value` when it is a nested object of `target` (not a
    /// reference), and those of the objects nested in it.
    private func prepareNested(_ value: JSONValue, _ target: ImportClassPlan, mapKeys: MapKeyPolicy, document: JSONDocument?,
                               embeddedLists: Bool) {
        guard value.kind == .object, value[ExportReference.classKey] == nil, !Importer.isReference(value) else { return }
        let prepared = PreparedObject(value, target, mapKeys: mapKeys, document: document, isRoot: false,
                                      preparesEmbeddedLists: embeddedLists)
        nested.append(prepared)
        nested.append(contentsOf: prepared.nested)
        prepared.nested = []
    }

    /// Whether this is the preparation of `object` as `plan`.
    func isFor(_ object: JSONValue, _ plan: ImportClassPlan) -> Bool {
        self.object.raw == object.raw && self.plan === plan
    }
}
