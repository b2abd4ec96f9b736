import Foundation
import RealmFormats
import RealmSchema

/// The schema's stored form: JSON text in `_realm_meta` (key `schema`), deterministic (sorted
/// keys), holding everything but source locations.
enum SchemaCoding {
    static func encode(_ schema: CompiledSchema) -> String {
        let object: [String: Any] = [
            "schemaVersion": schema.schemaVersion,
            "models": schema.models.map(encode(model:)),
        ]
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ text: String) throws -> CompiledSchema {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let version = (object["schemaVersion"] as? NSNumber)?.uint64Value,
              let models = object["models"] as? [[String: Any]] else {
            throw StoreError.unreadableSchema
        }
        return CompiledSchema(schemaVersion: version, models: try models.map(decode(model:)))
    }

    private static func encode(model: ModelSchema) -> [String: Any] {
        var object: [String: Any] = [
            "name": model.name, "kind": model.kind.rawValue,
            "properties": model.properties.map(encode(property:)),
        ]
        object["primaryKey"] = model.primaryKey
        object["doc"] = model.doc
        object["sourceFile"] = model.sourceFile
        return object
    }

    private static func decode(model object: [String: Any]) throws -> ModelSchema {
        guard let name = object["name"] as? String, let kind = (object["kind"] as? String).flatMap(ModelKind.init(rawValue:)),
              let properties = object["properties"] as? [[String: Any]] else {
            throw StoreError.malformedSchemaModel
        }
        return ModelSchema(name: name, kind: kind, primaryKey: object["primaryKey"] as? String, doc: object["doc"] as? String,
                           properties: try properties.map(decode(property:)), sourceFile: object["sourceFile"] as? String)
    }

    private static func encode(property: PropertySchema) -> [String: Any] {
        var object: [String: Any] = [
            "name": property.name, "collection": property.type.collection.rawValue,
            "optional": property.type.isOptional, "indexed": property.indexed.rawValue,
            "primaryKey": property.isPrimaryKey,
        ]
        switch property.type.base {
        case .object(let target):
            object["type"] = "object"
            object["objectType"] = target
        case .linkingObjects(let target, let origin):
            object["type"] = "linkingObjects"
            object["objectType"] = target
            object["property"] = origin
        default:
            object["type"] = property.type.base.yamlName
        }
        object["default"] = property.defaultValue.map(encode(value:))
        object["enum"] = property.enumValues.map { $0.map(encode(value:)) }
        object["mapTo"] = property.mapTo
        object["doc"] = property.doc
        object["subtype"] = property.binarySubtype.map { Int($0) }
        return object
    }

    private static func decode(property object: [String: Any]) throws -> PropertySchema {
        guard let name = object["name"] as? String, let typeName = object["type"] as? String,
              let collection = (object["collection"] as? String).flatMap(CollectionKind.init(rawValue:)),
              let indexed = (object["indexed"] as? String).flatMap(IndexKind.init(rawValue:)) else {
            throw StoreError.malformedSchemaProperty
        }
        let base: BaseType
        switch typeName {
        case "object":
            base = .object(object["objectType"] as? String ?? "")
        case "linkingObjects":
            base = .linkingObjects(objectType: object["objectType"] as? String ?? "", property: object["property"] as? String ?? "")
        default:
            guard let scalar = BaseType.scalarNames[typeName] else {
                throw StoreError.unknownSchemaType(typeName)
            }
            base = scalar
        }
        let type = DeclaredType(base, collection: collection, isOptional: object["optional"] as? Bool ?? false)
        return PropertySchema(name: name, type: type, indexed: indexed, isPrimaryKey: object["primaryKey"] as? Bool ?? false,
                              defaultValue: try (object["default"] as? [Any]).map(decode(value:)),
                              enumValues: try (object["enum"] as? [[Any]])?.map(decode(value:)),
                              mapTo: object["mapTo"] as? String, doc: object["doc"] as? String,
                              binarySubtype: (object["subtype"] as? NSNumber).map(\.uint8Value))
    }

    /// A schema literal as `[tag, payload…]`.
    private static func encode(value: SchemaValue) -> [Any] {
        switch value {
        case .null: ["null"]
        case .bool(let v): ["bool", v]
        case .int(let v): ["int", String(v)]
        case .double(let v): ["double", String(v.bitPattern)]
        case .string(let v): ["string", v]
        case .data(let v): ["data", Base64.encode(v)]
        case .date(let seconds, let nanoseconds): ["date", String(seconds), Int(nanoseconds)]
        case .decimal128(let v): ["decimal128", v]
        case .objectId(let v): ["objectId", v]
        case .uuid(let v): ["uuid", v]
        }
    }

    private static func decode(value array: [Any]) throws -> SchemaValue {
        let tag = array.first as? String ?? ""
        let payload = array.count > 1 ? array[1] : nil
        let text = payload as? String ?? ""
        switch tag {
        case "null": return .null
        case "bool": return .bool(payload as? Bool ?? false)
        case "int": return .int(Int64(text) ?? 0)
        case "double": return .double(Double(bitPattern: UInt64(text) ?? 0))
        case "string": return .string(text)
        case "data":
            guard let bytes = Base64.decode(text) else { throw StoreError.malformedSchemaValue }
            return .data(bytes)
        case "date": return .date(seconds: Int64(text) ?? 0, nanoseconds: Int32(array.count > 2 ? array[2] as? Int ?? 0 : 0))
        case "decimal128": return .decimal128(text)
        case "objectId": return .objectId(text)
        case "uuid": return .uuid(text)
        default: throw StoreError.malformedSchemaValue
        }
    }
}
