import Foundation
import RealmEngine
import RealmSchema

/// Types `min`/`max` work on: integers, floats, doubles, decimals, dates (and their optionals).
///
/// For example:
///
///     let youngest: Int? = dogs.min(ofProperty: "age")
public protocol MinMaxType: RealmCollectionValue {}

/// Types `sum`/`average` work on: integers, floats, doubles, decimals (and their optionals).
///
/// For example:
///
///     let total: Double = orders.sum(ofProperty: "amount")
public protocol AddableType: RealmCollectionValue {}

extension Int: MinMaxType, AddableType {}
extension Int8: MinMaxType, AddableType {}
extension Int16: MinMaxType, AddableType {}
extension Int32: MinMaxType, AddableType {}
extension Int64: MinMaxType, AddableType {}
extension Float: MinMaxType, AddableType {}
extension Double: MinMaxType, AddableType {}
extension Decimal128: MinMaxType, AddableType {}
extension Date: MinMaxType {}
extension Optional: MinMaxType where Wrapped: MinMaxType {}
extension Optional: AddableType where Wrapped: AddableType {}

/// The aggregate computations over values read as `Any?` (nulls ignored).
enum Aggregates {
    static func values(_ values: [Any?]) -> [StoreValue] {
        values.compactMap { $0.flatMap(AnyValues.storeValue) }.filter { !$0.isNull }
    }

    static func extreme<T: RealmCollectionValue>(_ values: [Any?], smallest: Bool) -> T? {
        extreme(Aggregates.values(values), smallest: smallest)
    }

    static func extreme<T: RealmCollectionValue>(_ present: [StoreValue], smallest: Bool) -> T? {
        guard var best = present.first else { return nil }
        for value in present.dropFirst() where StoreValueOrder.less(value, best) == smallest && value != best {
            best = value
        }
        return convert(best)
    }

    static func sum<T: RealmCollectionValue>(_ values: [Any?]) -> T {
        sum(Aggregates.values(values))
    }

    static func sum<T: RealmCollectionValue>(_ present: [StoreValue]) -> T {
        convert(total(present, for: T._rlmBase)) ?? T._rlmDefault()
    }

    /// A sum SQLite computed (`.null` when there was no value).
    static func sum<T: RealmCollectionValue>(total: StoreValue) -> T {
        total.isNull ? T._rlmDefault() : convert(total) ?? T._rlmDefault()
    }

    static func average<T: RealmCollectionValue>(_ values: [Any?]) -> T? {
        average(Aggregates.values(values))
    }

    static func average<T: RealmCollectionValue>(_ present: [StoreValue]) -> T? {
        guard !present.isEmpty else { return nil }
        if case .decimal128 = T._rlmBase {
            let sum = present.reduce(Decimal(0)) { $0 + StoreValueOrder.decimal($1) }
            return convert(.string((sum / Decimal(present.count)).description))
        }
        return average(mean: .double(present.reduce(0.0) { $0 + StoreValueOrder.number($1) } / Double(present.count)))
    }

    /// An average SQLite computed (`.null` when there was no value), as `T`: integers
    /// truncated toward zero, as Realm does.
    static func average<T: RealmCollectionValue>(mean: StoreValue) -> T? {
        if mean.isNull { return nil }
        let value = StoreValueOrder.number(mean)
        switch T._rlmBase {
        case .int: return convert(.int(Int64(value.rounded(.towardZero))))
        case .decimal128: return convert(.string(Decimal(value).description))
        default: return convert(.double(value))
        }
    }

    private static func total(_ values: [StoreValue], for base: BaseType) -> StoreValue {
        switch base {
        case .int:
            return .int(values.reduce(Int64(0)) { sum, value in
                if case .int(let v) = value { return sum &+ v }
                return sum &+ Int64(StoreValueOrder.number(value).rounded(.towardZero))
            })
        case .decimal128: return .string(values.reduce(Decimal(0)) { $0 + StoreValueOrder.decimal($1) }.description)
        default: return .double(values.reduce(0.0) { $0 + StoreValueOrder.number($1) })
        }
    }

    /// A value as `T`, with Realm's numeric conversions.
    static func convert<T: RealmCollectionValue>(_ value: StoreValue) -> T? {
        T._rlmFromAny(AnyValues.anyValue(AnyValues.coerce(value, to: T._rlmBase)))
    }
}
