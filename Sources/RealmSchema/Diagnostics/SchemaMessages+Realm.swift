/// Realm's own schema-validation texts (docs/schema-rules.md, section 2), reproduced word for word so users
/// can search for them; project notes ("write 'Person?'") go in the notes.
extension SchemaMessages {
    // MARK: Names and duplicates (§2.7)

    static func duplicateType(_ name: String, firstAt first: SourceLocation) -> SchemaMessage {
        SchemaMessage("Type '\(name)' appears more than once in the schema.",
                      notes: ["'\(name)' is first declared at \(first)"])
    }

    static func duplicateProperty(_ storedName: String, model: String, firstAt first: SourceLocation) -> SchemaMessage {
        SchemaMessage("Property '\(storedName)' appears more than once in the schema for type '\(model)'.",
                      notes: ["'\(storedName)' is first used at line \(first.line), column \(first.column)"])
    }

    /// Not a Realm rule: the store keeps classes as SQLite tables, whose names ignore ASCII case.
    static func typeNamesDifferInCaseOnly(_ name: String, _ other: String, firstAt first: SourceLocation) -> SchemaMessage {
        SchemaMessage("Type '\(name)' differs from type '\(other)' only in letter case; the store cannot hold both.",
                      notes: ["'\(other)' is declared at \(first); the store file names tables without regard to case"])
    }

    /// Not a Realm rule: stored property names become SQLite columns, whose names ignore ASCII case.
    static func storedNamesDifferInCaseOnly(model: String, _ name: String, _ other: String,
                                            firstAt first: SourceLocation) -> SchemaMessage {
        SchemaMessage("Property '\(model).\(name)' differs from '\(model).\(other)' only in letter case; the store cannot hold both.",
                      notes: ["'\(other)' is at line \(first.line), column \(first.column); give one of them another stored name with 'mapTo'"])
    }

    static func aliasConflict(model: String, storedName: String, alias: String) -> SchemaMessage {
        SchemaMessage("Property '\(model).\(storedName)' has an alias '\(alias)' that conflicts with a property of the same name.")
    }

    static func classNameTooLong(_ name: String, limit: Int) -> SchemaMessage {
        SchemaMessage("Name too long: class_\(name)",
                      notes: ["model names are limited to \(limit) UTF-8 bytes; '\(name)' has \(name.utf8.count)"])
    }

    static func propertyNameTooLong(_ name: String, limit: Int) -> SchemaMessage {
        SchemaMessage("Name too long: \(name)",
                      notes: ["stored property names are limited to \(limit) UTF-8 bytes; this one has \(name.utf8.count)"])
    }

    // MARK: Primary keys (§2.2)

    static func primaryKeyMissing(model: String, key: String, suggestion: String?) -> SchemaMessage {
        SchemaMessage("Specified primary key '\(model).\(key)' does not exist.")
            .adding(suggestion.map(Suggestion.didYouMean))
    }

    static func primaryKeyType(model: String, property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(model).\(property)' of type '\(kind)' cannot be made the primary key.",
                      notes: ["a primary key must be a string, int (any width), objectId or uuid property"])
    }

    static func embeddedPrimaryKey(_ model: String) -> SchemaMessage {
        SchemaMessage("Embedded object type '\(model)' cannot have a primary key.")
    }

    static func asymmetricNeedsPrimaryKey(_ model: String) -> SchemaMessage {
        SchemaMessage("Asymmetric object type '\(model)' must have a primary key.",
                      notes: ["for example 'primaryKey: _id' with '_id: objectId'"])
    }

    // MARK: Nullability and collections (§2.3)

    static func mustBeNullable(_ property: String, fixed: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type 'object' must be nullable.", notes: ["write '\(fixed)'"])
    }

    static func cannotBeNullable(_ property: String, kind: String, fixed: String?) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot be nullable.")
            .adding(fixed.map { "write '\($0)'" })
    }

    /// Realm Swift: `AnyRealmValue property 'v' must not be marked as optional: nil values are
    /// represented as AnyRealmValue.none`, in the YAML language's words.
    static func mixedOptional(_ property: String, fixed: String) -> SchemaMessage {
        SchemaMessage("Mixed property '\(property)' must not be marked as optional: a mixed value can already be null.",
                      notes: ["write '\(fixed)'"])
    }

    static func setOfEmbedded(_ property: String, target: String) -> SchemaMessage {
        SchemaMessage("Set property '\(property)' cannot contain embedded object type '\(target)'. "
                      + "Set semantics are not applicable to embedded objects.")
    }

    // MARK: Links (§2.4)

    static func unknownObjectType(_ property: String, kind: String, target: String, suggestion: String?) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' has unknown object type '\(target)'")
            .adding(suggestion.map(Suggestion.didYouMean))
    }

    static func linkToAsymmetric(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot be a link to an asymmetric object.")
    }

    static func cannotHaveObjectType(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot have an object type.")
    }

    static func cannotHaveOriginProperty(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot have an origin property name.")
    }

    static func mustHaveOriginProperty(_ property: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type 'linking objects' must have an origin property name.")
    }

    static func originMissing(_ origin: String, linkingObjects: String, suggestion: String?) -> SchemaMessage {
        SchemaMessage("Property '\(origin)' declared as origin of linking objects property '\(linkingObjects)' does not exist")
            .adding(suggestion.map(Suggestion.didYouMean))
    }

    static func originNotLink(_ origin: String, linkingObjects: String) -> SchemaMessage {
        SchemaMessage("Property '\(origin)' declared as origin of linking objects property '\(linkingObjects)' is not a link")
    }

    static func originWrongTarget(_ origin: String, linkingObjects: String, target: String) -> SchemaMessage {
        SchemaMessage("Property '\(origin)' declared as origin of linking objects property '\(linkingObjects)' "
                      + "links to type '\(target)'")
    }

    // MARK: Indexes (§2.8) and embedded cycles (§2.5)

    static func cannotBeIndexed(_ property: String, kind: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type '\(kind)' cannot be indexed.")
    }

    static func embeddedCycle(_ path: String) -> SchemaMessage {
        SchemaMessage("Cycles containing embedded objects are not currently supported: '\(path)'")
    }
}
