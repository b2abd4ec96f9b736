import RealmSchema

/// Builds the code model of one model class: its `@Persisted` properties, nested enums and,
/// when some property is stored under another name, `propertiesMapping()`. RealmStore finds
/// the properties by reflection, as Realm Swift does, so no property table is generated (one
/// measured no faster: docs/BENCHMARKS.md, "Typed API vs dynamic API").
///
/// Full-text indexes: Realm Swift has no API to ask for one (`@Persisted(indexed:)` takes a
/// `Bool`), so an `indexed: fulltext` property is written `@Persisted(indexed: true)` with a
/// `/// Full-text indexed.` doc line. The code compiles against Realm Swift and RealmStore
/// alike; the full-text kind itself travels in the schema the store is opened with.
struct SwiftClassBuilder {
    static let fullTextDocLine = "Full-text indexed."

    let schema: CompiledSchema
    let access: AccessLevel

    func makeClass(_ model: ModelSchema) -> SwiftClass {
        let enums = PersistableEnumBuilder(schema: schema, access: access).makeEnums(for: model)
        let properties = model.properties.map { property in
            makeProperty(property, of: model, nestedEnum: enums.first { $0.property == property.name })
        }
        return SwiftClass(
            doc: Self.docLines(model.doc),
            access: access,
            name: SwiftNaming.escaped(model.name),
            superclass: Self.superclass(of: model.kind),
            properties: properties,
            enums: enums.map(\.declaration),
            functions: makePropertiesMapping(model).map { [$0] } ?? []
        )
    }

    static func superclass(of kind: ModelKind) -> String {
        switch kind {
        case .object: "Object"
        case .embedded: "EmbeddedObject"
        case .asymmetric: "AsymmetricObject"
        }
    }

    /// `///` lines of a YAML `doc`: one per line of text, without trailing spaces or a
    /// trailing empty line.
    static func docLines(_ doc: String?) -> [String] {
        guard let doc else {
            return []
        }
        var lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingTrailingSpaces()
        }
        while lines.last?.isEmpty == true {
            lines.removeLast()
        }
        while lines.first?.isEmpty == true {
            lines.removeFirst()
        }
        return lines
    }

    private func makeProperty(_ property: PropertySchema, of model: ModelSchema, nestedEnum: NestedEnum?) -> SwiftProperty {
        var doc = Self.docLines(property.doc)
        let isPrimaryKey = property.isPrimaryKey || model.primaryKey == property.name
        if property.indexed == .fulltext && !isPrimaryKey {
            doc.append(Self.fullTextDocLine)
        }
        return SwiftProperty(
            doc: doc,
            attribute: SwiftAttribute("Persisted", arguments: attributeArguments(property, isPrimaryKey: isPrimaryKey)),
            access: access,
            name: SwiftNaming.escaped(property.name),
            type: SwiftTypeSpeller.propertyType(property.type, enumName: nestedEnum?.declaration.name),
            initialValue: SwiftDefaultValueSpeller.initialValue(for: property, nestedEnum: nestedEnum)
        )
    }

    /// `primaryKey: true` (a primary key is always indexed), `indexed: true`, or
    /// `originProperty: "dogs"` for linking objects.
    private func attributeArguments(_ property: PropertySchema, isPrimaryKey: Bool) -> [SwiftArgument] {
        if case .linkingObjects(_, let origin) = property.type.base {
            return [SwiftArgument(label: "originProperty", value: SwiftLiteral.string(origin))]
        }
        if isPrimaryKey {
            return [SwiftArgument(label: "primaryKey", value: "true")]
        }
        if property.indexed != .none {
            return [SwiftArgument(label: "indexed", value: "true")]
        }
        return []
    }

    /// `override class func propertiesMapping() -> [String: String]` for `mapTo` names.
    private func makePropertiesMapping(_ model: ModelSchema) -> SwiftFunction? {
        let pairs = model.properties.compactMap { property -> String? in
            guard let stored = property.mapTo, stored != property.name else {
                return nil
            }
            return "\(SwiftLiteral.string(property.name)): \(SwiftLiteral.string(stored))"
        }
        if pairs.isEmpty {
            return nil
        }
        let body = pairs.count == 1 ? ["[\(pairs[0])]"] : ["["] + pairs.map { "    \($0)," } + ["]"]
        return SwiftFunction(
            doc: [],
            modifiers: [access.modifierPrefix + "override class"],
            signature: "propertiesMapping() -> [String: String]",
            body: body
        )
    }
}
