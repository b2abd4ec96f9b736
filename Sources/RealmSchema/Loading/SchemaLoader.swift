/// Turns the YAML trees of the schema files into models (the language of docs/schema-rules.md, section 1),
/// reporting every problem it finds rather than stopping at the first.
///
/// Realm's rules that span properties or models (primary keys, links, names, cycles) are the
/// validator's job; the loader checks what each key and value means on its own.
struct SchemaLoader {
    static let fileKeys = ["schemaVersion", "models"]
    static let modelKeys = ["primaryKey", "embedded", "asymmetric", "doc", "properties"]

    var diagnostics = Diagnostics()
    private(set) var loaded = LoadedSchema()
    /// Every model name declared in any file, so that properties can link across files.
    let modelNames: [String]
    let modelNameSet: Set<String>
    /// Did-you-mean candidates for unknown types, built at the first one.
    var typeSuggestions: SuggestionIndex?
    private var firstSchemaVersion: (version: UInt64, location: SourceLocation)?

    init(modelNames: [String]) {
        self.modelNames = modelNames
        modelNameSet = Set(modelNames)
    }

    /// The model names declared in the files (the keys under each `models:`), in order.
    static func declaredModelNames(in roots: [YAMLNode?]) -> [String] {
        roots.flatMap { root -> [String] in
            let models = root?.pairs?.first { $0.keyText == "models" }?.value.pairs ?? []
            return models.compactMap(\.keyText)
        }
    }

    /// Loads one file's tree; `nil` is an empty file.
    mutating func loadFile(_ root: YAMLNode?, path: String) {
        guard let root else {
            diagnostics.error(SchemaMessages.emptyFile(), at: SourceLocation(file: path, line: 1, column: 1))
            return
        }
        guard let pairs = root.pairs else {
            diagnostics.error(SchemaMessages.expectedMapping(for: SchemaMessages.schemaFileSubject, found: root.kindDescription),
                              at: root.location)
            return
        }
        let fields = fields(of: pairs, allowed: Self.fileKeys, subject: SchemaMessages.schemaFileSubject)
        if let version = fields["schemaVersion"] { loadSchemaVersion(version.value) }
        guard let models = fields["models"] else {
            diagnostics.error(SchemaMessages.missingModels(), at: root.location)
            return
        }
        guard let modelPairs = models.value.pairs else {
            if models.value.scalar?.resolved != .null {
                diagnostics.error(SchemaMessages.expectedMapping(for: SchemaMessages.modelsSubject, found: models.value.kindDescription),
                                  at: models.value.location)
            }
            return
        }
        for pair in modelPairs {
            guard let name = keyText(of: pair) else { continue }
            if let model = loadModel(named: name, pair: pair, path: path) { loaded.models.append(model) }
        }
    }

    private mutating func loadSchemaVersion(_ node: YAMLNode) {
        let version: UInt64? = switch node.scalar?.resolved {
        case .int(let value)?: UInt64(exactly: value)
        case .bigInt(let text)?: UInt64(text)
        default: nil
        }
        guard let version else {
            diagnostics.error(SchemaMessages.invalidSchemaVersion(describe(node)), at: node.location)
            return
        }
        if let first = firstSchemaVersion {
            if first.version != version {
                diagnostics.error(SchemaMessages.schemaVersionConflict(version, first: first.version, firstAt: first.location),
                                  at: node.location)
            }
        } else {
            firstSchemaVersion = (version, node.location)
            loaded.schemaVersion = version
        }
    }

    private mutating func loadModel(named name: String, pair: YAMLPair, path: String) -> LoadedModel? {
        if !Identifier.isValid(name) {
            diagnostics.error(SchemaMessages.invalidModelName(name), at: pair.key.location)
        } else if BaseType.scalarNames[name] != nil || name == SchemaLoader.linkingObjectsName {
            diagnostics.error(SchemaMessages.modelNamedLikeAType(name), at: pair.key.location)
        }
        let subject = SchemaMessages.modelSubject(name)
        guard let pairs = pair.value.pairs else {
            diagnostics.error(SchemaMessages.expectedMapping(for: subject, found: pair.value.kindDescription),
                              at: pair.value.location)
            return nil
        }
        let fields = fields(of: pairs, allowed: Self.modelKeys, subject: subject)
        var model = ModelSchema(name: name, location: pair.key.location, sourceFile: path)
        var loadedModel = LoadedModel(model: model, location: pair.key.location)
        let embedded = fields["embedded"].flatMap { bool($0, of: subject) } ?? false
        let asymmetric = fields["asymmetric"].flatMap { bool($0, of: subject) } ?? false
        if embedded && asymmetric, let key = fields["asymmetric"] {
            diagnostics.error(SchemaMessages.embeddedAndAsymmetric(name), at: key.key.location)
        }
        model.kind = embedded ? .embedded : asymmetric ? .asymmetric : .object
        model.doc = fields["doc"].flatMap { text($0, of: subject) }
        if let primaryKey = fields["primaryKey"], let keyName = text(primaryKey, of: subject) {
            model.primaryKey = keyName
            loadedModel.primaryKeyKeyLocation = primaryKey.key.location
            loadedModel.primaryKeyValueLocation = primaryKey.value.location
        }
        loadProperties(fields["properties"], into: &model, loadedModel: &loadedModel)
        loadedModel.model = model
        return loadedModel
    }

    private mutating func loadProperties(_ field: YAMLPair?, into model: inout ModelSchema, loadedModel: inout LoadedModel) {
        var propertyPairs: [YAMLPair] = []
        if let value = field?.value {
            if let pairs = value.pairs {
                propertyPairs = pairs
            } else if value.scalar?.resolved != .null {
                diagnostics.error(SchemaMessages.expectedMapping(for: SchemaMessages.propertiesSubject(model.name),
                                                                 found: value.kindDescription),
                                  at: value.location)
                return
            }
        }
        for pair in propertyPairs {
            guard let name = keyText(of: pair) else { continue }
            if let (property, locations) = loadProperty(named: name, pair: pair, model: model.name) {
                var property = property
                property.isPrimaryKey = property.name == model.primaryKey
                loadedModel.propertyIndex[name] = model.properties.count
                model.properties.append(property)
                loadedModel.propertyLocations[name] = locations
            } else {
                loadedModel.failedProperties.insert(name)
            }
        }
        if model.persistedProperties.isEmpty && loadedModel.failedProperties.isEmpty {
            diagnostics.error(SchemaMessages.noProperties(model.name), at: field?.key.location ?? loadedModel.location)
        }
    }
}
