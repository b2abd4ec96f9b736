import Foundation
@testable import RealmFile

/// Helpers for the writer's tests: a file's content as comparable values, and a re-write of a
/// file read by the reader.
enum WritingSupport {
    /// A class's schema without what the writer assigns itself (table and column keys, backlinks).
    struct Shape: Equatable {
        var name: String
        var kind: RealmClass.Kind
        var primaryKey: String?
        var properties: [String]
    }

    static func shape(_ cls: RealmClass) -> Shape {
        Shape(name: cls.name, kind: cls.kind, primaryKey: cls.primaryKey, properties: cls.properties.map { property in
            "\(property.name) \(property.type) \(property.collection) optional=\(property.isOptional) "
                + "indexed=\(property.isIndexed) fullText=\(property.isFullTextIndexed) pk=\(property.isPrimaryKey)"
        })
    }

    /// Every class's objects: key, values, and the origin keys of all its backlinks (sorted, by
    /// origin class and property).
    static func content(_ file: RealmFile) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for cls in file.classes {
            var rows: [String] = []
            for object in try file.objects(in: cls) {
                var backlinks: [String] = []
                for (column, keys) in zip(cls.backlinks, object.backlinks) where !keys.isEmpty {
                    backlinks.append("\(column.originTable).\(column.originProperty)=\(keys.sorted())")
                }
                rows.append("\(object.key) \(object.values) backlinks \(backlinks.sorted())")
            }
            result[cls.name] = rows
        }
        return result
    }

    /// `file` written again by the writer, every class and object.
    static func rewrite(_ file: RealmFile) throws -> [UInt8] {
        var writer = try RealmFileWriter(schema: file.classes, schemaVersion: file.schemaVersion ?? 0)
        for cls in file.classes {
            for object in try file.objects(in: cls) { try writer.add(object, to: cls.name) }
        }
        let bytes = try writer.bytes()
        keep(bytes, as: "rewrite")
        return bytes
    }

    /// With `REALM_WRITE_KEEP=DIR` set, keeps a copy of each written file there for checking by hand.
    static func keep(_ bytes: [UInt8], as name: String) {
        guard let directory = ProcessInfo.processInfo.environment["REALM_WRITE_KEEP"] else { return }
        let url = URL(fileURLWithPath: directory).appendingPathComponent("\(name)-\(bytes.count).realm")
        try? Data(bytes).write(to: url)
    }

    /// A property for test schemas.
    static func property(_ name: String, _ type: RealmProperty.ValueType, _ collection: RealmProperty.Collection = .none,
                         optional: Bool = false, indexed: Bool = false, primaryKey: Bool = false) -> RealmProperty {
        RealmProperty(name: name, type: type, collection: collection, isOptional: optional, isIndexed: indexed,
                      isFullTextIndexed: false, isPrimaryKey: primaryKey, columnKey: 0)
    }

    /// A class for test schemas.
    static func realmClass(_ name: String, _ properties: [RealmProperty], primaryKey: String? = nil,
                           kind: RealmClass.Kind = .object) -> RealmClass {
        RealmClass(name: name, tableName: RealmClass.tablePrefix + name, tableKey: 0, kind: kind, properties: properties,
                   primaryKey: primaryKey, backlinks: [])
    }
}
