import RealmSchema
import TestSupport

/// The schema of the export round-trip tests: every property type as a single value, optional,
/// list, set and map; mixed values; embedded objects; links between classes with an int, a
/// string and a UUID primary key; and (with `references`) a class without a primary key.
enum ExportTestSchema {
    /// The scalar types and the property-name stem used for each.
    static let scalars: [(String, BaseType)] = [
        ("b", .bool), ("i", .int(.int)), ("i8", .int(.int8)), ("i16", .int(.int16)), ("i32", .int(.int32)),
        ("i64", .int(.int64)), ("f", .float), ("d", .double), ("s", .string), ("bin", .data), ("at", .date),
        ("dec", .decimal128), ("oid", .objectId), ("u", .uuid),
    ]

    /// `singleClass`: only `Kitchen` and its embedded `Part` (for NDJSON, one class a file).
    /// `references`: adds `Note`, which has no primary key, and links to it.
    static func make(singleClass: Bool, references: Bool) -> CompiledSchema {
        var kitchen: [PropertySchema] = [property("id", .int(.int), primaryKey: true)]
        for (name, base) in scalars {
            kitchen.append(property(name, base))
            kitchen.append(property("o" + name, base, optional: true))
            kitchen.append(property(name + "List", base, .list, optional: name.count % 2 == 0))
            if base != .bool { kitchen.append(property(name + "Set", base, .set, optional: name.count % 2 == 1)) }
            kitchen.append(property(name + "Map", base, .map, optional: name.count % 2 == 0))
        }
        kitchen += [
            property("any", .mixed), property("anyList", .mixed, .list), property("anySet", .mixed, .set),
            property("anyMap", .mixed, .map),
            property("part", .object("Part"), optional: true), property("parts", .object("Part"), .list),
            property("partMap", .object("Part"), .map, optional: true),
            property("next", .object("Kitchen"), optional: true), property("kitchens", .object("Kitchen"), .list),
            property("kitchenSet", .object("Kitchen"), .set), property("kitchenMap", .object("Kitchen"), .map, optional: true),
            PropertySchema(name: "fans", type: DeclaredType(.linkingObjects(objectType: "Kitchen", property: "kitchens"), collection: .list)),
        ]
        var part = [property("label", .string), property("weight", .double), property("any", .mixed),
                    property("kitchen", .object("Kitchen"), optional: true)]
        var models = [ModelSchema]()
        if !singleClass {
            kitchen += [property("tag", .object("Tag"), optional: true), property("tags", .object("Tag"), .list),
                        property("badge", .object("Badge"), optional: true)]
            part.append(property("tag", .object("Tag"), optional: true))
            models.append(ModelSchema(name: "Tag", primaryKey: "name", properties: [
                property("name", .string, primaryKey: true), property("color", .string, optional: true),
                property("any", .mixed), property("kitchen", .object("Kitchen"), optional: true),
            ]))
            models.append(ModelSchema(name: "Badge", primaryKey: "code", properties: [
                property("code", .uuid, primaryKey: true), property("kitchen", .object("Kitchen"), optional: true),
                property("tags", .object("Tag"), .set),
            ]))
        }
        if references {
            kitchen += [property("note", .object("Note"), optional: true), property("notes", .object("Note"), .list),
                        property("noteSet", .object("Note"), .set), property("noteMap", .object("Note"), .map, optional: true)]
            part.append(property("note", .object("Note"), optional: true))
            models.append(ModelSchema(name: "Note", properties: [
                property("text", .string), property("next", .object("Note"), optional: true),
                property("others", .object("Note"), .list), property("kitchen", .object("Kitchen"), optional: true),
                property("any", .mixed),
            ]))
        }
        models.insert(ModelSchema(name: "Kitchen", primaryKey: "id", properties: kitchen), at: 0)
        models.insert(ModelSchema(name: "Part", kind: .embedded, properties: part), at: 1)
        return CompiledSchema(schemaVersion: 1, models: models)
    }

    /// One class without a primary key, `Note`, linking to itself in every way (to-one, list,
    /// set, map, inside an embedded object and inside mixed values): its NDJSON export holds
    /// every `$id` and every `$ref`.
    static func notes() -> CompiledSchema {
        CompiledSchema(schemaVersion: 1, models: [
            ModelSchema(name: "Note", properties: [
                property("text", .string), property("at", .date, optional: true), property("next", .object("Note"), optional: true),
                property("others", .object("Note"), .list), property("otherSet", .object("Note"), .set),
                property("byKey", .object("Note"), .map, optional: true), property("clip", .object("Clip"), optional: true),
                property("any", .mixed), property("anyList", .mixed, .list), property("anySet", .mixed, .set),
                property("anyMap", .mixed, .map),
            ]),
            ModelSchema(name: "Clip", kind: .embedded, properties: [
                property("label", .string), property("note", .object("Note"), optional: true), property("any", .mixed),
            ]),
        ])
    }
}
