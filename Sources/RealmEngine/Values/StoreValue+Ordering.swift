import Foundation

/// Realm's sort order across values: null first, then booleans, numbers (compared by value
/// across int, float, double and decimal128), strings, data, dates, ObjectIds, UUIDs, links.
package enum StoreValueOrder {
    package static func less(_ a: StoreValue, _ b: StoreValue) -> Bool {
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case let (.bool(x), .bool(y)): return !x && y
        case let (.int(x), .int(y)): return x < y
        case let (.string(x), .string(y)): return x < y
        case let (.data(x), .data(y)): return x.lexicographicallyPrecedes(y)
        case let (.date(x), .date(y)): return x < y
        case let (.objectId(x), .objectId(y)): return x < y
        case let (.uuid(x), .uuid(y)): return x.uuidString < y.uuidString
        case let (.object(x), .object(y)): return (x.className, x.key) < (y.className, y.key)
        case let (.decimal128(x), .decimal128(y)): return x < y
        default: return number(a) < number(b)
        }
    }

    private static func rank(_ value: StoreValue) -> Int {
        switch value {
        case .null: 0
        case .bool: 1
        case .int, .float, .double, .decimal128: 2
        case .string: 3
        case .data: 4
        case .date: 5
        case .objectId: 6
        case .uuid: 7
        case .object: 8
        case .list: 9
        case .dictionary: 10
        }
    }

    /// A numeric value as a Double (for mixed comparisons and averages).
    package static func number(_ value: StoreValue) -> Double {
        switch value {
        case .int(let v): Double(v)
        case .float(let v): Double(v)
        case .double(let v): v
        case .decimal128(let v): Double(v.stringValue) ?? .nan
        case .bool(let v): v ? 1 : 0
        default: .nan
        }
    }

    /// A numeric value as a Foundation decimal (for exact decimal128 sums).
    package static func decimal(_ value: StoreValue) -> Decimal {
        switch value {
        case .int(let v): Decimal(v)
        case .decimal128(let v): Decimal(string: v.stringValue) ?? 0
        default: Decimal(number(value))
        }
    }
}
