/// Applies Realm's schema rules (docs/schema-rules.md, section 2) to the loaded models and reports every
/// violation at its YAML position, in Realm core's words.
///
/// The embedded-cycle check is separate (`EmbeddedCycleChecker`): like Realm, it runs only
/// when everything else passed.
struct SchemaValidator {
    /// Core stores a class as table `class_<Name>` and table names are limited to 63 bytes.
    static let maximumClassNameBytes = 57
    /// Core's `Table::max_column_name_length`.
    static let maximumPropertyNameBytes = 63

    var diagnostics = Diagnostics()
    let loaded: LoadedSchema
    /// The first declaration of each model name.
    let modelsByName: [String: LoadedModel]
    /// Did-you-mean candidates, each built at the first error that needs it: link targets
    /// (models, then scalar types), models, and each origin model's properties.
    var linkSuggestions: SuggestionIndex?
    var modelSuggestions: SuggestionIndex?
    var propertySuggestions: [String: SuggestionIndex] = [:]

    init(_ loaded: LoadedSchema) {
        self.loaded = loaded
        var byName: [String: LoadedModel] = [:]
        for model in loaded.models where byName[model.model.name] == nil {
            byName[model.model.name] = model
        }
        modelsByName = byName
    }

    /// Runs every rule and returns what it found.
    mutating func validate() -> Diagnostics {
        checkDuplicateTypes()
        for model in loaded.models {
            checkName(of: model)
            checkPrimaryKey(of: model)
            checkStoredNames(of: model)
            for property in model.model.properties {
                checkProperty(property, of: model)
            }
        }
        return diagnostics
    }

    private mutating func checkDuplicateTypes() {
        var first: [String: SourceLocation] = [:]
        var firstFolded: [String: (name: String, location: SourceLocation)] = [:]
        for model in loaded.models {
            let name = model.model.name
            if let firstLocation = first[name] {
                diagnostics.error(SchemaMessages.duplicateType(name, firstAt: firstLocation), at: model.location)
            } else if let other = firstFolded[Self.storeFolded(name)] {
                diagnostics.error(SchemaMessages.typeNamesDifferInCaseOnly(name, other.name, firstAt: other.location),
                                  at: model.location)
            } else {
                first[name] = model.location
                firstFolded[Self.storeFolded(name)] = (name, model.location)
            }
        }
    }

    /// A name as the store compares table and column names: SQLite ignores ASCII letter case.
    static func storeFolded(_ name: String) -> String {
        String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private mutating func checkName(of model: LoadedModel) {
        let name = model.model.name
        if name.utf8.count > Self.maximumClassNameBytes {
            diagnostics.error(SchemaMessages.classNameTooLong(name, limit: Self.maximumClassNameBytes), at: model.location)
        }
    }

    /// Realm allows int (every width), string, objectId and uuid keys, nullable or not.
    private mutating func checkPrimaryKey(of loadedModel: LoadedModel) {
        let model = loadedModel.model
        guard let key = model.primaryKey else {
            if model.kind == .asymmetric {
                diagnostics.error(SchemaMessages.asymmetricNeedsPrimaryKey(model.name), at: loadedModel.location)
            }
            return
        }
        if model.kind == .embedded {
            diagnostics.error(SchemaMessages.embeddedPrimaryKey(model.name), at: loadedModel.primaryKeyKeyLocation)
            return
        }
        guard let property = loadedModel.property(named: key) else {
            guard !loadedModel.failedProperties.contains(key) else { return }
            let suggestion = Suggestion.closest(to: key, among: model.properties.map(\.name))
            diagnostics.error(SchemaMessages.primaryKeyMissing(model: model.name, key: key, suggestion: suggestion),
                              at: loadedModel.primaryKeyValueLocation)
            return
        }
        let allowed: Bool = switch property.type.base {
        case .int, .string, .objectId, .uuid: property.type.collection == .single
        default: false
        }
        if !allowed {
            diagnostics.error(SchemaMessages.primaryKeyType(model: model.name, property: key, kind: property.type.realmKindName),
                              at: loadedModel.primaryKeyValueLocation)
        }
    }

    /// Stored names (`mapTo`, else the name) must be unique, short enough, and no property's
    /// Swift name may be another property's stored name.
    private mutating func checkStoredNames(of loadedModel: LoadedModel) {
        let model = loadedModel.model
        var firstUse: [String: SourceLocation] = [:]
        var firstFolded: [String: (name: String, location: SourceLocation)] = [:]
        var reported: Set<String> = []
        for property in model.properties {
            let stored = property.storedName
            let location = loadedModel.locations(of: property).storedName
            if stored.utf8.count > Self.maximumPropertyNameBytes {
                diagnostics.error(SchemaMessages.propertyNameTooLong(stored, limit: Self.maximumPropertyNameBytes), at: location)
            }
            if let first = firstUse[stored] {
                if reported.insert(stored).inserted {
                    diagnostics.error(SchemaMessages.duplicateProperty(stored, model: model.name, firstAt: first), at: location)
                }
            } else if let other = firstFolded[Self.storeFolded(stored)], !property.type.isLinkingObjects {
                diagnostics.error(SchemaMessages.storedNamesDifferInCaseOnly(model: model.name, stored, other.name,
                                                                             firstAt: other.location), at: location)
            } else {
                firstUse[stored] = location
                if !property.type.isLinkingObjects {
                    firstFolded[Self.storeFolded(stored)] = (stored, location)
                }
            }
        }
        // Which properties use each stored name, so that the check below is a lookup, not a scan.
        var firstOwner: [String: String] = [:]
        var sharedByOthers: Set<String> = []
        for property in model.properties {
            if let owner = firstOwner[property.storedName] {
                if owner != property.name { sharedByOthers.insert(property.storedName) }
            } else {
                firstOwner[property.storedName] = property.name
            }
        }
        for property in model.properties where property.mapTo != nil && property.mapTo != property.name {
            // Another property (a different name) stores under this property's name.
            let clashes = firstOwner[property.name].map { $0 != property.name || sharedByOthers.contains(property.name) } ?? false
            if clashes {
                diagnostics.error(SchemaMessages.aliasConflict(model: model.name, storedName: property.storedName,
                                                               alias: property.name),
                                  at: loadedModel.locations(of: property).storedName)
            }
        }
    }
}
