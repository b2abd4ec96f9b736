import Foundation
import RealmJSON
import RealmSchema
import RealmStore
import Testing

/// Loads a multi-class export into a store through `ExportReference` alone (the decoding piece
/// an importer calls): every object is created first, `$id`s are recorded, then links, lists,
/// maps and mixed values are set with references resolved, so forward, shared and cyclic
/// references all work. Scalars go through `ExtendedJSON`. Test support for the reference
/// encoding, independent of `Importer`.
struct ExportReferenceLoader {
    let store: Store
    var positions: [ExportReference.Target: ObjectKey] = [:]

    init(store: Store) {
        self.store = store
    }

    mutating func load(_ text: String) throws {
        let document = try JSONDocument.parse(text)
        let schema = store.schema
        try store.write {
            var created: [(ObjectKey, ModelSchema, JSONValue)] = []
            try document.withRoot { (root: JSONValue) throws in
                for (classKey, objects) in root.fields {
                    let model = try #require(schema.model(named: classKey.string))
                    for object in objects.elements {
                        var fields: [String: InputValue] = [:]
                        for property in model.persistedProperties where !Self.isDeferred(property) {
                            let value = try #require(object[property.name])
                            fields[property.name] = .value(value.isNull ? .null : try ExtendedJSON.value(value, as: property.type.base))
                        }
                        let key = try store.create(model.name, value: fields)
                        if let id = try ExportReference.objectID(object) {
                            positions[ExportReference.Target(className: model.name, id: .int(id))] = key
                        }
                        created.append((key, model, object))
                    }
                }
                for (key, model, object) in created {
                    for property in model.persistedProperties where Self.isDeferred(property) {
                        try store.set(key, property.name, try input(try #require(object[property.name]), property.type))
                    }
                }
            }
        }
    }

    /// Links, collections and mixed values wait until every object exists.
    static func isDeferred(_ property: PropertySchema) -> Bool {
        property.type.collection != .single || property.type.base.isObject || property.type.base == .mixed
    }

    private func input(_ value: JSONValue, _ type: PropertyType) throws -> InputValue {
        switch type.collection {
        case .list, .set:
            return .collection(try value.elements.map { try element($0, type.base) })
        case .map:
            var entries: [String: InputValue] = [:]
            for (key, element) in value.fields {
                entries[MapKeyCoding.encode(key.string)] = try self.element(element, type.base)
            }
            return .map(entries)
        case .single:
            return try element(value, type.base)
        }
    }

    private func element(_ value: JSONValue, _ base: BaseType) throws -> InputValue {
        if value.isNull { return .value(.null) }
        switch base {
        case .object(let target):
            if let model = store.schema.model(named: target), model.kind == .embedded {
                var fields: [String: InputValue] = [:]
                for property in model.persistedProperties {
                    fields[property.name] = try input(try #require(value[property.name]), property.type)
                }
                return .object(fields)
            }
            if let primaryKey = store.schema.model(named: target)?.primaryKeyProperty,
               try ExportReference.reference(value, schema: store.schema) == nil {
                let key = try ExtendedJSON.value(value, as: primaryKey.type.base)
                return .value(.object(try #require(try store.object(target, primaryKey: key))))
            }
            return .value(.object(try resolve(value)))
        case .mixed:
            return .value(try mixed(value))
        default:
            return .value(try ExtendedJSON.value(value, as: base))
        }
    }

    /// A mixed value whose links are `$ref`s, at any depth.
    private func mixed(_ value: JSONValue) throws -> StoreValue {
        if try ExportReference.reference(value, schema: store.schema) != nil { return .object(try resolve(value)) }
        switch value.kind {
        case .array:
            return .list(try value.elements.map(mixed))
        case .object where !ExportReference.isTypedValue(value):
            var entries: [String: StoreValue] = [:]
            for (key, element) in value.fields { entries[MapKeyCoding.encode(key.string)] = try mixed(element) }
            return .dictionary(entries)
        default:
            return try ExtendedJSON.mixed(value)
        }
    }

    private func resolve(_ value: JSONValue) throws -> ObjectKey {
        guard let target = try ExportReference.reference(value, schema: store.schema) else {
            throw ExportError("not a reference: \(value.jsonText)")
        }
        if case .int = target.id, store.schema.model(named: target.className)?.primaryKey == nil {
            guard let key = positions[target] else { throw ExportError("unresolved \(value.jsonText)") }
            return key
        }
        guard let key = try store.object(target.className, primaryKey: target.id) else { throw ExportError("unresolved \(value.jsonText)") }
        return key
    }
}
