import RealmSchema

/// The `GeneratedSchema` enum realm-schema adds to the first generated file: the schema's
/// `schemaVersion` and model types, so an app opens its Realm without repeating them.
///
/// For example, for a schema of version 2 declaring `Person` and `Dog`:
///
/// ```swift
/// enum GeneratedSchema {
///     static let schemaVersion: UInt64 = 2
///     static var objectTypes: [ObjectBase.Type] {
///         [
///             Person.self,
///             Dog.self,
///         ]
///     }
///     static var configuration: Realm.Configuration { … }
/// }
/// ```
struct SwiftSchemaSummary {
    let access: AccessLevel

    /// The lines of the enum for `schema`, whose classes are `classNames` (in model order).
    func lines(_ schema: CompiledSchema, classNames: [String]) -> [String] {
        let modifier = access.modifierPrefix
        return [
            "/// The schema these models were generated from, for `Realm.Configuration`:",
            "///",
            "///     let realm = try Realm(configuration: GeneratedSchema.configuration)",
            "\(modifier)enum GeneratedSchema {",
            "    /// The schema's `schemaVersion`.",
            "    \(modifier)static let schemaVersion: UInt64 = \(schema.schemaVersion)",
            "",
            "    /// Every model type of the schema, in declaration order.",
            "    \(modifier)static var objectTypes: [ObjectBase.Type] {",
            "        [",
        ] + classNames.map { "            \($0).self," } + [
            "        ]",
            "    }",
            "",
            "    /// The default configuration (`default.realm` in the current directory) with this",
            "    /// schema's version and model types; change `fileURL` and the rest as needed.",
            "    \(modifier)static var configuration: Realm.Configuration {",
            "        Realm.Configuration(schemaVersion: schemaVersion, objectTypes: objectTypes)",
            "    }",
            "}",
        ]
    }
}
