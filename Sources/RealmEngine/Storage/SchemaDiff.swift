import RealmSchema

/// The differences between a stored schema and the schema a store is opened with.
///
/// Properties are matched by stored name. Additive changes (new models, new properties,
/// index changes) apply automatically; every other difference is listed in `differences`
/// in Realm's wording and needs a schema-version bump and a migration block.
struct SchemaDiff {
    /// Breaking differences, one line each.
    var differences: [String] = []
    var addedModels: [ModelSchema] = []
    var addedProperties: [(model: ModelSchema, property: PropertySchema)] = []
    var indexChanges: [(model: ModelSchema, old: PropertySchema, new: PropertySchema)] = []
    /// Models present in both schemas whose storage changes in a breaking way.
    var changedModels: Set<String> = []
    var removedModels: [ModelSchema] = []

    init(old: CompiledSchema, new: CompiledSchema) {
        for model in new.models {
            guard let previous = old.model(named: model.name) else {
                addedModels.append(model)
                continue
            }
            compare(previous, model)
        }
        for model in old.models where new.model(named: model.name) == nil {
            differences.append("Class '\(model.name)' has been removed.")
            removedModels.append(model)
        }
    }

    private mutating func compare(_ old: ModelSchema, _ new: ModelSchema) {
        let name = new.name
        var breaking: [String] = []
        if old.kind != new.kind {
            breaking.append("Class '\(name)' has been changed from '\(old.kind.rawValue)' to '\(new.kind.rawValue)'.")
        }
        let oldKey = old.primaryKeyProperty?.storedName, newKey = new.primaryKeyProperty?.storedName
        switch (oldKey, newKey) {
        case (nil, let key?): breaking.append("Primary Key for class '\(name)' has been added ('\(key)').")
        case (let key?, nil): breaking.append("Primary Key for class '\(name)' has been removed ('\(key)').")
        case (let a?, let b?) where a != b: breaking.append("Primary Key for class '\(name)' has changed from '\(a)' to '\(b)'.")
        default: break
        }
        let oldProperties = Dictionary(old.persistedProperties.map { ($0.storedName, $0) }, uniquingKeysWith: { a, _ in a })
        let newNames = Set(new.persistedProperties.map(\.storedName))
        for property in new.persistedProperties {
            guard let previous = oldProperties[property.storedName] else {
                addedProperties.append((new, property))
                continue
            }
            let a = previous.type, b = property.type
            if a.base != b.base || a.collection != b.collection {
                breaking.append("Property '\(name).\(property.name)' has been changed from '\(a)' to '\(b)'.")
            } else if a.isOptional != b.isOptional {
                breaking.append("Property '\(name).\(property.name)' has been made \(b.isOptional ? "optional" : "required").")
            } else if previous.indexed != property.indexed {
                indexChanges.append((new, previous, property))
            }
        }
        for property in old.persistedProperties where !newNames.contains(property.storedName) {
            breaking.append("Property '\(name).\(property.name)' has been removed.")
        }
        if !breaking.isEmpty {
            differences += breaking
            changedModels.insert(name)
        }
    }

    /// The migration-required error listing every difference.
    var error: StoreError {
        StoreError.migrationRequired(differences)
    }
}
