import RealmEngine
import RealmInterchange

/// The importer on any text, into a store holding `FuzzStores.seedJSON`: an import that does
/// not commit (errors, or a thrown failure) leaves the store's export as it was; one that
/// commits exports to a text that imports into a new empty store and exports from there to
/// the same text.
///
/// Returns the property that failed, or `nil`.
///
/// For example:
///
///     fuzzImport(Array(#"{"Dog": [{"_id": {"$uuid": "7c9e6679-7425-40de-944b-e07fc1f90ae7"}, "name": "Maui"}]}"#.utf8))
public func fuzzImport(_ bytes: [UInt8]) -> String? {
    checkedImport(bytes, ImportOptions(), name: "fuzz.json", stores: "import")
}

/// `fuzzImport` for BSON: any bytes read as BSON documents of `Person` (`--type bson`,
/// `--mode upsert`), with the same properties.
///
/// For example:
///
///     fuzzBSON([16, 0, 0, 0, 2, 110, 97, 109, 101, 0, 3, 0, 0, 0, 65, 100, 0, 0])   // {"name": "Ad"}
public func fuzzBSON(_ bytes: [UInt8]) -> String? {
    checkedImport(bytes, ImportOptions(className: "Person", mode: .upsert), name: "fuzz.bson", stores: "bson", format: .bson)
}

/// Imports `bytes` into the seeded store and checks that a failed import changed nothing and
/// that a committed one survives export → import → export. The store files are named after
/// `stores`, so that targets replayed at the same time use files of their own.
private func checkedImport(_ bytes: [UInt8], _ options: ImportOptions, name: String, stores: String,
                           format: InputFormat? = nil) -> String? {
    do {
        let store = try FuzzStores.seededStore(stores + ".sqlite")
        let before = try FuzzStores.export(store)
        let committed: Bool
        let importer = try Importer(store: store, options: options)
        var sourceOptions = importer.sourceOptions
        sourceOptions.format = format
        do {
            try importer.importInput(DocumentSource(bytes: bytes, name: name, options: sourceOptions))
            committed = try importer.finish().committed
        } catch {
            committed = false
        }
        let after = try FuzzStores.export(store)
        if !committed {
            if after != before { return "a failed import changed the store:\n\(before)\n→\n\(after)" }
            return nil
        }
        let copy = try FuzzStores.emptyStore(stores + "-copy.sqlite")
        let reimport = try Importer(store: copy, options: ImportOptions())
        try reimport.importInput(DocumentSource(bytes: Array(after.utf8), name: "export.json", options: reimport.sourceOptions))
        guard try reimport.finish().committed else {
            return "the export of an import does not import: \(reimport.diagnostics.first.map { "\($0)" } ?? "")\n\(after)"
        }
        let again = try FuzzStores.export(copy)
        if again != after { return "export → import → export differs:\n\(after)\n→\n\(again)" }
        return nil
    } catch {
        return "the store failed around an import: \(error)"
    }
}
