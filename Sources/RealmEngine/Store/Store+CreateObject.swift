// Creating an object (`create(_:value:update:)`): its values, links, collections and defaults.

import Foundation
import RealmSchema

extension Store {
    /// Creates an object from `value` (property name → input) with one of Realm's update
    /// policies, and returns its key.
    ///
    /// Missing properties of a new object take the schema `default`, else Realm's default
    /// (0, false, "", empty data, now, 0 decimal, a new ObjectId/UUID, null for optionals,
    /// empty collections). Unknown keys are ignored. Nested objects for links are created or,
    /// when their type has a primary key, upserted with the same policy; embedded objects are
    /// always created through their parent. The whole call is atomic: on error nothing of it
    /// remains. Asymmetric classes go to the outbox (see `outbox(_:)`).
    ///
    /// - Throws: `StoreError` (texts in `StoreError.swift`), code `.objectAlreadyExists` for an
    ///   existing primary key under `.error`, `.noPrimaryKey` for `.all`/`.modified` without a
    ///   primary key, `.embeddedCreatedDirectly`, `.invalidValue` for type errors, and
    ///   `.notInWriteTransaction`.
    ///
    /// For example:
    ///
    ///     try store.create("Order", value: ["id": 1, "items": [["sku": "D", "qty": 4]]], update: .all)
    @discardableResult
    public func create(_ className: String, value: [String: InputValue], update policy: UpdatePolicy = .error) throws -> ObjectKey {
        let info = try creatableClass(className, policy)
        if info.isAsymmetric && policy != .error {
            throw StoreError.asymmetricUpdate(className)
        }
        return ObjectKey(className: className, key: try atomically { try createObject(info, value, policy: policy) })
    }

    /// The class of a top-level `create` (and of the importer's and the typed API's), checked:
    /// in a write transaction, not embedded, with a primary key unless `policy` is `.error`.
    func creatableClass(_ className: String, _ policy: UpdatePolicy) throws -> ClassInfo {
        try requireWrite()
        let info = try classInfo(className)
        if info.isEmbedded { throw StoreError.embeddedCreatedDirectly }
        if policy != .error && info.primaryKey == nil { throw StoreError.noPrimaryKey(className) }
        return info
    }

    /// Creates or upserts one object (top-level or nested); returns its key.
    func createObject(_ info: ClassInfo, _ fields: some ObjectFields, policy: UpdatePolicy) throws -> Int64 {
        try createOrUpdateObject(info, fields, policy: policy).key
    }

    /// Creates or upserts one object; returns its key and whether it existed (and was updated).
    /// `fields` is consumed, so a new object's inputs move into the row instead of being copied.
    func createOrUpdateObject(_ info: ClassInfo, _ fields: consuming some ObjectFields,
                              policy: UpdatePolicy) throws -> (key: Int64, existed: Bool) {
        if let primaryKey = info.primaryKey, let position = info.primaryKeyPosition {
            let value = try fields.input(for: primaryKey, at: position).map { try scalarInput($0, primaryKey) }
                ?? defaultValue(primaryKey)
            if let existing = try lookup(info, value) {
                if policy == .error { throw StoreError.objectAlreadyExists(info.name, value.description) }
                try updateObject(info, existing, fields, policy: policy)
                return (existing, true)
            }
            let key = try insertObject(info, fields, policy: policy)
            info.importedKeys?.insert(value)
            return (key, false)
        }
        return (try insertObject(info, fields, policy: policy), false)
    }

    /// Inserts a new object: nested objects first, then the row, then its collections. Each
    /// input is taken from `fields` once (`ObjectFields.take(for:at:)`).
    ///
    /// The row's values are bound as they come, without an array of them; the statement is out
    /// of its slot meanwhile, so that a nested object of the same class (through an embedded
    /// link) prepares a statement of its own instead of overwriting these bindings.
    func insertObject(_ info: ClassInfo, _ fields: consuming some ObjectFields, policy: UpdatePolicy) throws -> Int64 {
        let statement = try info.insertStatement ?? Statement(database: connection.handle, sql: info.insertSQL)
        info.insertStatement = nil
        var parameter: Int32 = 1
        for position in info.singlePositions {
            let property = info.properties[position]
            let input = fields.take(for: property, at: position)
            if property.isMixed {
                let slot = try writeMixed(input?.mixedValue ?? defaultValue(property))
                statement.bind(parameter, slot.value)
                statement.bind(parameter + 1, slot.tag)
                parameter += 2
            } else if property.isLink {
                if let target = try input.flatMap({ try linkTarget(property, $0, current: nil, policy: policy) }) {
                    statement.bind(parameter, target)
                } else {
                    statement.bindNull(parameter)
                }
                parameter += 1
            } else {
                let value = switch consume input {
                case .some(let input): try scalarInput(input, property)
                case .none: defaultValue(property)
                }
                statement.bind(parameter, try encode(value, property, optional: property.isOptional))
                parameter += 1
            }
        }
        try statement.run()
        info.insertStatement = statement
        let key = connection.lastInsertRowID
        noteInserted(info, key)
        for position in info.collectionPositions {
            let property = info.properties[position]
            if let input = fields.take(for: property, at: position) {
                try writeCollection(property, owner: key, input, policy: policy, isNew: true)
            } else if let pieces = fields.stream(at: position) {
                try writeCollection(property, owner: key, pieces, policy: policy, isNew: true)
            }
        }
        return key
    }

