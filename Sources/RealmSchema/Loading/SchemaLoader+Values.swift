/// Loading `enum` lists and `default` values, checked against the property's type.
extension SchemaLoader {
    /// The enum values, in order; only string and int properties (or collections of them) take one.
    mutating func loadEnum(_ field: YAMLPair, property: PropertySchema, qualified: String) -> [SchemaValue]? {
        let type = property.type
        switch type.base {
        case .string, .int: break
        default:
            diagnostics.error(SchemaMessages.enumNotAllowed(qualified, type: type.description), at: field.key.location)
            return nil
        }
        guard let items = field.value.items else {
            diagnostics.error(SchemaMessages.enumNotSequence(qualified, found: describe(field.value)), at: field.value.location)
            return nil
        }
        guard !items.isEmpty else {
            diagnostics.error(SchemaMessages.enumEmpty(qualified), at: field.value.location)
            return nil
        }
        var values: [SchemaValue] = []
        var seen: Set<SchemaValue> = []
        for item in items {
            switch SchemaValueReader.read(item, as: type.base) {
            case .success(let value) where !seen.insert(value).inserted:
                diagnostics.error(SchemaMessages.enumDuplicate(describe(item), property: qualified), at: item.location)
            case .success(let value):
                values.append(value)
            case .failure(let mismatch):
                diagnostics.error(SchemaMessages.invalidEnumValue(item.scalar.map { _ in describe(item) },
                                                                  found: describe(item), property: qualified,
                                                                  type: type.base.yamlName, expected: mismatch.expected),
                                  at: item.location)
            }
        }
        return values
    }

    /// The default value; none for collections, links and linking objects.
    mutating func loadDefault(_ field: YAMLPair, property: PropertySchema, qualified: String) -> SchemaValue? {
        let type = property.type
        if type.isLinkingObjects {
            diagnostics.error(SchemaMessages.defaultOnLinkingObjects(qualified), at: field.key.location)
            return nil
        }
        if type.collection != .single {
            diagnostics.error(SchemaMessages.defaultOnCollection(qualified, collection: type.collection), at: field.key.location)
            return nil
        }
        if case .object(let target) = type.base {
            diagnostics.error(SchemaMessages.defaultOnLink(qualified, target: target), at: field.key.location)
            return nil
        }
        let node = field.value
        if node.scalar?.resolved == .null {
            guard type.isOptional || type.base == .mixed else {
                diagnostics.error(SchemaMessages.nullDefaultOnRequired(qualified, type: type.description), at: node.location)
                return nil
            }
            return .null
        }
        switch SchemaValueReader.read(node, as: type.base) {
        case .failure(let mismatch):
            diagnostics.error(SchemaMessages.invalidDefault(node.scalar.map { _ in describe(node) },
                                                            found: describe(node), property: qualified,
                                                            type: type.description, expected: mismatch.expected),
                              at: node.location)
            return nil
        case .success(let value):
            if let allowed = property.enumValues, !allowed.isEmpty, !allowed.contains(value) {
                diagnostics.error(SchemaMessages.defaultNotInEnum(describe(node), property: qualified,
                                                                  allowed: allowed.map(Self.display)),
                                  at: node.location)
                return nil
            }
            return value
        }
    }

    /// An enum value as messages list it.
    private static func display(_ value: SchemaValue) -> String {
        switch value {
        case .string(let text): "'\(text)'"
        case .int(let integer): "\(integer)"
        default: "\(value)"
        }
    }
}
