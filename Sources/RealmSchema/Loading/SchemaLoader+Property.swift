/// Loading one property: its type (shorthand or expanded), optionality, index, names and doc.
extension SchemaLoader {
    static let propertyKeys = ["type", "optional", "indexed", "default", "enum", "mapTo", "doc", "objectType", "property",
                               "subtype"]
    /// Scalar type names in the order suggestions prefer them.
    static let scalarTypeNames = ["bool", "int", "int8", "int16", "int32", "int64", "float", "double", "string",
                                  "data", "date", "decimal128", "objectId", "uuid", "mixed"]
    static let linkingObjectsName = "linkingObjects"

    /// The property, or nil when its type could not be read (the error is already reported).
    mutating func loadProperty(named name: String, pair: YAMLPair, model: String) -> (PropertySchema, PropertyLocations)? {
        let qualified = "\(model).\(name)"
        let subject = SchemaMessages.propertySubject(qualified)
        if !Identifier.isValid(name) {
            diagnostics.error(SchemaMessages.invalidPropertyName(name), at: pair.key.location)
        }
        var fields: [String: YAMLPair] = [:]
        let typeNode: YAMLNode
        switch pair.value.content {
        case .scalar:
            typeNode = pair.value
        case .mapping(let pairs):
            fields = self.fields(of: pairs, allowed: Self.propertyKeys, subject: subject)
            guard let type = fields["type"] else {
                diagnostics.error(SchemaMessages.missingType(qualified), at: pair.key.location)
                return nil
            }
            typeNode = type.value
        case .sequence:
            diagnostics.error(SchemaMessages.expectedTypeText(qualified, found: pair.value.kindDescription), at: pair.value.location)
            return nil
        }
        var locations = PropertyLocations(key: pair.key.location, type: typeNode.location)
        guard var type = resolveType(typeNode, property: qualified, fields: fields, locations: &locations) else { return nil }

        if let optional = fields["optional"], let flag = bool(optional, of: subject) {
            if flag && type.collection != .single {
                let element = DeclaredType(type.base, collection: type.collection, isOptional: true).description
                diagnostics.error(SchemaMessages.optionalOnCollection(qualified, type: type.description, elementForm: element),
                                  at: optional.key.location)
            } else if flag {
                type.isOptional = true
            } else if type.isOptional {
                diagnostics.error(SchemaMessages.optionalContradiction(qualified, type: type.description),
                                  at: optional.value.location)
            }
        }
        var property = PropertySchema(name: name, type: type, location: pair.key.location)
        if let indexed = fields["indexed"] {
            property.indexed = indexKind(indexed.value, property: qualified)
            locations.indexed = indexed.value.location
        }
        if let mapTo = fields["mapTo"], let stored = text(mapTo, of: subject) {
            if stored.isEmpty {
                diagnostics.error(SchemaMessages.emptyMapTo(qualified), at: mapTo.value.location)
            } else if type.isLinkingObjects {
                diagnostics.error(SchemaMessages.mapToOnLinkingObjects(qualified), at: mapTo.key.location)
            } else {
                property.mapTo = stored
                locations.mapTo = mapTo.value.location
            }
        }
        property.doc = fields["doc"].flatMap { text($0, of: subject) }
        if let subtypeField = fields["subtype"] {
            property.binarySubtype = loadSubtype(subtypeField, type: type, qualified: qualified)
        }
        if let enumField = fields["enum"] {
            property.enumValues = loadEnum(enumField, property: property, qualified: qualified)
        }
        if let defaultField = fields["default"] {
            property.defaultValue = loadDefault(defaultField, property: property, qualified: qualified)
        }
        return (property, locations)
    }