    /// The target key of a link input: `null`, an existing object, or a nested object
    /// (upserted by primary key; otherwise created, or under `.modified` the `current` object
    /// updated in place).
    func linkTarget(_ property: PropertyInfo, _ input: InputValue, current: Int64?, policy: UpdatePolicy) throws -> Int64? {
        let target = try targetInfo(property)
        switch input {
        case .value(.null):
            return nil
        case .value(.object(let key)) where key.className == target.name:
            if key.key == current { return current }
            if target.isEmbedded { throw StoreError.embeddedAlreadyOwned }
            guard try trustsLinkKeys || exists(target, key.key) else { throw StoreError.invalidatedObject }
            return key.key
        case .object(let fields):
            if target.primaryKey != nil { return try createObject(target, fields, policy: policy) }
            if policy == .modified, let current {
                try updateObject(target, current, fields, policy: policy)
                return current
            }
            return try insertObject(target, fields, policy: policy)
        case .value(let value):
            throw StoreError.invalidValue(value, for: property)
        default:
            throw StoreError.invalidValue(input.mixedValue, for: property)
        }
    }

    /// The scalar of a `.value` input (moved out of an input the caller gives up).
    func scalarInput(_ input: consuming InputValue, _ property: PropertyInfo) throws -> StoreValue {
        switch consume input {
        case .value(let value): return value
        case let other: throw StoreError.invalidValue(other.mixedValue, for: property)
        }
    }

    /// Encodes a typed value for its slot, checking type and optionality.
    func encode(_ value: StoreValue, _ property: PropertyInfo, optional: Bool) throws -> SQLValue {
        if value.isNull && !optional { throw StoreError.invalidValue(value, for: property) }
        guard let encoded = ValueCodec.encode(value, base: property.base) else { throw StoreError.invalidValue(value, for: property) }
        return encoded
    }

    /// The value a new object gets for a missing property (schema default, else Realm's).
    func defaultValue(_ property: PropertyInfo) -> StoreValue {
        if let literal = property.schema.defaultValue, let value = Store.storeValue(literal, property.base) {
            return value
        }
        if property.isOptional || property.isMixed || property.isLink { return .null }
        switch property.base {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .data: return .data(Data())
        case .date: return .date(Timestamp(Date()))
        case .decimal128: return .decimal128(Decimal128())
        case .objectId: return .objectId(.generate())
        case .uuid: return .uuid(UUID())
        case .mixed, .object, .linkingObjects: return .null
        }
    }

    /// A schema literal as a value of the property's type.
    static func storeValue(_ literal: SchemaValue, _ base: BaseType) -> StoreValue? {
        switch (literal, base) {
        case (.null, _): .null
        case (.bool(let v), _): .bool(v)
        case (.int(let v), .float): .float(Float(v))
        case (.int(let v), .double): .double(Double(v))
        case (.int(let v), .decimal128): .decimal128(Decimal128(v))
        case (.int(let v), _): .int(v)
        case (.double(let v), .float): .float(Float(v))
        case (.double(let v), .decimal128): .decimal128(Decimal128(v))
        case (.double(let v), _): .double(v)
        case (.string(let v), _): .string(v)
        case (.data(let v), _): .data(Data(v))
        case (.date(let seconds, let nanoseconds), _): .date(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
        case (.decimal128(let v), _): (try? Decimal128(string: v)).map { .decimal128($0) }
        case (.objectId(let v), _): (try? ObjectId(string: v)).map { .objectId($0) }
        case (.uuid(let v), _): UUID(uuidString: v).map { .uuid($0) }
        }
    }
}
