import Foundation
import RealmEngine

/// Aggregates of a property: SQL aggregates for a managed collection of objects (one
/// statement), else computed from the values.
extension RealmCollection {
    /// The smallest value of a property, or nil when the collection is empty.
    /// (An SQL `min` for a managed collection of objects.)
    public func min<T: MinMaxType>(ofProperty property: String) -> T? {
        checkAggregated(property)
        if let query = _rlmQuery, let value = query.aggregate(.min, property) { return Aggregates.convert(value) }
        return Aggregates.extreme(storedValues(property), smallest: true)
    }

    /// The largest value of a property, or nil when the collection is empty (an SQL `max`
    /// for a managed collection of objects).
    public func max<T: MinMaxType>(ofProperty property: String) -> T? {
        checkAggregated(property)
        if let query = _rlmQuery, let value = query.aggregate(.max, property) { return Aggregates.convert(value) }
        return Aggregates.extreme(storedValues(property), smallest: false)
    }

    /// The sum of a property (0 when empty; an SQL `sum` for a managed collection of objects
    /// where the type allows, decimals are added up from the column).
    public func sum<T: AddableType>(ofProperty property: String) -> T {
        checkAggregated(property)
        if let query = _rlmQuery, let value = query.aggregate(.sum, property) { return Aggregates.sum(total: value) }
        return Aggregates.sum(storedValues(property))
    }

    /// The average of a property, or nil when the collection is empty (an SQL `avg` for a
    /// managed collection of objects where the type allows).
    public func average<T: AddableType>(ofProperty property: String) -> T? {
        checkAggregated(property)
        if let query = _rlmQuery, let value = query.aggregate(.average, property) { return Aggregates.average(mean: value) }
        return Aggregates.average(storedValues(property))
    }

    /// The smallest value of a property as an `NSNumber` (Realm Swift's untyped form), or nil
    /// when the collection is empty or the property is not a number.
    public func min(ofProperty property: String) -> NSNumber? {
        let value: Double? = min(ofProperty: property)
        return number(value, property)
    }

    /// The largest value of a property as an `NSNumber`, or nil when empty.
    public func max(ofProperty property: String) -> NSNumber? {
        let value: Double? = max(ofProperty: property)
        return number(value, property)
    }

    /// The sum of a property as an `NSNumber` (0 when empty).
    public func sum(ofProperty property: String) -> NSNumber {
        let value: Double = sum(ofProperty: property)
        return number(value, property) ?? 0
    }

    /// The average of a property as an `NSNumber` (a double), or nil when empty.
    public func average(ofProperty property: String) -> NSNumber? {
        let value: Double? = average(ofProperty: property)
        return value.map { NSNumber(value: $0) }
    }

    /// `value` as an integer `NSNumber` for an integer property, else a double one.
    private func number(_ value: Double?, _ property: String) -> NSNumber? {
        guard let value else { return nil }
        if let type = Element.self as? ObjectBase.Type, case .int? = TypeInfo.of(type).property(named: property)?.type.base,
           let integer = Int64(exactly: value) {
            return NSNumber(value: integer)
        }
        return NSNumber(value: value)
    }

    /// Traps with Realm's message when a collection of objects has no property `property`
    /// (a plain name; paths through links are checked by the query).
    private func checkAggregated(_ property: String) {
        guard let type = Element.self as? ObjectBase.Type, type != DynamicObject.self, !property.contains(".") else { return }
        let info = TypeInfo.of(type)
        if info.property(named: property) == nil { RealmMessages.trap(RealmMessages.invalidPropertyName(property, info.className)) }
    }

    /// The values of a property as store values: one column read when it is stored in one.
    private func storedValues(_ keyPath: String) -> [StoreValue] {
        if let query = _rlmQuery, let values = query.values(keyPath) { return values.filter { !$0.isNull } }
        return Aggregates.values(map { KeyPaths.value(of: $0, path: keyPath) })
    }
}
extension RealmCollection where Element: MinMaxType {
    /// The smallest element, or nil when empty (nulls are ignored).
    public func min() -> Element? { Aggregates.extreme(_rlmElements.map { $0 as Any? }, smallest: true) }
    /// The largest element, or nil when empty (nulls are ignored).
    public func max() -> Element? { Aggregates.extreme(_rlmElements.map { $0 as Any? }, smallest: false) }
}

extension RealmCollection where Element: AddableType {
    /// The sum of the elements (0 when empty).
    public func sum() -> Element { Aggregates.sum(_rlmElements.map { $0 as Any? }) }
    /// The average of the elements, or nil when empty.
    public func average<T: AddableType>() -> T? { Aggregates.average(_rlmElements.map { $0 as Any? }) }
}
