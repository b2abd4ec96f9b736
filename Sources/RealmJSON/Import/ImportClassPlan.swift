import RealmEngine
import RealmSchema

/// One persisted property as the importer reads it, with what the hot path needs precomputed.
final class ImportProperty {
    let schema: PropertySchema
    let name: String
    /// `name`'s UTF-8 bytes, to compare with the keys of JSON objects.
    let nameUTF8: [UInt8]
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

    init(_ schema: PropertySchema) {
        self.schema = schema
        name = schema.name
        nameUTF8 = Array(schema.name.utf8)
        base = schema.type.base
        collection = schema.type.collection
        isOptional = schema.type.isOptional
        isLink = schema.type.linkTarget != nil
        isMixed = schema.type.isMixed
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
    let propertyNames: Set<String>
    /// Property name → position in `properties`.
    let positions: [String: Int]
    let linkingNames: Set<String>
    /// Whether every property is a scalar or a collection of scalars (no links, no mixed), so
    /// that converting an object needs nothing but the object.
    let holdsOnlyScalars: Bool
    var isEmbedded: Bool { model.kind == .embedded }
    var isAsymmetric: Bool { model.kind == .asymmetric }

    init(_ model: ModelSchema) {
        self.model = model
        name = model.name
        properties = model.persistedProperties.map(ImportProperty.init)
        primaryKey = properties.first { $0.schema.isPrimaryKey }
        propertyNames = Set(properties.map(\.name))
        positions = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.name, $0) })
        linkingNames = Set(model.properties.filter(\.type.isLinkingObjects).map(\.name))
        holdsOnlyScalars = properties.allSatisfy { !$0.isLink && !$0.isMixed }
    }

    /// Puts the value of each field of `object` that names a property into `values`, at the
    /// property's position (the others stay as they are), and returns how many fields did.
    ///
    /// One walk over the fields instead of a hash lookup per property: a field is first
    /// compared with the property after the previous field's, which finds every field of an
    /// object written in schema order (as `realm-export` writes them) without hashing.
    func matchFields(of object: JSONValue, into values: UnsafeMutableBufferPointer<JSONValue?>) -> Int {
        var matched = 0
        var next = 0
        for (key, value) in object.fields {
            let position: Int
            if next < properties.count, key.equals(utf8: properties[next].nameUTF8) {
                position = next
            } else if let found = positions[key.string] {
                position = found
            } else {
                continue
            }
            values[position] = value
            matched += 1
            next = position + 1
        }
        return matched
    }

    /// Plans for every model of `schema`, links connected.
    static func plans(for schema: Schema) -> [String: ImportClassPlan] {
        var plans: [String: ImportClassPlan] = [:]
        for model in schema.models {
            plans[model.name] = ImportClassPlan(model)
        }
        for plan in plans.values {
            for property in plan.properties {
                if case .object(let target) = property.base { property.target = plans[target] }
            }
        }
        return plans
    }
}
