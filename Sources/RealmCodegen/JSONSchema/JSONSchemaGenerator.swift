import RealmSchema

/// Renders one JSON Schema (draft 2020-12) per importable model: `<Model>.schema.json`.
///
/// Object and asymmetric models get a file; embedded models cannot be imported on their own
/// and appear in the `$defs` of the files whose models use them. `$defs` holds the embedded
/// models reachable from the file's model (in the order they are first reached) and the
/// `ejson.*` value definitions it uses; links to other top-level models refer to their files
/// (`{"$ref": "Dog.schema.json"}`, resolved against `$id`), so the files are used as a set.
/// The schema describes one object as realm-import accepts it when it creates the object
/// (docs/json-typing.md, docs/relationships.md); see `JSONSchemaModelBuilder` for the decisions.
public struct JSONSchemaGenerator: Sendable {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    public init() {}

    public func generate(_ schema: CompiledSchema) -> [GeneratedFile] {
        schema.models.filter { $0.kind != .embedded }.map { model in
            let fileName = Self.fileName(for: model.name)
            return GeneratedFile(path: fileName, contents: document(for: model, in: schema, id: fileName).prettyPrinted)
        }
    }

    func document(for model: ModelSchema, in schema: CompiledSchema, id: String) -> JSONSchemaValue {
        var builder = JSONSchemaModelBuilder(schema: schema, rootModel: model.name)
        var members = [
            JSONMember("$schema", .string(Self.dialect)),
            JSONMember("$id", .string(id)),
        ]
        members += builder.objectMembers(model)
        var definitions: [JSONMember] = []
        for linked in Self.linkedModels(from: model, in: schema) {
            definitions.append(JSONMember(linked.name, .object(builder.objectMembers(linked))))
        }
        for definition in ExtendedJSONDefinition.allCases where builder.usedDefinitions.contains(definition) {
            definitions.append(JSONMember(definition.name, definition.schema))
        }
        if !definitions.isEmpty {
            members.append(JSONMember("$defs", .object(definitions)))
        }
        return .object(members)
    }

    /// `Person.schema.json`
    static func fileName(for model: String) -> String {
        "\(model).schema.json"
    }

    /// The embedded models reachable from `root` through embedded links, breadth first in
    /// property order.
    static func linkedModels(from root: ModelSchema, in schema: CompiledSchema) -> [ModelSchema] {
        var found: [ModelSchema] = []
        var queue = [root]
        var index = 0
        while index < queue.count {
            for property in queue[index].persistedProperties {
                guard case .object(let target) = property.type.base, target != root.name,
                      !found.contains(where: { $0.name == target }),
                      let model = schema.model(named: target), model.kind == .embedded else {
                    continue
                }
                found.append(model)
                queue.append(model)
            }
            index += 1
        }
        return found
    }
}
