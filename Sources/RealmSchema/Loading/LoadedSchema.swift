/// The loader's output: the schema models plus the YAML positions the validator reports at.
struct LoadedSchema {
    var schemaVersion: UInt64 = 0
    var models: [LoadedModel] = []

    /// The plain schema, once every check has passed.
    var schema: CompiledSchema {
        CompiledSchema(schemaVersion: schemaVersion, models: models.map(\.model))
    }
}

/// One model as loaded.
struct LoadedModel {
    var model: ModelSchema
    /// The model's name key under `models:`.
    var location: SourceLocation
    /// The `primaryKey` key and its value.
    var primaryKeyKeyLocation: SourceLocation?
    var primaryKeyValueLocation: SourceLocation?
    /// Positions per property name (names are unique: the YAML reader drops duplicate keys).
    var propertyLocations: [String: PropertyLocations] = [:]
    /// Each property's index in `model.properties`, so that looking one up by name is not a scan.
    var propertyIndex: [String: Int] = [:]
    /// Properties that failed to load; rules that refer to them are skipped to avoid
    /// reporting follow-on errors.
    var failedProperties: Set<String> = []

    /// The loaded property with this name, if any.
    func property(named name: String) -> PropertySchema? {
        propertyIndex[name].map { model.properties[$0] }
    }

    func locations(of property: PropertySchema) -> PropertyLocations {
        propertyLocations[property.name] ?? PropertyLocations(key: property.location ?? location)
    }
}

/// Where each part of one property is written.
struct PropertyLocations {
    /// The property's name key.
    var key: SourceLocation
    /// The type text (the shorthand value, or the value of `type:`).
    var type: SourceLocation
    var indexed: SourceLocation?
    var mapTo: SourceLocation?
    var objectType: SourceLocation?
    var originProperty: SourceLocation?

    init(key: SourceLocation, type: SourceLocation? = nil) {
        self.key = key
        self.type = type ?? key
    }

    /// Where the stored name is written: `mapTo`'s value, else the key.
    var storedName: SourceLocation { mapTo ?? key }
}

extension DeclaredType {
    /// Realm core's word for the property's type in its messages: `array`, `set` and
    /// `dictionary` for collections, otherwise the base type's word.
    var realmKindName: String {
        switch collection {
        case .single: base.realmKindName
        case .list: isLinkingObjects ? base.realmKindName : "array"
        case .set: "set"
        case .map: "dictionary"
        }
    }
}
