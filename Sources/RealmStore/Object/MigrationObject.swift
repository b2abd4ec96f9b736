import RealmEngine
import RealmSchema

/// An object as a migration block sees it, by property name, as Realm Swift's `MigrationObject`:
/// the old object (its values before the migration, read-only) or the new one (read and
/// written in the store being migrated).
///
/// For example:
///
///     migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
///         let first = oldObject!["firstName"] as! String
///         newObject!["fullName"] = "\(first) \(oldObject!["lastName"] as! String)"
///     }
@dynamicMemberLookup
public final class MigrationObject: CustomStringConvertible {
    private let migration: Migration
    /// The object in the migrated store (nil for an old object whose class is gone).
    let key: ObjectKey?
    /// The values before the migration (nil for a new object).
    private let oldValues: [String: StoreValue]?
    private let className: String

    init(migration: Migration, className: String, key: ObjectKey?, oldValues: [String: StoreValue]?) {
        self.migration = migration
        self.className = className
        self.key = key
        self.oldValues = oldValues
    }

    /// The property named `key` (a link as a `MigrationObject`, a collection as an array or
    /// dictionary); setting writes the new object (an old one traps: it is read-only).
    public subscript(key: String) -> Any? {
        get { value(forKey: key) }
        set { setValue(newValue, forKey: key) }
    }

    public subscript(dynamicMember member: String) -> Any? {
        get { value(forKey: member) }
        set { setValue(newValue, forKey: member) }
    }

    /// The property named `key`, or nil when it is null or the class has no such property.
    public func value(forKey name: String) -> Any? {
        let stored: StoreValue?
        if let oldValues {
            stored = oldValues[name]
        } else if let key, migration.newSchema.model(named: className)?.property(named: name) != nil {
            stored = trapping { try migration.store.get(key, name) }
        } else {
            stored = nil
        }
        return stored.flatMap(swiftValue)
    }

    /// Writes the property named `key` of the new object.
    public func setValue(_ value: Any?, forKey name: String) {
        guard oldValues == nil, let key else { RealmMessages.trap(RealmMessages.migrationOldObjectReadOnly(className)) }
        trapping {
            let fields = try DynamicInput(schema: migration.newSchema).fields([name: value as Any], of: className)
            try migration.store.set(key, name, fields[name] ?? .value(.null))
        }
    }

    public var description: String {
        let model = (oldValues == nil ? migration.newSchema : migration.oldSchema).model(named: className)
        let values = (model?.properties ?? []).filter { !$0.type.isLinkingObjects }.map { ($0.name, value(forKey: $0.name)) }
        return RealmDescription.object(className, values, depth: RealmDescription.maxDepth)
    }

    private func swiftValue(_ value: StoreValue) -> Any? {
        switch value {
        case .null: nil
        case .object(let target): MigrationObject(migration: migration, className: target.className, key: target, oldValues: nil)
        case .list(let values): values.map { swiftValue($0) as Any }
        case .dictionary(let entries): entries.mapValues { swiftValue($0) as Any }
        default: AnyValues.anyValue(value)
        }
    }

    private func trapping<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }
}

/// Realm Swift's migration API, over the store's `Migration`.
extension Migration {
    /// Calls `block` for every object of the class named `typeName` in the old schema, with the
    /// object as it was and as it is in the new schema (nil when the class is gone, or for an
    /// object the block's own `delete` removed).
    ///
    /// For example:
    ///
    ///     migration.enumerateObjects(ofType: Dog.className()) { old, new in
    ///         new?["age"] = (old?["age"] as? Int ?? 0) + 1
    ///     }
    public func enumerateObjects(ofType typeName: String, _ block: (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void) {
        guard oldSchema.model(named: typeName) != nil else { return }
        do {
            try enumerateObjects(typeName) { values, key in
                let old = MigrationObject(migration: self, className: typeName, key: key, oldValues: values)
                let new = key.flatMap { store.isValid($0) ? MigrationObject(migration: self, className: typeName, key: $0, oldValues: nil) : nil }
                block(old, new)
            }
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// Creates an object of the class named `typeName` in the new schema from a dictionary
    /// (or an array in property order) of its values.
    @discardableResult
    public func create(_ typeName: String, value: Any = [Any]()) -> MigrationObject {
        do {
            let fields = try DynamicInput(schema: newSchema).fields(value, of: typeName)
            let key = try store.create(typeName, value: fields)
            return MigrationObject(migration: self, className: typeName, key: key, oldValues: nil)
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// Deletes a new object.
    public func delete(_ object: MigrationObject) {
        guard let key = object.key else { return }
        do {
            try store.delete(key)
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
    }

    /// Deletes every object of the class named `typeName` from the new store; whether the
    /// class was there. (Realm also forgets a removed class's table; here the table of a
    /// class the new schema lacks is already gone.)
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        guard newSchema.model(named: typeName) != nil else { return oldSchema.model(named: typeName) != nil }
        do {
            try store.deleteAll(typeName)
        } catch {
            RealmMessages.trap(RealmMessages.message(of: error))
        }
        return true
    }
}