    /// The full type from the type text and, for `linkingObjects`, `objectType` and `property`.
    private mutating func resolveType(_ node: YAMLNode, property: String, fields: [String: YAMLPair],
                                      locations: inout PropertyLocations) -> DeclaredType? {
        guard case .string(let text)? = node.scalar?.resolved else {
            diagnostics.error(SchemaMessages.expectedTypeText(property, found: describe(node)), at: node.location)
            return nil
        }
        let expression: TypeExpression
        switch TypeExpression.parse(text) {
        case .success(let parsed): expression = parsed
        case .failure(.optionalCollection(let fixed)):
            diagnostics.error(SchemaMessages.optionalCollection(text, property: property, fixed: fixed), at: node.location)
            return nil
        case .failure(let failure):
            diagnostics.error(SchemaMessages.malformedType(text, property: property, failure: failure), at: node.location)
            return nil
        }
        if expression.name == Self.linkingObjectsName {
            return linkingObjectsType(expression, typeText: text, node: node, property: property, fields: fields,
                                      locations: &locations)
        }
        guard let base = BaseType.scalarNames[expression.name] ?? modelType(named: expression.name) else {
            if typeSuggestions == nil {
                typeSuggestions = SuggestionIndex(Self.scalarTypeNames + [Self.linkingObjectsName] + modelNames)
            }
            let suggestion = typeSuggestions?.closest(to: expression.name)
            diagnostics.error(SchemaMessages.unknownType(expression.name, property: property, suggestion: suggestion),
                              at: node.location)
            return nil
        }
        let type = DeclaredType(base, collection: expression.collection, isOptional: expression.isOptional)
        if let objectType = fields["objectType"] {
            diagnostics.error(SchemaMessages.cannotHaveObjectType(property, kind: type.realmKindName), at: objectType.key.location)
        }
        if let origin = fields["property"] {
            diagnostics.error(SchemaMessages.cannotHaveOriginProperty(property, kind: type.realmKindName), at: origin.key.location)
        }
        return type
    }

    /// A declared model, or a capitalised name that looks like one (the validator reports it
    /// as Realm's unknown object type).
    private func modelType(named name: String) -> BaseType? {
        guard modelNameSet.contains(name) || name.unicodeScalars.first.map({ ("A"..."Z").contains($0) }) == true
        else { return nil }
        return .object(name)
    }

    private mutating func linkingObjectsType(_ expression: TypeExpression, typeText: String, node: YAMLNode, property: String,
                                             fields: [String: YAMLPair], locations: inout PropertyLocations) -> DeclaredType? {
        let subject = SchemaMessages.propertySubject(property)
        guard expression.collection == .single else {
            diagnostics.error(SchemaMessages.malformedType(typeText, property: property, failure: .suffixOnLinkingObjects),
                              at: node.location)
            return nil
        }
        guard let objectTypeField = fields["objectType"] else {
            diagnostics.error(SchemaMessages.linkingObjectsNeedsObjectType(property), at: node.location)
            return nil
        }
        guard let originField = fields["property"] else {
            diagnostics.error(SchemaMessages.mustHaveOriginProperty(property), at: node.location)
            return nil
        }
        guard let objectType = text(objectTypeField, of: subject), let origin = text(originField, of: subject) else { return nil }
        locations.objectType = objectTypeField.value.location
        locations.originProperty = originField.value.location
        return DeclaredType(.linkingObjects(objectType: objectType, property: origin), isOptional: expression.isOptional)
    }

    /// `subtype: 9`: the BSON binary subtype a `data` property keeps; nil for 0 (generic binary,
    /// the default) and after reporting a problem (docs/schema-rules.md, section 1.7).
    private mutating func loadSubtype(_ pair: YAMLPair, type: DeclaredType, qualified: String) -> UInt8? {
        guard type.base == .data else {
            diagnostics.error(SchemaMessages.subtypeNotData(qualified, kind: type.realmKindName), at: pair.key.location)
            return nil
        }
        guard case .int(let number)? = pair.value.scalar?.resolved, (0...255).contains(number) else {
            diagnostics.error(SchemaMessages.invalidSubtype(qualified, found: describe(pair.value)), at: pair.value.location)
            return nil
        }
        let subtype = UInt8(number)
        if let refusal = BinarySubtype.refusal(subtype) {
            diagnostics.error(SchemaMessages.subtypeRefused(qualified, subtype: subtype, refusal), at: pair.value.location)
            return nil
        }
        return subtype == 0 ? nil : subtype
    }

    private mutating func indexKind(_ node: YAMLNode, property: String) -> IndexKind {
        switch node.scalar?.resolved {
        case .bool(true)?: return .regular
        case .bool(false)?: return .none
        case .string("fulltext")?: return .fulltext
        default:
            diagnostics.error(SchemaMessages.invalidIndexed(property, found: describe(node)), at: node.location)
            return .none
        }
    }
}
