import RealmSchema

/// Spells a property's Swift type the way Realm Swift declares it.
///
/// Realm's rules are applied, not the schema's spelling of optionality, where Realm allows only
/// one form: a to-one link and a map of links are always optional (`Dog?`, `Map<String, Dog?>`),
/// list and set elements that are links never are (`List<Dog>`), and `AnyRealmValue` is never
/// optional because it has its own `.none`.
enum SwiftTypeSpeller {
    /// `Int`, `Int8`, … `Int64`.
    static func integerType(_ width: IntWidth) -> String {
        switch width {
        case .int: "Int"
        case .int8: "Int8"
        case .int16: "Int16"
        case .int32: "Int32"
        case .int64: "Int64"
        }
    }

    /// The element type without optionality; `enumName` replaces strings and integers.
    static func elementType(_ base: BaseType, enumName: String?) -> String {
        if let enumName {
            return enumName
        }
        switch base {
        case .bool: return "Bool"
        case .int(let width): return integerType(width)
        case .float: return "Float"
        case .double: return "Double"
        case .string: return "String"
        case .data: return "Data"
        case .date: return "Date"
        case .decimal128: return "Decimal128"
        case .objectId: return "ObjectId"
        case .uuid: return "UUID"
        case .mixed: return "AnyRealmValue"
        case .object(let name), .linkingObjects(let name, _): return SwiftNaming.escaped(name)
        }
    }

    /// The full declared type: `Int?`, `List<Dog>`, `Map<String, Dog?>`, `LinkingObjects<Person>`.
    static func propertyType(_ type: DeclaredType, enumName: String? = nil) -> String {
        let element = elementType(type.base, enumName: enumName)
        if type.isLinkingObjects {
            return "LinkingObjects<\(element)>"
        }
        let optionalElement = element + "?"
        let isMixed = type.base == .mixed
        switch type.collection {
        case .single:
            return type.base.isObject || (type.isOptional && !isMixed) ? optionalElement : element
        case .list:
            return "List<\(elementOf(type, element, optionalElement))>"
        case .set:
            return "MutableSet<\(elementOf(type, element, optionalElement))>"
        case .map:
            let value = type.base.isObject ? optionalElement : elementOf(type, element, optionalElement)
            return "Map<String, \(value)>"
        }
    }

    /// A list or set element: optional only for optional scalars.
    private static func elementOf(_ type: DeclaredType, _ element: String, _ optionalElement: String) -> String {
        type.isOptional && !type.base.isObject && type.base != .mixed ? optionalElement : element
    }
}
