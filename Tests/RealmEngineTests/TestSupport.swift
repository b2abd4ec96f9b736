import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport

/// The schema of docs/relationships.md, cases 49–58: Item, Note, Order, Addr (and Fan).
let ordersSchema = CompiledSchema(schemaVersion: 1, models: [
    model("Item", primaryKey: "sku", [property("sku", .string, primaryKey: true), property("qty", .int(.int)),
                                      property("color", .string, optional: true)]),
    model("Note", [property("text", .string)]),
    model("Order", primaryKey: "id", [
        property("id", .int(.int), primaryKey: true), property("item", .object("Item"), optional: true),
        property("items", .object("Item"), .list), property("note", .object("Note"), optional: true),
        property("tags", .int(.int), .map), property("addr", .object("Addr"), optional: true),
        property("addrs", .object("Addr"), .list), property("labels", .string, .set),
        property("extra", .mixed),
        PropertySchema(name: "lovers", type: DeclaredType(.linkingObjects(objectType: "Fan", property: "favorites"), collection: .list)),
    ]),
    model("Addr", kind: .embedded, [property("city", .string)]),
    model("Fan", [property("favorite", .object("Order"), optional: true), property("favorites", .object("Order"), .list),
                  property("byName", .object("Order"), .map, optional: true), property("picked", .object("Order"), .set),
                  property("any", .mixed), property("anyList", .mixed, .list)]),
])

extension Store {
    /// Opens a store for `schema` in `directory`.
    static func temporary(_ directory: TemporaryDirectory, _ schema: CompiledSchema = ordersSchema, name: String = "store.sqlite") throws -> Store {
        try Store(path: directory.path(name), schema: schema)
    }
}
