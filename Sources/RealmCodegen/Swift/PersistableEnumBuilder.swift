import RealmSchema

/// Turns the `enum:` lists of one model's properties into nested `PersistableEnum` types.
///
/// Naming rules (all deterministic, in property order):
/// - the type is the property name in UpperCamel (`status` → `Status`); when that would clash
///   with a model, a Swift or RealmStore type the generated code uses, a property of the
///   model, the model itself or an earlier nested enum, `Enum` is appended (`DataEnum`), then
///   a number (`StatusEnum2`);
/// - string cases are the values in lowerCamel (`in-progress` → `inProgress`), with an explicit
///   raw value whenever the name differs from the value; clashes get a number (`inProgress2`);
/// - integer cases are `value1`, `valueMinus1`, always with their raw value.
struct PersistableEnumBuilder {
    /// Type names the generated file refers to; a nested type of that name would shadow them.
    static let typeNamesInUse: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "Float", "Double", "String", "Data", "Date",
        "Decimal128", "ObjectId", "UUID", "AnyRealmValue", "List", "MutableSet", "Map", "LinkingObjects",
        "Object", "EmbeddedObject", "AsymmetricObject", "Persisted", "PersistableEnum", "Optional",
        "Any", "Self", "Type", "Protocol",
    ]

    let schema: CompiledSchema
    let access: AccessLevel

    /// The nested enums of `model`, in property order.
    func makeEnums(for model: ModelSchema) -> [NestedEnum] {
        var taken = Self.typeNamesInUse
        taken.insert(model.name)
        for other in schema.models {
            taken.insert(other.name)
        }
        for property in model.properties {
            taken.insert(property.name)
        }
        var result: [NestedEnum] = []
        for property in model.properties {
            guard let values = property.enumValues, let rawType = rawType(of: property) else {
                continue
            }
            var name = SwiftNaming.upperCamelCase(property.name)
            if taken.contains(name) {
                name = SwiftNaming.unique(name + "Enum", avoiding: taken)
            }
            taken.insert(name)
            let members = makeCases(values)
            let declaration = SwiftEnum(
                doc: [],
                access: access,
                name: SwiftNaming.escaped(name),
                rawType: rawType,
                conformances: ["PersistableEnum"],
                cases: members.map(\.declaration)
            )
            result.append(NestedEnum(property: property.name, declaration: declaration, members: members))
        }
        return result
    }

    /// The raw type: `String` for string enums, the property's integer type for int enums.
    private func rawType(of property: PropertySchema) -> String? {
        switch property.type.base {
        case .string: "String"
        case .int(let width): SwiftTypeSpeller.integerType(width)
        default: nil
        }
    }

    /// Cases in declaration order; repeated values and `null` are skipped (optionality belongs
    /// to the property).
    private func makeCases(_ values: [SchemaValue]) -> [NestedEnum.Member] {
        var taken = Set<String>()
        var members: [NestedEnum.Member] = []
        for value in values where !members.contains(where: { $0.value == value }) {
            let name: String
            let rawValue: String?
            switch value {
            case .string(let text):
                name = SwiftNaming.unique(SwiftNaming.lowerCamelCase(text), avoiding: taken)
                rawValue = name == text ? nil : SwiftLiteral.string(text)
            case .int(let number):
                name = SwiftNaming.unique(SwiftNaming.caseName(forInteger: number), avoiding: taken)
                rawValue = String(number)
            default:
                continue
            }
            taken.insert(name)
            let declaration = SwiftEnumCase(name: SwiftNaming.escaped(name), rawValue: rawValue)
            members.append(NestedEnum.Member(value: value, declaration: declaration))
        }
        return members
    }
}

/// A property's nested enum together with the schema value behind each case.
struct NestedEnum: Equatable {
    struct Member: Equatable {
        var value: SchemaValue
        var declaration: SwiftEnumCase
    }

    /// The property that uses the enum.
    var property: String
    var declaration: SwiftEnum
    var members: [Member]

    /// The case name for `value`, as written after a dot, if the value is a member.
    func caseName(for value: SchemaValue) -> String? {
        members.first { $0.value == value }?.declaration.name
    }
}
