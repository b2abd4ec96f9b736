import RealmEngine
import RealmSchema

/// One persisted property as the importer reads it, with what the hot path needs precomputed.
final class ImportProperty {
    let schema: PropertySchema
    let name: String
    /// Its field in JSON: the stored name (`mapTo`, else the name), docs/json-typing.md, section 1.
    let key: String
    /// `key`'s UTF-8 bytes, to compare with the keys of JSON objects.
    let keyUTF8: [UInt8]
    /// The property name when `mapTo` gives another stored name: JSON may use it instead of `key`.
    let alias: String?
    let base: BaseType
    let collection: CollectionKind
    let isOptional: Bool
    let isLink: Bool
    let isMixed: Bool
    /// A new object must supply it: a non-optional single scalar without a schema default.
    let isRequired: Bool
    /// A single value that is neither a link nor mixed (converted by `convertScalar` alone).
    let isSingleScalar: Bool
    /// The plan of the link target; set once every plan exists.
    unowned(unsafe) var target: ImportClassPlan?
    let enumStrings: Set<String>?
    let enumIntegers: Set<Int64>?
    /// The binary subtype a `data` property keeps (`subtype: 9`), nil for generic binary.
    let binarySubtype: UInt8?

    init(_ schema: PropertySchema) {
        self.schema = schema
        name = schema.name
        key = schema.storedName
        keyUTF8 = Array(schema.storedName.utf8)
        alias = schema.storedName == schema.name ? nil : schema.name
        base = schema.type.base
        collection = schema.type.collection
        isOptional = schema.type.isOptional
        isLink = schema.type.linkTarget != nil
        isMixed = schema.type.isMixed
        binarySubtype = schema.binarySubtype
        isSingleScalar = schema.type.isSingleScalar
        isRequired = schema.type.isSingleScalar && !schema.type.isOptional && schema.defaultValue == nil
        var strings: Set<String> = [], integers: Set<Int64> = []
        for value in schema.enumValues ?? [] {
            switch value {
            case .string(let text): strings.insert(text)
            case .int(let number): integers.insert(number)
            default: break
            }
        }
        enumStrings = schema.enumValues == nil ? nil : strings
        enumIntegers = schema.enumValues == nil ? nil : integers
    }

    /// The value of this property's field in `object`: under its stored name, else its alias.
    func field(in object: JSONValue) -> JSONValue? {
        guard let alias else { return object[key] }
        return object[key] ?? object[alias]
    }

    /// The key `object` gives this property under (its stored name when it gives neither).
    func fieldKey(in object: JSONValue) -> String {
        guard let alias, object[key] == nil, object[alias] != nil else { return key }
        return alias
    }

    /// Whether `value` is one of the enum values (always, without an enum).
    func allows(_ value: StoreValueProbe) -> Bool {
        switch value {
        case .string(let text): enumStrings.map { $0.contains(text) } ?? true
        case .int(let number): enumIntegers.map { $0.contains(number) } ?? true
        }
    }
}

/// The part of a decoded value an enum check looks at.
enum StoreValueProbe {
    case string(String)
    case int(Int64)
}

/// One model as the importer reads it: its properties by name, its primary key, what may
/// not be created at the top level.
final class ImportClassPlan {
    let model: ModelSchema
    let name: String
    /// Persisted properties in schema order.
    let properties: [ImportProperty]
    let primaryKey: ImportProperty?
    /// The position of `primaryKey` in `properties`.
    let primaryKeyPosition: Int?
    /// The keys that name a property: stored names and aliases.
    let fieldNames: Set<String>
    /// Stored name and alias → position in `properties`.
    let positions: [String: Int]
    /// Whether a property has an alias (`mapTo`), so that an object may name it twice.
    let hasAliases: Bool
    let linkingNames: Set<String>
    /// Whether every property is a scalar or a collection of scalars (no links, no mixed), so
    /// that converting an object needs nothing but the object.
    let holdsOnlyScalars: Bool
    /// The key of the first object of this class the run created: objects with this key or a
    /// larger one were created by the run (the store numbers new objects upwards).
    var firstCreatedKey: Int64?
    /// The objects of this class the run created, updated or left unchanged, and the unknown
    /// keys it ignored, not yet in `Importer.totals` (`Importer.summary` adds them).
    var counts = ImportSummary.Counts()
    /// Whether an object given again with the content the run wrote may link to it (see
    /// `Importer+Repeats.swift`); set once every plan exists.
    private(set) var isRepeatable = false
    var isEmbedded: Bool { model.kind == .embedded }
    var isAsymmetric: Bool { model.kind == .asymmetric }

    init(_ model: ModelSchema) {
        self.model = model
        name = model.name
        let properties = model.persistedProperties.map(ImportProperty.init)
        self.properties = properties
        primaryKeyPosition = properties.firstIndex { $0.schema.isPrimaryKey }
        primaryKey = primaryKeyPosition.map { properties[$0] }
        var positions: [String: Int] = [:]
        for (position, property) in properties.enumerated() {
            positions[property.key] = position
            if let alias = property.alias { positions[alias] = position }
        }
        self.positions = positions
        fieldNames = Set(positions.keys)
        hasAliases = properties.contains { $0.alias != nil }
        linkingNames = Set(model.properties.filter(\.type.isLinkingObjects).map(\.name))
        holdsOnlyScalars = properties.allSatisfy { !$0.isLink && !$0.isMixed }
    }

    /// The field of the property that `key` names but for letter case, by its stored name or
    /// its alias: the stored name (mapTo), the key the export writes (`Full_Name` or `FullName`
    /// → `full_name` for `fullName` mapped to `full_name`); nil when no property is that close.
    /// For the did-you-mean of an unknown key (docs/realm-import.md).
    func fieldName(ignoringCase key: String) -> String? {
        let lowered = key.lowercased()
        return properties.first { $0.key.lowercased() == lowered }?.key
            ?? properties.first { $0.alias?.lowercased() == lowered }?.key
    }

    /// Puts the value of each field of `object` that names a property (by stored name or
    /// alias) into `values`, at the property's position (the others stay as they are, nil), and
    /// returns how many fields did and whether one property was named twice (stored name and
    /// alias).
    ///
    /// One walk over the fields instead of a hash lookup per property: a field is first
    /// compared with the property after the previous field's, which finds every field of an
    /// object written in schema order (as `realm-export` writes them) without hashing.
    func matchFields(of object: JSONValue, into values: UnsafeMutableBufferPointer<JSONValue?>)
        -> (matched: Int, namedTwice: Bool) {
        var matched = 0
        var next = 0
        var namedTwice = false
        for (key, value) in object.fields {
            let position: Int
            if next < properties.count, key.equals(utf8: properties[next].keyUTF8) {
                position = next
            } else if let found = positions[key.string] {
                position = found
            } else {
                continue
            }
            if hasAliases && values[position] != nil { namedTwice = true }
            values[position] = value
            matched += 1
            next = position + 1
        }
        return (matched, namedTwice)
    }

    /// Plans for every model of `schema`, links connected.
    static func plans(for schema: CompiledSchema) -> [String: ImportClassPlan] {
        var plans: [String: ImportClassPlan] = [:]
        for model in schema.models {
            plans[model.name] = ImportClassPlan(model)
        }
        for plan in plans.values {
            for property in plan.properties {
                if case .object(let target) = property.base { property.target = plans[target] }
            }
        }
        for plan in plans.values { plan.isRepeatable = plan.primaryKey != nil && plan.writesOnlyItsInput() }
        return plans
    }
}
