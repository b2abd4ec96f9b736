import Foundation
@testable import RealmEngine
import RealmQuery
import RealmSchema

/// Leaf values: columns, elements, map entries, counts, aggregates, SUBQUERY counts.
extension ReferenceEvaluator {
    func leafValues(_ leaf: PathLeaf, _ object: ObjectKey?, variable: StoreValue?) throws -> [StoreValue] {
        switch leaf {
        case .column(_, let property):
            guard let object else { return [.null] }
            return [try store.get(object, property)]
        case .elements(_, let property):
            guard let object else { return [] }
            return try elements(object, property)
        case .mapKeys(_, let property):
            guard let object else { return [] }
            return try dictionary(object, property).keys.map { .string($0) }
        case .mapEntry(_, let property, let key):
            guard let object else { return [.null] }
            return [try dictionary(object, property)[try mapKey(key)] ?? .null]
        case .count(let collection):
            guard let object else { return [0] }
            return [.int(Int64(try members(collection, object).count))]
        case .aggregate(let kind, let collection, let property):
            guard let object else { return [kind == .sum ? 0 : .null] }
            var values = try members(collection, object)
            if let property { values = try values.compactMap(\.objectKey).map { try store.get($0, property) } }
            return [aggregate(kind, values.filter { !$0.isNull && !$0.isNaN })]
        case .mixedType(let inner):
            return try leafValues(inner, object, variable: variable)
        case .subqueryCount(let collection, let predicate):
            guard let object else { return [0] }
            var count: Int64 = 0
            for member in try members(collection, object) {
                if let element = member.objectKey {
                    if try matches(predicate, element, variable: nil) { count += 1 }
                } else if case .property(let owner, let name) = collection,
                          store.schema.model(named: owner)?.property(named: name)?.type.base.isObject == true {
                    continue
                } else if try matches(predicate, object, variable: member) {
                    count += 1
                }
            }
            return [.int(count)]
        case .variable:
            return [variable ?? .null]
        case .nested(let inner, let steps):
            var values = try leafValues(inner, object, variable: variable)
            for step in steps { values = values.flatMap { nestedElements($0, step) } }
            return values
        case .nestedSize(let inner):
            return try leafValues(inner, object, variable: variable).map { holder in
                switch holder {
                case .list(let elements): .int(Int64(elements.count))
                case .dictionary(let entries): .int(Int64(entries.count))
                default: .null
                }
            }
        }
    }

    /// The elements a subscript names in a nested list or dictionary: one (null when missing)
    /// or, for `[*]`, each of them (none when the value holds no collection).
    func nestedElements(_ holder: StoreValue, _ step: NestedStep) -> [StoreValue] {
        switch (holder, step) {
        case (.list(let elements), .all): return elements
        case (.dictionary(let entries), .all): return Array(entries.values)
        case (_, .all): return []
        case (.list(let elements), .element(let key)):
            guard let index = nestedIndex(key), elements.indices.contains(index) else { return [.null] }
            return [elements[index]]
        case (.dictionary(let entries), .element(let key)):
            guard let name = try? mapKey(key) else { return [.null] }
            return [entries[name] ?? .null]
        case (_, .element): return [.null]
        }
    }

    private func nestedIndex(_ key: TypedValue) -> Int? {
        switch key {
        case .literal(.number(let digits), _): return Int(digits)
        case .argument(let index, _): return arguments[index].intValue.map(Int.init)
        default: return nil
        }
    }

    /// The members of a collection: elements or map values, or backlinking objects.
    func members(_ collection: PathCollection, _ object: ObjectKey) throws -> [StoreValue] {
        switch collection {
        case .property(_, let property):
            return try elements(object, property)
        case .backlinks(let origin, let property):
            return try backlinks(to: object, origin: origin, property: property).map { .object($0) }
        case .allBacklinks(let target):
            var result: [StoreValue] = []
            for model in store.schema.models {
                for property in model.persistedProperties where property.type.base.objectType == target {
                    result += try backlinks(to: object, origin: model.name, property: property.name).map { .object($0) }
                }
            }
            return result
        }
    }

    func aggregate(_ kind: AggregateKind, _ values: [StoreValue]) -> StoreValue {
        switch kind {
        case .sum:
            if values.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
                return .int(values.reduce(0) { $0 + ($1.intValue ?? 0) })
            }
            return .double(values.reduce(0) { $0 + ($1.doubleValue ?? 0) })
        case .avg:
            guard !values.isEmpty else { return .null }
            return .double(values.reduce(0) { $0 + ($1.doubleValue ?? 0) } / Double(values.count))
        case .min:
            return values.min { ReferenceEvaluator.sortOrder($0, $1) < 0 } ?? .null
        case .max:
            return values.max { ReferenceEvaluator.sortOrder($0, $1) < 0 } ?? .null
        }
    }
}

extension StoreValue {
    var intValue: Int64? {
        if case .int(let v) = self { return v }
        return nil
    }

    var doubleValue: Double? {
        switch self {
        case .int(let v): Double(v)
        case .float(let v): Double(v)
        case .double(let v): v
        case .decimal128(let v): Double(v.stringValue)
        default: nil
        }
    }

    var isNaN: Bool {
        switch self {
        case .double(let v): v.isNaN
        case .float(let v): v.isNaN
        default: false
        }
    }
}
