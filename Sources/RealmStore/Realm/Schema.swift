import Foundation
import RealmSchema

/// The models of a Realm as Realm Swift shows them (`realm.schema`): one `ObjectSchema` per
/// model of the file, including models the program has no class for. The project's own
/// schema (defaults, enum lists, full-text indexes) stays `realm.store.schema`.
///
/// For example:
///
///     realm.schema.objectSchema.map(\.className)     // ["Dog", "Person"]
///     realm.schema["Dog"]?["name"]?.type              // .string
public struct Schema: CustomStringConvertible, Equatable {
    /// The schema of every model in the Realm, in the file's order.
    public let objectSchema: [ObjectSchema]

    init(_ schema: CompiledSchema) {
        objectSchema = schema.models.map(ObjectSchema.init)
    }

    /// The schema of the model named `className`, nil when the Realm has none.
    public subscript(className: String) -> ObjectSchema? {
        objectSchema.first { $0.className == className }
    }

    /// Realm's text: `Schema {`, each model's description (by class name) indented by a tab,
    /// then `}`.
    public var description: String {
        let models = objectSchema.sorted { $0.className < $1.className }
        return "Schema {\n" + models.map { "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n" }.joined() + "}"
    }

    /// Whether both list the same models, in any order.
    public static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs.objectSchema.sorted { $0.className < $1.className } == rhs.objectSchema.sorted { $0.className < $1.className }
    }
}
