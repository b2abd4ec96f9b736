import Foundation
import RealmEngine
import RealmInterchange
import RealmSchema
import TestSupport

/// Fills a store with random objects of `ExportTestSchema`: scalars first, then links (shared,
/// cyclic, self-links, links inside embedded objects and mixed values), then a few deletions
/// so object keys have gaps.
struct ExportTestStore {
    var values: ExportTestValues
    let schema: CompiledSchema
    let mixedLinks: Bool

    init(seed: UInt64, schema: CompiledSchema, mixedLinks: Bool, keywordKeys: Bool = true) {
        values = ExportTestValues(random: SeededRandom(seed: seed))
        values.allowsKeywordKeys = keywordKeys
        values.allowsYearZero = keywordKeys   // both off for the pymongo comparison
        self.schema = schema
        self.mixedLinks = mixedLinks
    }

    mutating func fill(_ store: Store, objects: Int) throws {
        try store.write {
            var created: [String: [ObjectKey]] = [:]
            for model in schema.models where model.kind == .object {
                // Random primary keys are created in random order, so object keys do not follow
                // the export order (sets of links must still round-trip byte for byte).
                for fields in (0..<objects).map({ scalars(model, $0) }) {
                    created[model.name, default: []].append(try store.create(model.name, value: fields))
                }
            }
            // In schema order (not the dictionary's), so a seed always picks the same mixed links.
            let all = schema.models.flatMap { created[$0.name] ?? [] }
            for model in schema.models where model.kind == .object {
                for object in created[model.name] ?? [] {
                    for property in model.persistedProperties where !property.isPrimaryKey && needsSecondPass(property) {
                        try store.set(object, property.name, input(property, created: created, all: all, depth: 1))
                    }
                }
            }
            for model in schema.models where model.kind == .object && values.random.chance(60) {
                if let victim = created[model.name]?.dropFirst().first { try store.delete(victim) }
            }
        }
    }

    /// Links, embedded objects and mixed values: set once every object exists.
    private func needsSecondPass(_ property: PropertySchema) -> Bool {
        property.type.base.isObject || property.type.base == .mixed
    }

    private mutating func scalars(_ model: ModelSchema, _ index: Int) -> [String: InputValue] {
        var fields: [String: InputValue] = [:]
        for property in model.persistedProperties where !needsSecondPass(property) {
            if property.isPrimaryKey {
                switch property.type.base {
                case .int: fields[property.name] = .value(.int(Int64(index) * 7 - 20))
                case .string: fields[property.name] = .value(.string(index == 0 ? "" : "tag \(index) \(values.string())"))
                default: fields[property.name] = .value(values.value(property.type.base))
                }
                continue
            }
            fields[property.name] = input(property, created: [:], all: [], depth: 0)
        }
        return fields
    }

    /// A random input for a property: a value, a collection, a map (keys percent-encoded as the
    /// importer stores them), a link or an embedded object.
    private mutating func input(_ property: PropertySchema, created: [String: [ObjectKey]], all: [ObjectKey], depth: Int) -> InputValue {
        let type = property.type
        let count = Int.random(in: 0...3, using: &values.random)
        switch type.collection {
        case .single:
            return element(type, created: created, all: all, depth: depth, optional: type.isOptional || type.base.isObject)
        case .list, .set:
            return .collection((0..<count).map { _ in element(type, created: created, all: all, depth: depth, optional: type.isOptional) })
        case .map:
            var entries: [String: InputValue] = [:]
            for _ in 0..<count {
                entries[MapKeyCoding.encode(values.mapKey())] = element(type, created: created, all: all, depth: depth,
                                                                        optional: type.isOptional)
            }
            return .map(entries)
        }
    }

    private mutating func element(_ type: DeclaredType, created: [String: [ObjectKey]], all: [ObjectKey], depth: Int,
                                  optional: Bool) -> InputValue {
        if optional && values.random.chance(25) { return .value(.null) }
        switch type.base {
        case .object(let target):
            guard let model = schema.model(named: target) else { return .value(.null) }
            if model.kind == .embedded {
                var fields: [String: InputValue] = [:]
                for property in model.persistedProperties {
                    fields[property.name] = input(property, created: created, all: all, depth: depth)
                }
                return .object(fields)
            }
            guard let targets = created[target], !targets.isEmpty else { return .value(.null) }
            return .value(.object(values.random.pick(targets)))
        case .mixed:
            let nested = type.collection == .set ? 0 : 3
            return .value(Self.encodedKeys(values.mixed(depth: nested, links: mixedLinks ? all : [])))
        default:
            return .value(values.value(type.base))
        }
    }

    /// A mixed value with its dictionary keys percent-encoded, as the store holds them.
    static func encodedKeys(_ value: StoreValue) -> StoreValue {
        switch value {
        case .list(let elements): .list(elements.map(encodedKeys))
        case .dictionary(let entries):
            .dictionary(Dictionary(entries.map { (MapKeyCoding.encode($0.key), encodedKeys($0.value)) }, uniquingKeysWith: { a, _ in a }))
        default: value
        }
    }
}
