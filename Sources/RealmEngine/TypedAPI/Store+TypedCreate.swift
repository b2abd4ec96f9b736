import RealmSchema

/// The order in which a typed model gives the inputs of a new object: its property names,
/// made once per model. The store maps it to its own property positions once per class, so
/// creating an object hashes no property name.
///
/// For example:
///
///     let order = InputOrder(names: ["id", "name"])
///     try store.createTyped("Dog", order, policy: .error) { index in inputs[index] }
package final class InputOrder: Sendable {
    package let names: [String]

    package init(names: [String]) {
        self.names = names
    }
}

extension Store {
    /// Creates a top-level object (as `createTyped(_:_:policy:)`) whose inputs `input` gives
    /// by index in `order.names`; names the class does not store are skipped.
    package func createTyped(_ className: String, _ order: InputOrder, policy: UpdatePolicy,
                             _ input: (Int) throws -> InputValue) throws -> ObjectKey {
        let info = try creatableClass(className, policy)
        let positions = info.positions(of: order)
        var fields = FieldsByPosition(count: info.properties.count)
        for index in positions.indices {
            let value = try input(index)
            if let position = positions[index] { fields[position] = value }
        }
        return ObjectKey(className: className, key: try createObject(info, fields, policy: policy))
    }
}

extension ClassInfo {
    /// The position of each of `order`'s names among the stored properties (nil: not stored).
    func positions(of order: InputOrder) -> [Int?] {
        let id = ObjectIdentifier(order)
        if let known = inputOrders[id] { return known.positions }
        let found = order.names.map { positions[$0] }
        inputOrders[id] = (order, found)
        return found
    }
}
