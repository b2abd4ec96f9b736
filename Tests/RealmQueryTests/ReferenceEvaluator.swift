import Foundation
@testable import RealmEngine
import RealmQuery
import RealmSchema

/// Evaluates a checked query in plain Swift over objects read one by one through the store's
/// dynamic read API (`objects`, `get`): the oracle the SQL compiler is compared with. It shares
/// only the type-checked plan and `QueryText`'s string rules with the SQL path.
struct ReferenceEvaluator {
    let store: Store
    let arguments: [StoreValue]

    func run(_ plan: QueryPlan) throws -> [ObjectKey] {
        var matched = try store.objects(plan.className).filter { try matches(plan.predicate, $0, variable: nil) }
        if !plan.sort.isEmpty {
            let keys = try matched.map { object in try plan.sort.map { try single($0.path, object) } }
            let order = matched.indices.sorted { a, b in
                for (index, key) in plan.sort.enumerated() {
                    let result = ReferenceEvaluator.sortOrder(keys[a][index], keys[b][index])
                    if result != 0 { return key.ascending ? result < 0 : result > 0 }
                }
                return matched[a].key < matched[b].key
            }
            matched = order.map { matched[$0] }
        }
        if !plan.distinct.isEmpty {
            var seen: [[StoreValue]] = []
            var kept: [ObjectKey] = []
            for object in matched {
                let values = try plan.distinct.map { try single($0, object) }
                if seen.contains(where: { zip($0, values).allSatisfy { ReferenceEvaluator.sortOrder($0, $1) == 0 } }) { continue }
                seen.append(values)
                kept.append(object)
            }
            matched = kept
        }
        if let limit = plan.limit { matched = Array(matched.prefix(limit)) }
        return matched
    }

    func matches(_ predicate: TypedPredicate, _ object: ObjectKey, variable: StoreValue?) throws -> Bool {
        switch predicate {
        case .and(let operands): return try operands.allSatisfy { try matches($0, object, variable: variable) }
        case .or(let operands): return try operands.contains { try matches($0, object, variable: variable) }
        case .not(let inner): return try !matches(inner, object, variable: variable)
        case .constant(let value): return value
        case .comparison(let comparison): return try matches(comparison, object, variable: variable)
        }
    }

    /// The value of a single-valued path.
    func single(_ path: ResolvedPath, _ object: ObjectKey, variable: StoreValue? = nil) throws -> StoreValue {
        try values(path, object, variable: variable).first ?? .null
    }

    func values(_ path: ResolvedPath, _ object: ObjectKey, variable: StoreValue?) throws -> [StoreValue] {
        var result: [StoreValue] = []
        for target in try objects(after: path.hops, from: object) {
            result += try leafValues(path.leaf, target, variable: variable)
        }
        return result
    }

    /// The objects reached through the hops (nil for a null to-one link).
    func objects(after hops: [PathHop], from object: ObjectKey) throws -> [ObjectKey?] {
        var current: [ObjectKey?] = [object]
        for hop in hops {
            var next: [ObjectKey?] = []
            for case let object? in current {
                switch hop {
                case .link(_, let property):
                    next.append(try store.get(object, property).objectKey)
                case .mapEntry(_, let property, let key):
                    next.append(try dictionary(object, property)[try mapKey(key)]?.objectKey)
                case .collection(_, let property):
                    next += try elements(object, property).compactMap(\.objectKey)
                case .backlinks(let origin, let property):
                    next += try backlinks(to: object, origin: origin, property: property)
                }
            }
            if !hops.isEmpty, !hop.isMultiValued, current.contains(where: { $0 == nil }) { next.append(nil) }
            current = next
        }
        return current
    }

    func elements(_ object: ObjectKey, _ property: String) throws -> [StoreValue] {
        switch try store.get(object, property) {
        case .list(let values): return values
        case .dictionary(let entries): return Array(entries.values)
        default: return []
        }
    }

    func dictionary(_ object: ObjectKey, _ property: String) throws -> [String: StoreValue] {
        if case .dictionary(let entries) = try store.get(object, property) { return entries }
        return [:]
    }

    func mapKey(_ key: TypedValue) throws -> String {
        switch key {
        case .literal(.string(let text), _): return text
        case .argument(let index, _):
            if case .string(let text) = arguments[index] { return text }
            return ""
        default: return ""
        }
    }

    /// The objects of `origin` whose `property` links to `target`, once per link.
    func backlinks(to target: ObjectKey, origin: String, property: String) throws -> [ObjectKey] {
        var result: [ObjectKey] = []
        for object in try store.objects(origin) {
            switch try store.get(object, property) {
            case .object(let key) where key == target: result.append(object)
            case .list(let values): result += values.filter { $0.objectKey == target }.map { _ in object }
            case .dictionary(let entries): result += entries.values.filter { $0.objectKey == target }.map { _ in object }
            default: break
            }
        }
        return result
    }
}

extension StoreValue {
    var objectKey: ObjectKey? {
        if case .object(let key) = self { return key }
        return nil
    }
}
