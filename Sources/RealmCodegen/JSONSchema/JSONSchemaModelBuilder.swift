import RealmFormats
import RealmSchema

/// Builds the JSON Schema of models for one output file, recording which `ejson.*`
/// definitions the file needs.
///
/// Decisions, following docs/json-typing.md and docs/relationships.md:
/// - keys are the stored names (`mapTo`, else the Swift property name), the names realm-export
///   writes; a property with `mapTo` may also be given by its Swift name, never by both
///   (`oneOf` two `required` when it is required, else `not` both); unknown keys are allowed
///   (`additionalProperties: true`) because realm-import only warns about them unless
///   `--reject-unknown` is given;
/// - `required` lists the properties a new object must carry: non-optional scalars without a
///   default (mixed holds null, links are optional, collections treat a missing value as empty);
/// - `linkingObjects` are computed, not imported, so they are left out;
/// - a link is a nested object (`$ref`), or the target's primary-key value alone when the
///   target has one; `#` refers to the file's own model, other top-level models to their own
///   file, so cycles need nothing special;
/// - integer enums accept the listed integers as literals and wrapped in `$numberInt` (within
///   32 bits) or `$numberLong`, since realm-import unwraps before it checks the enum.
struct JSONSchemaModelBuilder {
    let schema: CompiledSchema
    /// The model the file describes at its root.
    let rootModel: String
    private(set) var usedDefinitions: Set<ExtendedJSONDefinition> = []

    init(schema: CompiledSchema, rootModel: String) {
        self.schema = schema
        self.rootModel = rootModel
    }

    /// `title`, `description`, `type`, `properties`, `required`, `additionalProperties`.
    mutating func objectMembers(_ model: ModelSchema) -> [JSONMember] {
        var members = [JSONMember("title", .string(model.name))]
        if let doc = model.doc {
            members.append(JSONMember("description", .string(doc)))
        }
        members.append(JSONMember("type", .string("object")))
        let properties = model.persistedProperties
        var propertyMembers: [JSONMember] = []
        for property in properties {
            let schema = propertySchema(property)
            propertyMembers.append(JSONMember(property.storedName, schema))
            if property.storedName != property.name { propertyMembers.append(JSONMember(property.name, schema)) }
        }
        if model.name == rootModel, model.kind == .object, model.primaryKey == nil {
            // realm-export numbers these objects so that links can name them (`$ref`/`$id`).
            propertyMembers.insert(JSONMember("$id", Self.exportID), at: 0)
        }
        members.append(JSONMember("properties", .object(propertyMembers)))
        let required = properties.filter { Self.isRequired($0) && $0.storedName == $0.name }.map { JSONSchemaValue.string($0.name) }
        if !required.isEmpty {
            members.append(JSONMember("required", .array(required)))
        }
        let aliased = properties.filter { $0.storedName != $0.name }.map(Self.oneNameOnly)
        if !aliased.isEmpty {
            members.append(JSONMember("allOf", .array(aliased)))
        }
        members.append(JSONMember("additionalProperties", .bool(true)))
        return members
    }

    /// For a property with `mapTo`: its stored name or its Swift name, not both; one of them
    /// when the property is required.
    static func oneNameOnly(_ property: PropertySchema) -> JSONSchemaValue {
        let names = [property.storedName, property.name].map { JSONSchemaValue.object([JSONMember("required", .array([.string($0)]))]) }
        guard isRequired(property) else {
            return .object([JSONMember("not", .object([
                JSONMember("required", .array([.string(property.storedName), .string(property.name)])),
            ]))])
        }
        return .object([JSONMember("oneOf", .array(names))])
    }

    /// Whether a new object must give the property.
    static func isRequired(_ property: PropertySchema) -> Bool {
        let type = property.type
        let value = property.defaultValue ?? .null
        return type.collection == .single && !type.isOptional && !type.base.isObject && !type.isLinkingObjects
            && type.base != .mixed && value == .null
    }

    mutating func propertySchema(_ property: PropertySchema) -> JSONSchemaValue {
        let type = property.type
        let element = property.binarySubtype.map(Self.keptBinary) ?? elementSchema(type.base, enumValues: property.enumValues)
        var result: JSONSchemaValue
        switch type.collection {
        case .single:
            result = type.isOptional || type.base.isObject ? JSONSchemaBuilding.nullable(element) : element
            if let value = property.defaultValue.flatMap(Self.defaultAnnotation) {
                result = Self.appending(JSONMember("default", value), to: result)
            }
        case .list, .set:
            let item = type.isOptional && !type.base.isObject ? JSONSchemaBuilding.nullable(element) : element
            result = JSONSchemaBuilding.nullable(.object([JSONMember("type", .string("array")), JSONMember("items", item)]))
        case .map:
            let value = type.isOptional || type.base.isObject ? JSONSchemaBuilding.nullable(element) : element
            result = JSONSchemaBuilding.nullable(.object([
                JSONMember("type", .string("object")), JSONMember("additionalProperties", value),
            ]))
        }
        return JSONSchemaBuilding.describe(result, property.doc)
    }

