import RealmSchema

/// Spells a schema `default` as the initial value of a `@Persisted` property.
///
/// Literal forms: `5`, `1.5`, `.nan`, `"text"`, `true`, `Date(timeIntervalSince1970: …)`,
/// `Data([0x01])`, `UUID(uuidString: "…")!`, enum cases as `.active`. `Decimal128` and
/// `ObjectId` defaults are string literals (`= "1.50"`, `= "65a1…"`): both types are
/// `ExpressibleByStringLiteral` in Realm Swift and in RealmStore, which keeps every digit.
/// A `null` default is the implicit one and is left out, as are defaults on collections and
/// links, which Realm cannot express as initial values.
enum SwiftDefaultValueSpeller {
    static func initialValue(for property: PropertySchema, nestedEnum: NestedEnum?) -> String? {
        guard let value = property.defaultValue, value != .null, property.type.collection == .single else {
            return nil
        }
        if let nestedEnum, let name = nestedEnum.caseName(for: value) {
            // `.none` on an optional would mean `Optional.none`; name the type instead.
            if property.type.isOptional && name == "none" {
                return "\(nestedEnum.declaration.name).none"
            }
            return ".\(name)"
        }
        switch property.type.base {
        case .mixed:
            return mixedValue(value)
        case .object, .linkingObjects:
            return nil
        case .float:
            if case .double(let number) = value {
                return SwiftLiteral.float(number)
            }
            return literal(value)
        default:
            return literal(value)
        }
    }

    /// The value as a plain literal for a property of its own type.
    static func literal(_ value: SchemaValue) -> String? {
        switch value {
        case .null: nil
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): SwiftLiteral.double(number)
        case .string(let text), .decimal128(let text), .objectId(let text): SwiftLiteral.string(text)
        case .data(let bytes): SwiftLiteral.data(bytes)
        case .date(let seconds, let nanoseconds): SwiftLiteral.date(seconds: seconds, nanoseconds: nanoseconds)
        case .uuid(let text): SwiftLiteral.uuid(text)
        }
    }

    /// An `AnyRealmValue` case: `.int(5)`, `.string("x")`, `.objectId("…")`, ….
    static func mixedValue(_ value: SchemaValue) -> String? {
        guard let payload = literal(value) else {
            return nil
        }
        switch value {
        case .null: return nil
        case .bool: return ".bool(\(payload))"
        case .int: return ".int(\(payload))"
        case .double: return ".double(\(payload))"
        case .string: return ".string(\(payload))"
        case .data: return ".data(\(payload))"
        case .date: return ".date(\(payload))"
        case .decimal128: return ".decimal128(\(payload))"
        case .objectId: return ".objectId(\(payload))"
        case .uuid: return ".uuid(\(payload))"
        }
    }
}
