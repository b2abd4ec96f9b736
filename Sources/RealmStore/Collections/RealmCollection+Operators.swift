import Foundation
import RealmEngine

/// Key-value coding collection operators in `value(forKeyPath:)`, as Realm's collections
/// answer them: `@count`; `@sum.p`, `@avg.p`, `@min.p`, `@max.p` of a property (nulls
/// ignored); `@unionOfObjects.p` (the non-null values, in order) and
/// `@distinctUnionOfObjects.p` (each value once, in order of first appearance).
///
/// For example:
///
///     realm.objects(Dog.self).value(forKeyPath: "@avg.age") as? Double
extension RealmCollection {
    /// The answer of a key path starting with a collection operator.
    func collectionOperator(_ keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts.first ?? keyPath
        if name == "@count" {
            guard parts.count == 1 else { RealmMessages.trap(RealmMessages.operatorTakesNoPath(keyPath)) }
            return count
        }
        guard ["@sum", "@avg", "@min", "@max", "@unionOfObjects", "@distinctUnionOfObjects"].contains(name) else {
            RealmMessages.trap(RealmMessages.unsupportedOperator(keyPath))
        }
        guard parts.count == 2, !parts[1].isEmpty else { RealmMessages.trap(RealmMessages.operatorNeedsPath(keyPath)) }
        let values = values(forKeyPath: parts[1])
        switch name {
        case "@unionOfObjects": return values.compactMap { $0 }
        case "@distinctUnionOfObjects": return Self.distinct(values)
        default: break
        }
        let present = Aggregates.values(values)
        switch name {
        case "@sum": return Self.sum(present)
        case "@avg": return present.isEmpty ? nil : Self.average(present)
        default: return Self.extreme(present, smallest: name == "@min")
        }
    }

    private static func distinct(_ values: [Any?]) -> [Any] {
        var seen = Set<AnyHashable>()
        var result: [Any] = []
        for case let value? in values {
            let key: AnyHashable = (value as? AnyHashable) ?? AnyValues.storeValue(value).map(AnyHashable.init) ?? AnyHashable("\(value)")
            if seen.insert(key).inserted { result.append(value) }
        }
        return result
    }

    /// An `Int` for integers, a `Decimal128` for decimals, else a `Double` (0 when empty).
    private static func sum(_ present: [StoreValue]) -> Any {
        if present.allSatisfy({ if case .int = $0 { true } else { false } }) {
            return present.reduce(0) { sum, value in if case .int(let v) = value { sum &+ Int(v) } else { sum } }
        }
        if present.contains(where: { if case .decimal128 = $0 { true } else { false } }) {
            let total = present.reduce(Decimal(0)) { $0 + StoreValueOrder.decimal($1) }
            return (try? Decimal128(string: total.description)) ?? Decimal128(0)
        }
        return present.reduce(0.0) { $0 + StoreValueOrder.number($1) }
    }

    /// A `Decimal128` for decimals, else a `Double`.
    private static func average(_ present: [StoreValue]) -> Any {
        if present.contains(where: { if case .decimal128 = $0 { true } else { false } }) {
            let total = present.reduce(Decimal(0)) { $0 + StoreValueOrder.decimal($1) }
            return (try? Decimal128(string: (total / Decimal(present.count)).description)) ?? Decimal128(0)
        }
        return present.reduce(0.0) { $0 + StoreValueOrder.number($1) } / Double(present.count)
    }

    private static func extreme(_ present: [StoreValue], smallest: Bool) -> Any? {
        guard var best = present.first else { return nil }
        for value in present.dropFirst() where StoreValueOrder.less(value, best) == smallest && value != best {
            best = value
        }
        return AnyValues.anyValue(best)
    }
}