    /// A `data` value of a property that keeps binary subtype `subtype` (`subtype: 9`):
    /// `$binary` with that subtype only (docs/schema-rules.md, section 1.7).
    static func keptBinary(_ subtype: UInt8) -> JSONSchemaValue {
        let hex = HexText.digits(subtype, minimumCount: 2)
        let name = BinarySubtype.name(subtype).map { " (\($0))" } ?? ""
        return JSONSchemaBuilding.describe(
            JSONSchemaBuilding.binary(base64: ExtendedJSONPatterns.base64, subType: .pattern(ExtendedJSONPatterns.binarySubType(subtype))),
            "Binary data of subtype \(hex)\(name): {\"$binary\": {\"base64\": \"…\", \"subType\": \"\(hex)\"}}.")
    }

    /// One non-null value of the base type.
    mutating func elementSchema(_ base: BaseType, enumValues: [SchemaValue]?) -> JSONSchemaValue {
        if let enumValues {
            return Self.enumSchema(enumValues)
        }
        switch base {
        case .bool: return JSONSchemaBuilding.type("boolean")
        case .string: return JSONSchemaBuilding.type("string")
        case .mixed: return .object([])
        case .object(let target), .linkingObjects(let target, _): return linkSchema(target)
        default:
            guard let definition = ExtendedJSONDefinition(base) else {
                return .object([])
            }
            usedDefinitions.insert(definition)
            return definition.reference
        }
    }

    /// A nested object, or (when the target has a primary key) that key's value alone.
    ///
    /// Embedded targets live in this file's `$defs`; other models are referred to by their own
    /// file (`Dog.schema.json`), so each file stays the size of its model however large and
    /// interlinked the schema is.
    private mutating func linkSchema(_ target: String) -> JSONSchemaValue {
        let model = schema.model(named: target)
        let nested: JSONSchemaValue
        if target == rootModel {
            nested = JSONSchemaBuilding.reference("#")
        } else if model?.kind == .embedded {
            nested = JSONSchemaBuilding.reference("#/$defs/\(target)")
        } else {
            nested = JSONSchemaBuilding.reference(JSONSchemaGenerator.fileName(for: target))
        }
        guard let model, model.kind != .embedded else {
            return nested
        }
        guard let key = model.primaryKeyProperty else {
            return .object([JSONMember("anyOf", .array([nested, Self.exportReference(target, id: Self.exportID)]))])
        }
        let keyValue = elementSchema(key.type.base, enumValues: key.enumValues)
        let reference = Self.exportReference(target, id: JSONSchemaBuilding.nullable(keyValue))
        return .object([JSONMember("anyOf", .array([nested, keyValue, reference]))])
    }

    /// realm-export's reference to an object, `{"$ref": "Class", "$id": …}` (docs/realm-export.md,
    /// section 13): the position of an object of a class without a primary key, or a
    /// primary-key value (null when the key is null).
    static func exportReference(_ target: String, id: JSONSchemaValue) -> JSONSchemaValue {
        .object([
            JSONMember("type", .string("object")),
            JSONMember("properties", .object([
                JSONMember("$ref", .object([JSONMember("const", .string(target))])),
                JSONMember("$id", id),
            ])),
            JSONMember("required", .array([.string("$ref"), .string("$id")])),
            JSONMember("additionalProperties", .bool(false)),
        ])
    }

    /// The `$id` realm-export gives an object of a class without a primary key: 1, 2, 3, …
    static var exportID: JSONSchemaValue { .object([JSONMember("type", .string("integer")), JSONMember("minimum", .integer(1))]) }

    /// String enums list their values; integer enums also accept them wrapped.
    static func enumSchema(_ values: [SchemaValue]) -> JSONSchemaValue {
        var literals: [JSONSchemaValue] = []
        var integers: [Int64] = []
        for value in values {
            switch value {
            case .string(let text): literals.append(.string(text))
            case .int(let number):
                literals.append(.integer(number))
                integers.append(number)
            default: continue
            }
        }
        let plain = JSONSchemaValue.object([JSONMember("enum", .array(literals))])
        if integers.isEmpty {
            return plain
        }
        var alternatives = [plain]
        let int32 = integers.filter { Int64(Int32.min)...Int64(Int32.max) ~= $0 }
        if !int32.isEmpty {
            alternatives.append(JSONSchemaBuilding.wrapper("$numberInt", .object([
                JSONMember("enum", .array(int32.map { .string(String($0)) })),
            ])))
        }
        alternatives.append(JSONSchemaBuilding.wrapper("$numberLong", .object([
            JSONMember("enum", .array(integers.map { .string(String($0)) })),
        ])))
        return .object([JSONMember("anyOf", .array(alternatives))])
    }

    /// A `default` annotation for editors, for values JSON writes directly.
    static func defaultAnnotation(_ value: SchemaValue) -> JSONSchemaValue? {
        switch value {
        case .bool(let flag): .bool(flag)
        case .int(let number): .integer(number)
        case .double(let number) where number.isFinite: .number(number)
        case .string(let text): .string(text)
        default: nil
        }
    }

    private static func appending(_ member: JSONMember, to schema: JSONSchemaValue) -> JSONSchemaValue {
        guard case .object(let members) = schema else {
            return schema
        }
        return .object(members + [member])
    }
}
