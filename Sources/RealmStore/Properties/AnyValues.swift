import Foundation
import RealmEngine
import RealmSchema

/// Optional values seen through `Any`.
protocol _AnyOptional {
    var _anyWrapped: Any? { get }
}

extension Optional: _AnyOptional {
    var _anyWrapped: Any? { map { $0 as Any } }
}

/// Converts the loosely typed values of `Realm.create(_:value:update:)` (dictionaries, arrays,
/// objects, Swift scalars) into store input for one model, with Realm's accepted conversions
/// (docs/json-typing.md, section 10); the store reports every remaining type error in Realm's wording.
struct AnyValues {
    let builder: InputBuilder

    /// `value` without optional wrapping; nil for `nil` and `NSNull`.
    static func unwrap(_ value: Any) -> Any? {
        if let optional = value as? _AnyOptional {
            return optional._anyWrapped.flatMap(unwrap)
        }
        if value is NSNull { return nil }
        return value
    }

    /// A plain value as a store value (no objects); nil when it is not one.
    static func storeValue(_ value: Any) -> StoreValue? {
        guard let value = unwrap(value) else { return .null }
        switch value {
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(Int64(v))
        case let v as Int8: return .int(Int64(v))
        case let v as Int16: return .int(Int64(v))
        case let v as Int32: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as Float: return .float(v)
        case let v as Double: return .double(v)
        case let v as String: return .string(v)
        case let v as Data: return .data(v)
        case let v as Date: return .date(Timestamp(v))
        case let v as Decimal128: return .decimal128(v)
        case let v as ObjectId: return .objectId(v)
        case let v as UUID: return .uuid(v)
        case is ObjectBase: return nil
        case let v as any RealmCollectionValue: return v._rlmStoreValue
        case let v as [Any]:
            var elements: [StoreValue] = []
            for element in v {
                guard let converted = storeValue(element) else { return nil }
                elements.append(converted)
            }
            return .list(elements)
        case let v as [String: Any]:
            var entries: [String: StoreValue] = [:]
            for (key, element) in v {
                guard let converted = storeValue(element) else { return nil }
                entries[key] = converted
            }
            return .dictionary(entries)
        default: return nil
        }
    }

    /// A store value as the Swift value Realm Swift would give (`Int`, `String`, `Date` …).
    static func anyValue(_ value: StoreValue) -> Any {
        switch value {
        case .null: return Optional<Any>.none as Any
        case .bool(let v): return v
        case .int(let v): return Int(v)
        case .float(let v): return v
        case .double(let v): return v
        case .string(let v): return v
        case .data(let v): return v
        case .date(let v): return v.date
        case .decimal128(let v): return v
        case .objectId(let v): return v
        case .uuid(let v): return v
        case .object(let v): return v
        case .list(let v): return v.map(anyValue)
        case .dictionary(let v): return v.mapValues(anyValue)
        }
    }

    /// Realm's implicit conversions into a property type: 0/1 → bool, integers → float,
    /// double and decimal128, in-range doubles → float, numeric strings → decimal128, UUID
    /// strings → uuid. Anything else is returned as is (for the store to accept or reject).
    static func coerce(_ value: StoreValue, to base: BaseType) -> StoreValue {
        switch (base, value) {
        case (.bool, .int(let v)) where v == 0 || v == 1: return .bool(v == 1)
        case (.float, .int(let v)): return .float(Float(v))
        case (.float, .double(let v)) where v.isNaN || abs(v) <= Double(Float.greatestFiniteMagnitude): return .float(Float(v))
        case (.double, .int(let v)): return .double(Double(v))
        case (.double, .float(let v)): return .double(Double(v))
        case (.decimal128, .int(let v)): return .decimal128(Decimal128(v))
        case (.decimal128, .double(let v)): return .decimal128(Decimal128(v))
        case (.decimal128, .string(let v)):
            if let decimal = try? Decimal128(string: v), !decimal.isNaN { return .decimal128(decimal) }
            return value
        case (.uuid, .string(let v)): return UUID(uuidString: v).map { .uuid($0) } ?? value
        default: return value
        }
    }

