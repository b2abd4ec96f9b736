import RealmSchema

/// A reusable `$defs` entry describing how realm-import accepts one value type: JSON literals
/// and MongoDB Extended JSON v2 wrappers, relaxed and canonical.
///
/// The names carry an `ejson.` prefix, which no model name can have, so they never clash with
/// the models that share `$defs`.
enum ExtendedJSONDefinition: Hashable, CaseIterable {
    case int, int8, int16, int32, int64
    case float, double, data, date, decimal128, objectId, uuid

    /// The definition for a base type, or nil when the type is written inline (bool, string,
    /// mixed) or is a link.
    init?(_ base: BaseType) {
        switch base {
        case .int(let width):
            switch width {
            case .int: self = .int
            case .int8: self = .int8
            case .int16: self = .int16
            case .int32: self = .int32
            case .int64: self = .int64
            }
        case .float: self = .float
        case .double: self = .double
        case .data: self = .data
        case .date: self = .date
        case .decimal128: self = .decimal128
        case .objectId: self = .objectId
        case .uuid: self = .uuid
        case .bool, .string, .mixed, .object, .linkingObjects: return nil
        }
    }

    var name: String { "ejson.\(typeName)" }

    var reference: JSONSchemaValue { .object([JSONMember("$ref", .string("#/$defs/\(name)"))]) }

    private var typeName: String {
        switch self {
        case .int: "int"
        case .int8: "int8"
        case .int16: "int16"
        case .int32: "int32"
        case .int64: "int64"
        case .float: "float"
        case .double: "double"
        case .data: "data"
        case .date: "date"
        case .decimal128: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        }
    }

    var schema: JSONSchemaValue {
        switch self {
        case .int: Self.integer(.int)
        case .int8: Self.integer(.int8)
        case .int16: Self.integer(.int16)
        case .int32: Self.integer(.int32)
        case .int64: Self.integer(.int64)
        case .float:
            Self.described("A float: a number within float range, or {\"$numberDouble\": \"…\"}.", anyOf: [
                .object([JSONMember("type", .string("number")),
                         JSONMember("minimum", .number(-Double(Float.greatestFiniteMagnitude))),
                         JSONMember("maximum", .number(Double(Float.greatestFiniteMagnitude)))]),
                JSONSchemaBuilding.wrapper("$numberDouble", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.double)),
            ])
        case .double:
            Self.described("A double: a number, or {\"$numberDouble\": \"…\"}.", anyOf: [
                JSONSchemaBuilding.type("number"),
                JSONSchemaBuilding.wrapper("$numberDouble", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.double)),
            ])
        case .data:
            Self.described("Binary data: {\"$binary\": {\"base64\": \"…\", \"subType\": \"00\"}} (or the old generic "
                           + "subtype 02).", anyOf: [
                JSONSchemaBuilding.binary(base64: ExtendedJSONPatterns.base64,
                                          subType: .pattern(ExtendedJSONPatterns.genericBinarySubType)),
            ])
        case .date:
            Self.described("A date: {\"$date\": \"<ISO-8601>\"} or {\"$date\": {\"$numberLong\": \"<milliseconds>\"}}.", anyOf: [
                JSONSchemaBuilding.wrapper("$date", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.isoDate)),
                JSONSchemaBuilding.wrapper("$date", JSONSchemaBuilding.wrapper("$numberLong", JSONSchemaBuilding.string(
                    pattern: ExtendedJSONPatterns.integer(in: Int64.min...Int64.max)))),
            ])
        case .decimal128:
            Self.described("A decimal128: an integer literal, or {\"$numberDecimal\": \"…\"}.", anyOf: [
                JSONSchemaBuilding.type("integer"),
                JSONSchemaBuilding.wrapper("$numberDecimal", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.decimal)),
            ])
        case .objectId:
            Self.described("An ObjectId: {\"$oid\": \"<24 hex digits>\"}.", anyOf: [
                JSONSchemaBuilding.wrapper("$oid", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.objectId)),
            ])
        case .uuid:
            Self.described("A UUID: a UUID string, {\"$uuid\": \"…\"}, or $binary with subType 04.", anyOf: [
                JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.uuid),
                JSONSchemaBuilding.wrapper("$uuid", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.uuid)),
                JSONSchemaBuilding.binary(base64: ExtendedJSONPatterns.base64Of16Bytes, subType: .constant("04")),
            ])
        }
    }

    /// An integer literal, `$numberInt` (also limited to 32 bits, as Extended JSON defines it)
    /// or `$numberLong`, within the width's range. JSON Schema's `integer` is any number with a
    /// whole value, so it also lets a real literal such as `2.0` through, which realm-import
    /// refuses (docs/json-typing.md, section 3); no JSON Schema keyword tells the two apart.
    private static func integer(_ width: IntWidth) -> JSONSchemaValue {
        let range = width.range
        let int32Range = max(range.lowerBound, Int64(Int32.min))...min(range.upperBound, Int64(Int32.max))
        return described("An \(width.yamlName): an integer literal, {\"$numberInt\": \"…\"} or {\"$numberLong\": \"…\"}, "
                         + "from \(range.lowerBound) to \(range.upperBound).", anyOf: [
            .object([JSONMember("type", .string("integer")),
                     JSONMember("minimum", .integer(range.lowerBound)),
                     JSONMember("maximum", .integer(range.upperBound))]),
            JSONSchemaBuilding.wrapper("$numberInt", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.integer(in: int32Range))),
            JSONSchemaBuilding.wrapper("$numberLong", JSONSchemaBuilding.string(pattern: ExtendedJSONPatterns.integer(in: range))),
        ])
    }

    private static func described(_ description: String, anyOf alternatives: [JSONSchemaValue]) -> JSONSchemaValue {
        let body = alternatives.count == 1 ? alternatives[0] : .object([JSONMember("anyOf", .array(alternatives))])
        return JSONSchemaBuilding.describe(body, description)
    }
}
