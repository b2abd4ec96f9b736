/// Small constructors for the JSON Schema fragments the generator combines.
enum JSONSchemaBuilding {
    /// How a `$binary` wrapper constrains its subtype.
    enum SubType {
        case pattern(String)
        case constant(String)
    }

    /// `{"type": "<name>"}`
    static func type(_ name: String) -> JSONSchemaValue {
        .object([JSONMember("type", .string(name))])
    }

    /// `{"type": "string", "pattern": "<pattern>"}`
    static func string(pattern: String) -> JSONSchemaValue {
        .object([JSONMember("type", .string("string")), JSONMember("pattern", .string(pattern))])
    }

    /// An object with exactly one required key, `{"<key>": <value>}`: an Extended JSON wrapper.
    static func wrapper(_ key: String, _ value: JSONSchemaValue) -> JSONSchemaValue {
        .object([
            JSONMember("type", .string("object")),
            JSONMember("properties", .object([JSONMember(key, value)])),
            JSONMember("required", .array([.string(key)])),
            JSONMember("additionalProperties", .bool(false)),
        ])
    }

    /// `{"$binary": {"base64": "…", "subType": "…"}}`
    static func binary(base64: String, subType: SubType) -> JSONSchemaValue {
        let subTypeSchema: JSONSchemaValue = switch subType {
        case .pattern(let pattern): string(pattern: pattern)
        case .constant(let value): .object([JSONMember("const", .string(value))])
        }
        return wrapper("$binary", .object([
            JSONMember("type", .string("object")),
            JSONMember("properties", .object([
                JSONMember("base64", string(pattern: base64)),
                JSONMember("subType", subTypeSchema),
            ])),
            JSONMember("required", .array([.string("base64"), .string("subType")])),
            JSONMember("additionalProperties", .bool(false)),
        ]))
    }

    /// `{"$ref": "<reference>"}`
    static func reference(_ reference: String) -> JSONSchemaValue {
        .object([JSONMember("$ref", .string(reference))])
    }

    /// `schema` with a leading `description` member (nothing changes without a description).
    static func describe(_ schema: JSONSchemaValue, _ description: String?) -> JSONSchemaValue {
        guard let description, case .object(let members) = schema else {
            return schema
        }
        return .object([JSONMember("description", .string(description))] + members)
    }

    /// `schema` that also accepts `null`, in the most readable spelling: `{}` stays as it is,
    /// `"type": "array"` becomes `"type": ["array", "null"]`, an `enum` gains `null`, an `anyOf`
    /// gains `{"type": "null"}`, anything else is wrapped in an `anyOf`.
    static func nullable(_ schema: JSONSchemaValue) -> JSONSchemaValue {
        guard case .object(let members) = schema else {
            return schema
        }
        if members.isEmpty {
            return schema
        }
        if let index = members.firstIndex(where: { $0.key == "type" }), case .string(let name) = members[index].value {
            var updated = members
            updated[index].value = .array([.string(name), .string("null")])
            return .object(updated)
        }
        if members.count == 1, case .array(let values) = members[0].value, members[0].key == "enum" {
            return .object([JSONMember("enum", .array(values + [.null]))])
        }
        if members.count == 1, case .array(let alternatives) = members[0].value, members[0].key == "anyOf" {
            return .object([JSONMember("anyOf", .array(alternatives + [type("null")]))])
        }
        return .object([JSONMember("anyOf", .array([schema, type("null")]))])
    }
}