    /// The fields of an object value for `info`; a new object's missing properties take the
    /// class's defaults (from a fresh instance), an existing one's stay as they are.
    func objectFields(_ value: Any, _ info: TypeInfo) throws -> [String: InputValue] {
        let persisted = info.properties.filter { !$0.type.isLinkingObjects }
        var fields: [String: InputValue] = [:]
        switch AnyValues.unwrap(value) {
        case let object as ObjectBase:
            guard TypeInfo.of(type(of: object)).className == info.className else {
                throw RealmMessages.missingKey(object, info.className, persisted.first?.name ?? "")
            }
            fields = try builder.fields(of: object)
        case let dictionary as [String: Any]:
            for property in persisted {
                if let element = dictionary[property.name] { fields[property.name] = try input(element, property, info) }
            }
        case let array as [Any]:
            guard array.count <= persisted.count else { throw RealmMessages.tooManyValues(array.count, persisted.count) }
            for (element, property) in zip(array, persisted) {
                fields[property.name] = try input(element, property, info)
            }
        case let other:
            throw RealmMessages.missingKey(other, info.className, persisted.first?.name ?? "")
        }
        if try isNew(fields, info) {
            let prototype = info.type.init()
            // Defaults come from a new instance, as in Realm: a link default (`var owner = Person()`)
            // is created with the object; a nil link needs no input.
            for property in persisted where fields[property.name] == nil && !property.isCollection {
                if property.type.base.isObject, AnyValues.unwrap(property.accessor.get(prototype)) == nil { continue }
                fields[property.name] = try property.accessor.input(prototype, builder)
            }
        }
        return fields
    }

    /// Whether the fields describe an object that does not exist yet.
    private func isNew(_ fields: [String: InputValue], _ info: TypeInfo) throws -> Bool {
        if info.kind == .embedded { return builder.policy != .modified }
        if info.kind == .asymmetric { return true }
        guard let primaryKey = info.primaryKey, case .value(let value)? = fields[primaryKey.name] else { return true }
        return try builder.realm.store.object(info.className, primaryKey: value) == nil
    }

    /// The input of one property.
    func input(_ value: Any, _ property: TypeInfo.Property, _ info: TypeInfo) throws -> InputValue {
        guard let value = AnyValues.unwrap(value) else { return .value(.null) }
        switch property.type.collection {
        case .single:
            return try element(value, property, info)
        case .list, .set:
            let elements: [Any]
            if let array = value as? [Any] { elements = array } else if let collection = value as? _AnyElements { elements = collection._anyElements } else {
                return .value(AnyValues.storeValue(value) ?? .string(String(describing: value)))
            }
            return .collection(try elements.map { try element($0, property, info) })
        case .map:
            let entries: [String: Any]
            if let dictionary = value as? [String: Any] { entries = dictionary } else if let map = value as? _AnyEntries { entries = map._anyEntries } else {
                return .value(AnyValues.storeValue(value) ?? .string(String(describing: value)))
            }
            return .map(try entries.mapValues { try element($0, property, info) })
        }
    }

    /// The input of one value or element.
    private func element(_ value: Any, _ property: TypeInfo.Property, _ info: TypeInfo) throws -> InputValue {
        guard let value = AnyValues.unwrap(value) else { return .value(.null) }
        switch property.type.base {
        case .object(let target):
            if let object = value as? ObjectBase { return try builder.reference(object) }
            if value is [String: Any] || value is [Any] {
                return .object(try objectFields(value, builder.realm.core.typeInfo(named: target)))
            }
        case .mixed:
            if let mixed = value as? AnyRealmValue { return try mixed._rlmInput(builder) }
            if let object = value as? ObjectBase { return try builder.reference(object) }
        default:
            if let converted = AnyValues.storeValue(value) {
                return .value(AnyValues.coerce(converted, to: property.type.base))
            }
        }
        if let converted = AnyValues.storeValue(value) { return .value(converted) }
        throw RealmMessages.invalidValue(value, for: property.type.base.yamlName, info.className, property.name)
    }
}

/// Realm collections seen through `Any` (List, MutableSet, Results …): their elements.
protocol _AnyElements {
    var _anyElements: [Any] { get }
}

/// Maps seen through `Any`: their entries.
protocol _AnyEntries {
    var _anyEntries: [String: Any] { get }
}
