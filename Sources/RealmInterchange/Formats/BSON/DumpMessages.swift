/// The messages of reading a mongodump directory (`realm-import dump/db/`) and its
/// `<collection>.metadata.json` files: skipped files, the database-directory level, and the
/// metadata's indexes checked against the schema (docs/mongodb.md, section 2.1). Each note or
/// warning is one line that starts with the file it is about.
enum DumpMessages {
    // MARK: Directories

    static func classWithDirectory(_ directory: String) -> String {
        "'\(directory)' is a dump directory: each of its files names its class, as mongorestore takes a collection's name "
            + "from its file (Person.bson); leave out --class"
    }

    static func databasesDirectory(_ directory: String, databases: [String]) -> String {
        "'\(directory)' holds no .bson files but database directories that do, as mongodump writes one per database: "
            + "give the one to import instead (\(databases.joined(separator: ", ")))"
    }

    static func emptyDirectory(_ directory: String) -> String {
        "'\(directory)' holds no .bson, .bson.gz or .metadata.json files as mongodump writes them"
    }

    static func bothCompressions(_ plain: String, _ compressed: String) -> String {
        "'\(plain)' and '\(compressed)' are the same collection twice; keep one of them"
    }

    static func unknownCollection(_ path: String, name: String, classes: [String]) -> String {
        "'\(path)' holds collection '\(name)', which is not a class of the schema (\(classes.joined(separator: ", "))): "
            + "add the class to the schema, or give the other files by name"
    }

    static func skippedSubdirectory(_ path: String) -> String {
        "\(path): a subdirectory; skipped (give it as an input of its own)"
    }

    static func skippedFile(_ path: String) -> String {
        "\(path): not a collection's .bson or .metadata.json file; skipped, as mongorestore skips it"
    }

    static func skippedSystemCollection(_ path: String) -> String {
        "\(path): a system collection, not data of a class; skipped, as mongorestore skips it"
    }

    static func skippedOplog(_ path: String) -> String {
        "\(path): mongodump's oplog (mongorestore --oplogReplay replays it), not data of a class; skipped"
    }

    static func notMetadata(_ path: String) -> String {
        "\(path) is not mongodump metadata: expected a JSON object with 'indexes' and 'collectionName', as mongodump writes"
    }

    // MARK: Metadata files

    static func view(_ path: String, name: String) -> String {
        "\(path): '\(name)' is a view, which holds no documents of its own; skipped"
    }

    static func unknownClass(_ path: String, name: String) -> String {
        "\(path): no class '\(name)' in the schema; its indexes are not checked"
    }

    static func collectionNameDiffers(_ path: String, collectionName: String, className: String) -> String {
        "\(path): its collectionName is '\(collectionName)'; checked against class '\(className)', which its file "
            + "name (or --class) names, as mongorestore goes by the file name"
    }

    static func noDataFile(_ path: String, className: String) -> String {
        "\(path): no \(className).bson or \(className).bson.gz beside it; class '\(className)' gets no objects from "
            + "this directory (its indexes are checked)"
    }

    static func uniqueWithoutKey(_ path: String, index: String, field: String, className: String, primaryKey: String?) -> String {
        let remedy = primaryKey.map { "only the primary key ('\($0)') is unique in Realm" }
            ?? "make it the primary key (primaryKey: \(field)) if it must be unique"
        return "\(path): unique index '\(index)' on '\(field)' has no equivalent in class '\(className)': "
            + "duplicate values load without error; \(remedy)"
    }

    static func uniqueCompound(_ path: String, index: String, fields: [String], className: String) -> String {
        "\(path): unique index '\(index)' on (\(fields.joined(separator: ", "))) has no equivalent in class '\(className)' "
            + "(Realm has no compound or unique indexes): duplicate combinations load without error"
    }

    static func compound(_ path: String, index: String, fields: [String]) -> String {
        "\(path): compound index '\(index)' on (\(fields.joined(separator: ", "))) has no Realm equivalent: Realm indexes "
            + "single properties (indexed: true)"
    }

    static func missingField(_ path: String, index: String, field: String, className: String) -> String {
        "\(path): index '\(index)' is on '\(field)', which class '\(className)' does not have"
    }

    static func notIndexed(_ path: String, index: String, className: String, property: String) -> String {
        "\(path): index '\(index)' on '\(property)': the schema does not index '\(className).\(property)'; "
            + "add 'indexed: true' to it"
    }

    static func notFullText(_ path: String, index: String, className: String, property: String) -> String {
        "\(path): text index '\(index)' covers '\(property)': the schema has no full-text index on "
            + "'\(className).\(property)'; add 'indexed: fulltext' to it"
    }

    static func otherKind(_ path: String, index: String, kind: String) -> String {
        "\(path): index '\(index)' is a '\(kind)' index, which Realm does not have; ignored"
    }
}
