import RealmEngine
import RealmFile
import RealmSchema

/// `realm-export --type realm`: the store (or the classes `--class` names with every class they
/// link to) as a Realm file of file format 24, written by `RealmFileWriter`, atomically
/// (docs/realm-export.md, "Realm files").
///
/// The schema is the store's (`RealmFileSchema.realmClasses(of:)`) at the store's schema version
/// or the one given. Each class's objects are read in insertion order (`Store.forEachObjectWithValues`)
/// and numbered 0, 1, 2, … as their Realm object keys, so a file read back gives the same `$id`s;
/// links become links to those keys (`RealmFileExport+Values.swift`). Embedded objects are the
/// objects of their embedded class, each linked from its one owner. Asymmetric classes are written
/// with their table and no objects: their objects wait in the store's outbox, which is not part
/// of a Realm an app opens.
///
/// Everything is held in memory until written (the writer assembles the whole file): about the
/// file's size and the objects' values, plus one sorted key array per class.
///
/// For example:
///
///     try RealmFileExporter(store: store, classes: [], schemaVersion: nil).export(to: "App.realm")
public struct RealmFileExporter {
    let store: Store
    let classes: [String]
    let schemaVersion: UInt64?

    /// An exporter of `store`: of every class when `classes` is empty, else of those and every
    /// class they link to; `schemaVersion` overrides the store's.
    public init(store: Store, classes: [String], schemaVersion: UInt64?) {
        self.store = store
        self.classes = classes
        self.schemaVersion = schemaVersion
    }

    /// The classes written: every class of the store, or the named top-level classes and every
    /// class they reach through link properties (embedded ones included), in schema order.
    ///
    /// - Throws: `ExportError` for a name that is no top-level class of the store.
    public func selectedModels() throws(ExportError) -> [ModelSchema] {
        let schema = store.schema
        guard !classes.isEmpty else { return schema.models }
        let topLevel = schema.models.filter { $0.kind == .object }
        var wanted: Set<String> = []
        var pending: [ModelSchema] = []
        for name in classes {
            guard let model = schema.model(named: name) else {
                throw ExportError(ExportMessages.unknownClass(name, known: topLevel.map(\.name)))
            }
            if model.kind == .embedded { throw ExportError(ExportMessages.embeddedClass(name)) }
            pending.append(model)
        }
        while let model = pending.popLast() {
            guard wanted.insert(model.name).inserted else { continue }
            for property in model.persistedProperties {
                if case .object(let target) = property.type.base, let targetModel = schema.model(named: target) {
                    pending.append(targetModel)
                }
            }
        }
        return schema.models.filter { wanted.contains($0.name) }
    }

    /// The file's bytes (what `export(to:)` writes).
    public func bytes() throws(ExportError) -> [UInt8] {
        let writer = try filledWriter()
        do {
            return try writer.bytes()
        } catch {
            throw Self.exportError(error)
        }
    }

    /// Writes the file at `path` atomically: on any failure nothing is left at `path` (an
    /// existing file there is untouched).
    public func export(to path: String) throws(ExportError) {
        let writer = try filledWriter()
        do {
            try writer.write(to: path)
        } catch {
            throw Self.exportError(error)
        }
    }

    /// A writer with the schema and every object of the selected classes added.
    private func filledWriter() throws(ExportError) -> RealmFileWriter {
        let models = try selectedModels()
        let realmClasses = try RealmFileSchema.realmClasses(of: models)
        var writer: RealmFileWriter
        do {
            writer = try RealmFileWriter(schema: realmClasses, schemaVersion: schemaVersion ?? store.schema.schemaVersion)
        } catch {
            throw Self.exportError(error)
        }
        let keys = RealmFileExportKeys(store: store, classes: Set(models.map(\.name)))
        // One read transaction: every class and every link target read at the same version.
        do {
            try store.readTransaction {
                for model in models where model.kind != .asymmetric {
                    try add(model, to: &writer, keys: keys)
                }
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(ExportMessages.storeFailed(String(describing: error)), isIOFailure: true)
        }
        return writer
    }

    /// Adds every object of `model` in insertion order, numbered from 0.
    private func add(_ model: ModelSchema, to writer: inout RealmFileWriter, keys: RealmFileExportKeys) throws(ExportError) {
        let types = model.persistedProperties.map(\.type)
        let names = model.persistedProperties.map(\.storedName)
        var next: Int64 = 0
        do {
            try store.forEachObjectWithValues(model.name, order: .insertion) { object, values in
                var converted: [RealmValue] = []
                converted.reserveCapacity(values.count)
                for (index, value) in values.enumerated() {
                    do {
                        converted.append(try keys.realmValue(value, type: types[index]))
                    } catch let error as ExportError {
                        throw ExportError(RealmFileExportMessages.inObject(model.name, next, property: names[index], error.message),
                                          isIOFailure: error.isIOFailure)
                    }
                }
                try writer.add(RealmObject(key: next, values: converted), to: model.name)
                next += 1
            }
        } catch let error as ExportError {
            throw error
        } catch let error as RealmFileError {
            throw Self.exportError(error)
        } catch {
            throw ExportError(ExportMessages.storeFailed(String(describing: error)), isIOFailure: true)
        }
    }

    /// A writer's error as the export's: a file that cannot be created or written is an I/O
    /// failure (exit status 2); anything else is data a Realm file cannot hold (exit status 1).
    static func exportError(_ error: RealmFileError) -> ExportError {
        var message = error.message
        if let className = error.className {
            message += " (class '\(className)'" + (error.objectKey.map { ", object \($0)" } ?? "") + ")"
        }
        return ExportError(message, isIOFailure: error.kind == .cannotOpen)
    }
}

/// The messages of `realm-export --type realm`.
enum RealmFileExportMessages {
    static func inObject(_ className: String, _ key: Int64, property: String, _ message: String) -> String {
        "\(className) object \(key) (in insertion order, from 0), property '\(property)': \(message)"
    }

    static func linkOutside(_ target: String) -> String {
        "a mixed value links to an object of '\(target)', which is not exported; add '--class \(target)'"
    }

    static func danglingLink(_ target: String) -> String {
        "a link to an object of '\(target)' that does not exist"
    }
}
