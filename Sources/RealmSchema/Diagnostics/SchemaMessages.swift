/// Every message of the YAML reader and the schema loader. Wording lives here and nowhere else.
///
/// Realm's own rule texts (primary keys, links, names…) are in `SchemaMessages+Realm.swift`.
enum SchemaMessages {
    // MARK: YAML

    /// libyaml's problem text when it gives none.
    static let yamlUnknownProblem = "unknown problem"
    static let yamlOutOfMemory = "out of memory"

    static func yamlSyntax(_ problem: String, context: String?, contextLocation: SourceLocation?) -> SchemaMessage {
        var notes: [String] = []
        if let context, let contextLocation {
            notes.append("\(context) at line \(contextLocation.line), column \(contextLocation.column)")
        }
        return SchemaMessage("YAML syntax error: \(problem)", notes: notes)
    }

    /// `{ indices: int[] }`: `[` and `{` start YAML collections inside `{ }` and `[ ]`.
    static func yamlUnquotedCollectionType(_ type: String, inside brackets: String, context: String?,
                                           contextLocation: SourceLocation?) -> SchemaMessage {
        let syntax = yamlSyntax("list and map types must be quoted inside \(brackets): write \"\(type)\"",
                                context: context, contextLocation: contextLocation)
        return syntax
    }

    static func yamlSeveralDocuments() -> SchemaMessage {
        SchemaMessage("A schema file must hold a single YAML document; found a second one.")
    }

    static func yamlAlias(_ anchor: String) -> SchemaMessage {
        SchemaMessage("YAML aliases ('*\(anchor)') are not supported in schema files.",
                      notes: ["write the value out in full"])
    }

    static func yamlAnchor(_ anchor: String) -> SchemaMessage {
        SchemaMessage("YAML anchors ('&\(anchor)') are not supported in schema files.")
    }

    static func yamlTag(_ tag: String) -> SchemaMessage {
        SchemaMessage("YAML tag '\(tag)' is not supported in schema files.")
    }

    static func yamlTooDeep(_ depth: Int) -> SchemaMessage {
        SchemaMessage("YAML nesting is deeper than \(depth) levels.")
    }

    static func duplicateKey(_ key: String, firstAt first: SourceLocation) -> SchemaMessage {
        SchemaMessage("Duplicate key '\(key)'.",
                      notes: ["'\(key)' is first defined at line \(first.line), column \(first.column)"])
    }

    // MARK: Subjects ("in model 'Dog'", "of property 'Dog.name'")

    static let schemaFileSubject = "the schema file"
    static let modelsSubject = "'models'"

    static func modelSubject(_ model: String) -> String { "model '\(model)'" }

    static func propertiesSubject(_ model: String) -> String { "'properties' of model '\(model)'" }

    static func propertySubject(_ property: String) -> String { "property '\(property)'" }

    // MARK: File structure

    static func emptyFile() -> SchemaMessage {
        SchemaMessage("The schema file is empty: expected a mapping with 'schemaVersion' and 'models'.")
    }

    static func missingModels() -> SchemaMessage {
        SchemaMessage("The schema file has no 'models' key.", notes: ["declare models under 'models:'"])
    }

    static func expectedMapping(for subject: String, found: String) -> SchemaMessage {
        SchemaMessage("Expected a mapping for \(subject), found \(found).")
    }

    static func keyNotText(found: String) -> SchemaMessage {
        SchemaMessage("Keys in a schema must be plain names, found \(found).")
    }

    static func unknownKey(_ key: String, in subject: String, suggestion: String?, validKeys: [String]) -> SchemaMessage {
        let note = suggestion.map(Suggestion.didYouMean)
            ?? "valid keys are " + validKeys.map { "'\($0)'" }.joined(separator: ", ")
        return SchemaMessage("Unknown key '\(key)' in \(subject).", notes: [note])
    }

    static func invalidSchemaVersion(_ found: String) -> SchemaMessage {
        SchemaMessage("'schemaVersion' must be a non-negative integer, found \(found).")
    }

    static func schemaVersionConflict(_ version: UInt64, first: UInt64, firstAt: SourceLocation) -> SchemaMessage {
        SchemaMessage("schemaVersion \(version) differs from schemaVersion \(first) declared in '\(firstAt.file)'.",
                      notes: ["all schema files must give the same schemaVersion; the first is at \(firstAt)"])
    }

    static func invalidModelName(_ name: String) -> SchemaMessage {
        SchemaMessage("Invalid model name '\(name)': " + identifierRule)
    }

    static func invalidPropertyName(_ name: String) -> SchemaMessage {
        SchemaMessage("Invalid property name '\(name)': " + identifierRule)
    }

    private static let identifierRule = "names must start with a letter or '_' and contain only letters, digits and '_'."

    static func modelNamedLikeAType(_ name: String) -> SchemaMessage {
        SchemaMessage("Model name '\(name)' is also the name of a built-in type; properties could not link to it.")
    }

    // MARK: Models

    static func expectedBool(_ key: String, of subject: String, found: String) -> SchemaMessage {
        SchemaMessage("'\(key)' of \(subject) must be true or false, found \(found).")
    }

    static func expectedText(_ key: String, of subject: String, found: String) -> SchemaMessage {
        SchemaMessage("'\(key)' of \(subject) must be a string, found \(found).")
    }

    static func embeddedAndAsymmetric(_ model: String) -> SchemaMessage {
        SchemaMessage("Model '\(model)' cannot be both embedded and asymmetric.")
    }

    static func noProperties(_ model: String) -> SchemaMessage {
        SchemaMessage("No properties are defined for '\(model)'. Did you remember to list them under 'properties'?")
    }

    static func emptyMapTo(_ property: String) -> SchemaMessage {
        SchemaMessage("'mapTo' of property '\(property)' must not be empty.")
    }

    static func mapToOnLinkingObjects(_ property: String) -> SchemaMessage {
        SchemaMessage("Property '\(property)' of type 'linking objects' is computed and cannot have 'mapTo'.")
    }
}
