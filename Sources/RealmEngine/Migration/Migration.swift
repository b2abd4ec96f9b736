import RealmSchema

/// The context of a migration block: the old and new schemas, the old objects, and the store
/// (already on the new schema, inside the migration's write transaction).
///
/// Objects keep their keys across a migration. Properties whose storage is unchanged are
/// copied; changed and added properties start at their default (or null) and the block sets
/// them, e.g. from the old values.
///
/// For example:
///
///     try Store(path: path, schema: v2) { migration in
///         try migration.enumerateObjects("Person") { old, new in
///             guard let new, case .int(let age) = old["age"] else { return }
///             try migration.store.set(new, "age", .value(.string(String(age))))
///         }
///     }
public final class Migration {
    /// The schema stored in the file before the migration.
    public let oldSchema: CompiledSchema
    /// The schema the store is being opened with.
    public let newSchema: CompiledSchema
    /// The store, on the new schema, in a write transaction.
    public let store: Store
    /// Storage of the old classes (renamed tables for changed and removed classes).
    let oldClasses: [String: ClassInfo]

    init(oldSchema: CompiledSchema, newSchema: CompiledSchema, store: Store, oldClasses: [String: ClassInfo]) {
        self.oldSchema = oldSchema
        self.newSchema = newSchema
        self.store = store
        self.oldClasses = oldClasses
    }

    /// Calls `body` for every object of `className` in the old schema, with its old values by
    /// property name and its key in the new schema (nil if the class is gone).
    public func enumerateObjects(_ className: String, _ body: ([String: StoreValue], ObjectKey?) throws -> Void) throws {
        guard let info = oldClasses[className] else { throw StoreError.unknownClass(className) }
        let survives = newSchema.model(named: className) != nil
        for object in try store.keys(of: info, order: .insertion) {
            guard let row = try store.readRow(info, object.key) else { continue }
            var values: [String: StoreValue] = [:]
            for (position, property) in info.properties.enumerated() {
                values[property.name] = try store.value(of: property, at: position, in: info, row: row, owner: object.key)
            }
            try body(values, survives ? ObjectKey(className: className, key: object.key) : nil)
        }
    }
}
