import RealmFormats
import RealmSchema

/// Writes a schema back as realm-schema YAML: the text `realm-schema dump` prints, which
/// `realm-schema validate` accepts and which loads to the same schema (declaration order, types,
/// indexes, defaults, enums, `mapTo`, binary subtypes and docs kept; file names and positions are not part of a
/// schema and are not written).
///
/// Properties with nothing but a type use the shorthand (`age: int?`); the others a flow mapping
/// (`name: { type: string, indexed: true }`). Strings that are data (docs, enum values, string
/// defaults, `mapTo`) are always double-quoted, so no value changes type on the way back.
public struct SchemaYAMLWriter: Sendable {
    public init() {}

    /// The YAML text, with `comment` lines (if any) as a `#` header.
    public func render(_ schema: CompiledSchema, comment: [String] = []) -> String {
        var printer = CodePrinter(indentUnit: "  ")
        for line in comment {
            printer.print(line.isEmpty ? "#" : "# " + line)
        }
        printer.print("schemaVersion: \(schema.schemaVersion)")
        printer.print(schema.models.isEmpty ? "models: {}" : "models:")
        printer.indent()
        for model in schema.models {
            render(model, into: &printer)
        }
        printer.outdent()
        return printer.contents
    }

    private func render(_ model: ModelSchema, into printer: inout CodePrinter) {
        printer.print("\(model.name):")
        printer.indent()
        switch model.kind {
        case .object: break
        case .embedded: printer.print("embedded: true")
        case .asymmetric: printer.print("asymmetric: true")
        }
        if let primaryKey = model.primaryKey {
            printer.print("primaryKey: \(primaryKey)")
        }
        if let doc = model.doc {
            printer.print("doc: \(Self.quoted(doc))")
        }
        printer.print(model.properties.isEmpty ? "properties: {}" : "properties:")
        printer.indent()
        for property in model.properties {
            printer.print("\(property.name): \(propertyText(property))")
        }
        printer.outdent()
        printer.outdent()
    }

    /// `int?` or `{ type: string, indexed: true, … }`.
    func propertyText(_ property: PropertySchema) -> String {
        var fields: [String] = []
        if case .linkingObjects(let objectType, let origin) = property.type.base {
            fields = ["type: linkingObjects", "objectType: \(objectType)", "property: \(origin)"]
        } else {
            fields.append("type: " + Self.flowSafe(property.type.description))
            switch property.indexed {
            case .none: break
            case .regular: fields.append("indexed: true")
            case .fulltext: fields.append("indexed: fulltext")
            }
            if let values = property.enumValues {
                fields.append("enum: [" + values.map(Self.scalar).joined(separator: ", ") + "]")
            }
            if let value = property.defaultValue {
                fields.append("default: " + Self.scalar(value))
            }
            if let mapTo = property.mapTo {
                fields.append("mapTo: " + Self.quoted(mapTo))
            }
            if let subtype = property.binarySubtype {
                fields.append("subtype: \(subtype)")
            }
        }
        if let doc = property.doc {
            fields.append("doc: " + Self.quoted(doc))
        }
        if fields.count == 1, !property.type.isLinkingObjects {
            return property.type.description
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// A schema value as a YAML scalar that resolves back to the same value.
    static func scalar(_ value: SchemaValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number):
            if number.isNaN { return ".nan" }
            if number.isInfinite { return number < 0 ? "-.inf" : ".inf" }
            return String(number)
        case .string(let text): return quoted(text)
        case .data(let bytes): return quoted(Base64.encode(bytes))
        case .date(let seconds, let nanoseconds):
            return quoted(ISO8601Timestamp(seconds: seconds, nanoseconds: nanoseconds).text)
        case .decimal128(let text), .objectId(let text), .uuid(let text): return quoted(text)
        }
    }

    /// Types with `[]` or `{}` are quoted inside a flow mapping, where brackets are syntax.
    static func flowSafe(_ type: String) -> String {
        type.contains(where: { "[]{}".contains($0) }) ? quoted(type) : type
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        QuotedString.quoted(text, style: .yaml)
    }
}
