import RealmEngine
import RealmFormats

/// `--mode delete` (mongoimport's `--mode delete`): each document names an object by its primary
/// key, which is deleted with Realm's cascades (`Store.delete`); the other fields are not read.
/// A key that matches no object is skipped and counted, as mongoimport ignores it. A class
/// without a primary key cannot be named this way: a located error. (`--drop`: `Importer+Drop.swift`.)
///
/// For example:
///
///     let importer = try Importer(store: store, options: ImportOptions(className: "Person", mode: .delete))
///     try importer.importInput(DocumentSource(path: "gone.ndjson", options: importer.sourceOptions))
///     try importer.finish().deleted   // the objects removed
extension Importer {
    /// Deletes the object `root` names by its primary key.
    func deleteTopLevelObject(_ root: JSONValue, _ plan: ImportClassPlan) throws {
        guard let property = plan.primaryKey else {
            record(.error(ImportMessages.deleteNeedsPrimaryKey(plan.name), at: []))
            return
        }
        guard let field = property.field(in: root) else {
            record(.error(ImportMessages.deleteWithoutKey(plan.name, key: property.key), at: []))
            return
        }
        path.append(.key(property.key))
        defer { path.removeLast() }
        let key: StoreValue
        do {
            key = field.isNull ? .null : try decode(field, as: property.base)
        } catch {
            record(.value(error, property, className: plan.name, at: JSONPath(path)))
            return
        }
        guard let object = try store.object(plan.name, primaryKey: key) else {
            totals.missingKeys += 1
            return
        }
        repeats.forget(plan, key: key)
        try store.delete(object)
        totals.deleted += 1
    }
}

extension ImportMessages {
    static func deleteNeedsPrimaryKey(_ className: String) -> String {
        "--mode delete names objects by primary key, and \(className) has none"
    }

    static func deleteWithoutKey(_ className: String, key: String) -> String {
        "--mode delete: this \(className) document has no '\(key)' (its primary key) to name the object to delete"
    }

    static func nulledLinks(_ count: Int) -> String {
        "\(Plural.counted(count, "reference")) to missing objects set to null or left out (--on-missing-link null)"
    }

    static func deletedObjects(_ count: Int, missing: Int, dryRun: Bool) -> String {
        let verb = dryRun ? "would be deleted" : "deleted"
        return "\(Plural.counted(count, "object")) \(verb)" + (missing > 0 ? "; \(Plural.counted(missing, "key")) matched no object" : "")
    }
}
