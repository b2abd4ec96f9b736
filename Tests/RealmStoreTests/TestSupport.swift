import Foundation
@testable import RealmEngine
import RealmSchema

/// A temporary directory removed when the value is deinitialised.
final class TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("realm-store-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func path(_ name: String = "store.sqlite") -> String {
        url.appendingPathComponent(name).path
    }
}

/// Shorthand for building schemas in tests.
func property(_ name: String, _ base: BaseType, _ collection: CollectionKind = .single, optional: Bool = false,
              primaryKey: Bool = false, indexed: IndexKind = .none, mapTo: String? = nil,
              defaultValue: SchemaValue? = nil) -> PropertySchema {
    PropertySchema(name: name, type: PropertyType(base, collection: collection, isOptional: optional), indexed: indexed,
                   isPrimaryKey: primaryKey, defaultValue: defaultValue, mapTo: mapTo)
}

func model(_ name: String, kind: ModelKind = .object, primaryKey: String? = nil, _ properties: [PropertySchema]) -> ModelSchema {
    ModelSchema(name: name, kind: kind, primaryKey: primaryKey, properties: properties)
}

/// The schema of docs/relationships.md, cases 49–58: Item, Note, Order, Addr (and Fan).
let ordersSchema = Schema(schemaVersion: 1, models: [
    model("Item", primaryKey: "sku", [property("sku", .string, primaryKey: true), property("qty", .int(.int)),
                                      property("color", .string, optional: true)]),
    model("Note", [property("text", .string)]),
    model("Order", primaryKey: "id", [
        property("id", .int(.int), primaryKey: true), property("item", .object("Item"), optional: true),
        property("items", .object("Item"), .list), property("note", .object("Note"), optional: true),
        property("tags", .int(.int), .map), property("addr", .object("Addr"), optional: true),
        property("addrs", .object("Addr"), .list), property("labels", .string, .set),
        property("extra", .mixed),
        PropertySchema(name: "lovers", type: PropertyType(.linkingObjects(objectType: "Fan", property: "favorites"), collection: .list)),
    ]),
    model("Addr", kind: .embedded, [property("city", .string)]),
    model("Fan", [property("favorite", .object("Order"), optional: true), property("favorites", .object("Order"), .list),
                  property("byName", .object("Order"), .map, optional: true), property("picked", .object("Order"), .set),
                  property("any", .mixed), property("anyList", .mixed, .list)]),
])

extension Store {
    /// Opens a store for `schema` in `directory`.
    static func temporary(_ directory: TemporaryDirectory, _ schema: Schema = ordersSchema, name: String = "store.sqlite") throws -> Store {
        try Store(path: directory.path(name), schema: schema)
    }
}
