/// Per-property rules: links and their nullability, linking-objects origins, mixed, indexes.
extension SchemaValidator {
    mutating func checkProperty(_ property: PropertySchema, of model: LoadedModel) {
        let locations = model.locations(of: property)
        let qualified = "\(model.model.name).\(property.name)"
        switch property.type.base {
        case .object(let target):
            checkLink(property, to: target, qualified: qualified, at: locations.type)
        case .linkingObjects(let objectType, let origin):
            checkLinkingObjects(property, from: objectType, origin: origin, qualified: qualified,
                                in: model.model.name, locations: locations)
        case .mixed where property.type.isOptional:
            let fixed = DeclaredType(.mixed, collection: property.type.collection).description
            diagnostics.error(SchemaMessages.mixedOptional(qualified, fixed: fixed), at: locations.type)
        default:
            break
        }
        checkIndex(property, qualified: qualified, at: locations.indexed ?? locations.key)
    }

    /// Links: the target exists and is not asymmetric; to-one links and maps of links are
    /// nullable, lists and sets of links are not; sets cannot hold embedded objects.
    private mutating func checkLink(_ property: PropertySchema, to target: String, qualified: String,
                                    at location: SourceLocation) {
        let type = property.type
        guard let targetModel = modelsByName[target]?.model else {
            if linkSuggestions == nil {
                linkSuggestions = SuggestionIndex(loaded.models.map(\.model.name) + SchemaLoader.scalarTypeNames)
            }
            let suggestion = linkSuggestions?.closest(to: target)
            diagnostics.error(SchemaMessages.unknownObjectType(qualified, kind: type.realmKindName, target: target,
                                                               suggestion: suggestion),
                              at: location)
            return
        }
        if targetModel.kind == .asymmetric {
            diagnostics.error(SchemaMessages.linkToAsymmetric(qualified, kind: type.realmKindName), at: location)
        }
        switch type.collection {
        case .single where !type.isOptional:
            diagnostics.error(SchemaMessages.mustBeNullable(qualified, fixed: "\(target)?"), at: location)
        case .map where !type.isOptional:
            diagnostics.error(SchemaMessages.mustBeNullable(qualified, fixed: "\(target)?{}"), at: location)
        case .list where type.isOptional, .set where type.isOptional:
            let fixed = DeclaredType(type.base, collection: type.collection).description
            diagnostics.error(SchemaMessages.cannotBeNullable(qualified, kind: type.realmKindName, fixed: fixed), at: location)
        default:
            break
        }
        if type.collection == .set && targetModel.kind == .embedded {
            diagnostics.error(SchemaMessages.setOfEmbedded(qualified, target: target), at: location)
        }
    }

    /// Linking objects: the origin model exists (and is not asymmetric), and its origin
    /// property is a link (to-one or any collection) to this model.
    private mutating func checkLinkingObjects(_ property: PropertySchema, from objectType: String, origin: String,
                                              qualified: String, in modelName: String, locations: PropertyLocations) {
        if property.type.isOptional {
            diagnostics.error(SchemaMessages.cannotBeNullable(qualified, kind: property.type.realmKindName,
                                                              fixed: SchemaLoader.linkingObjectsName),
                              at: locations.type)
        }
        let objectTypeLocation = locations.objectType ?? locations.type
        guard let originModel = modelsByName[objectType] else {
            if modelSuggestions == nil { modelSuggestions = SuggestionIndex(loaded.models.map(\.model.name)) }
            let suggestion = modelSuggestions?.closest(to: objectType)
            diagnostics.error(SchemaMessages.unknownObjectType(qualified, kind: property.type.realmKindName,
                                                               target: objectType, suggestion: suggestion),
                              at: objectTypeLocation)
            return
        }
        if originModel.model.kind == .asymmetric {
            diagnostics.error(SchemaMessages.linkToAsymmetric(qualified, kind: property.type.realmKindName),
                              at: objectTypeLocation)
        }
        let originName = "\(objectType).\(origin)"
        let originLocation = locations.originProperty ?? locations.type
        guard let originProperty = originModel.property(named: origin) else {
            guard !originModel.failedProperties.contains(origin) else { return }
            if propertySuggestions[objectType] == nil {
                propertySuggestions[objectType] = SuggestionIndex(originModel.model.properties.map(\.name))
            }
            let suggestion = propertySuggestions[objectType]?.closest(to: origin)
            diagnostics.error(SchemaMessages.originMissing(originName, linkingObjects: qualified, suggestion: suggestion),
                              at: originLocation)
            return
        }
        guard case .object(let linkTarget) = originProperty.type.base else {
            diagnostics.error(SchemaMessages.originNotLink(originName, linkingObjects: qualified), at: originLocation)
            return
        }
        if linkTarget != modelName {
            diagnostics.error(SchemaMessages.originWrongTarget(originName, linkingObjects: qualified, target: linkTarget),
                              at: originLocation)
        }
    }

    /// `indexed: true` fits single values of the types Realm Swift can index (docs/schema-rules.md, rule 2.8;
    /// `_Indexable`: the int family, bool, string, objectId, date, uuid). Core could also index
    /// mixed, but Realm Swift offers no index on `AnyRealmValue` and the generated models
    /// follow Realm Swift, so mixed is rejected. `indexed: fulltext` fits single strings that
    /// are not the primary key.
    private mutating func checkIndex(_ property: PropertySchema, qualified: String, at location: SourceLocation) {
        let type = property.type
        switch property.indexed {
        case .none:
            break
        case .regular:
            let indexable: Bool = switch type.base {
            case .int, .bool, .string, .objectId, .date, .uuid: type.collection == .single
            default: false
            }
            if !indexable {
                diagnostics.error(SchemaMessages.cannotBeIndexed(qualified, kind: type.realmKindName), at: location)
            }
        case .fulltext:
            if type.base != .string || type.collection != .single {
                diagnostics.error(SchemaMessages.fulltextNotString(qualified, kind: type.realmKindName), at: location)
            } else if property.isPrimaryKey {
                diagnostics.error(SchemaMessages.fulltextOnPrimaryKey(qualified), at: location)
            }
        }
    }
}
