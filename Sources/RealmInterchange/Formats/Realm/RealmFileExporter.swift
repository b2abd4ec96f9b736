import RealmEngine
import RealmFile
import RealmSchema

/// `realm-export --type realm`: the store (or the classes `--class` names with every class they
/// link to) as a Realm file of file format 24, written by `RealmFileStreamWriter`, atomically
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
/// Nothing is held from one object to the next but what the file's structure needs: the file is
/// written as it is made (`RealmFileStreamWriter`: one class at a time, at most 257 objects, the
/// class's search-index bytes), backlinks are read from the store in target order while the
/// target class is read (one statement per link property; those SQLite must sort, into embedded
/// classes, read ahead on a second connection: `LinkReadAhead`), and object keys are mapped through
/// each class's runs of consecutive store keys (one entry per run). Links held in mixed values
/// are read first and kept (two integers per link). This thread reads; a second one encodes and
/// writes; values are converted by whichever of the two has time (`RealmFileWritePipeline`, at
/// most 8 batches of 512 objects between them).
///
/// For example:
///
///     try RealmFileExporter(store: store, classes: [], schemaVersion: nil).export(to: "App.realm")
public struct RealmFileExporter {
    let store: Store
    let classes: [String]
    let schemaVersion: UInt64?
    /// Which thread converts the values (tests pin it; the bytes are the same either way).
    var conversion = Conversion.adaptive
    /// Whether the links SQLite sorts are read ahead on a second connection (`LinkReadAhead`;
    /// tests turn it off to compare).
    var readsLinksAhead = true
    /// Told, at the end of each class, how many of its backlink columns were read ahead (tests).
    var onLinksReadAhead: ((_ className: String, _ count: Int) -> Void)?
    /// Runs on the read-ahead thread before its connection reads (tests commit here).
    var beforeLinksReadAhead: (@Sendable () -> Void)?

    /// Which thread converts the values read (`RealmFileValueConverter`).
    enum Conversion {
        /// The reader when the writer's queue is all but full, else the writer.
        case adaptive
        /// Always the reader (the exporter's thread).
        case reader
        /// Always the writer's thread.
        case writer
    }

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

    /// The file's bytes (what `export(to:)` writes), built in memory.
    public func bytes() throws(ExportError) -> [UInt8] {
        try write(path: nil, onTemporaryFile: nil).bytes
    }

    /// Writes the file at `path` atomically: on any failure nothing is left at `path` (an
    /// existing file there is untouched). `onTemporaryFile` is told the temporary file's path as
    /// soon as it exists (to remove it if a signal ends the process).
    public func export(to path: String, onTemporaryFile: ((String) -> Void)? = nil) throws(ExportError) {
        _ = try write(path: path, onTemporaryFile: onTemporaryFile)
    }

    /// Streams the selected classes through a `RealmFileStreamWriter`, in one read transaction
    /// (every class and every link read at the same version), and finishes the file. This thread
    /// reads; the writer encodes and writes on a second thread; either converts
    /// (`RealmFileWritePipeline`).
    private func write(path: String?, onTemporaryFile: ((String) -> Void)?) throws(ExportError) -> RealmFileStreamWriter {
        let models = try selectedModels()
        let realmClasses = try RealmFileSchema.realmClasses(of: models)
        let keys = RealmFileExportKeys(store: store, classes: Set(models.map(\.name)))
        var writer: RealmFileStreamWriter?
        var pipeline: RealmFileWritePipeline?
        do {
            return try store.readTransaction {
                let mixed = try mixedBacklinks(models, keys: keys)
                let stream = try RealmFileStreamWriter(schema: realmClasses, schemaVersion: schemaVersion ?? store.schema.schemaVersion,
                                                       mixedLinks: Array(mixed.keys), path: path)
                writer = stream
                if let temporary = stream.temporaryPath { onTemporaryFile?(temporary) }
                let byName = Dictionary(uniqueKeysWithValues: models.map { ($0.name, $0) })
                let order = stream.classNames
                let backlinkColumns = Dictionary(uniqueKeysWithValues: order.map { ($0, stream.backlinkColumns(of: $0)) })
                // The sorts first, so that they run while the key ranges are read.
                let readAhead = readsLinksAhead ? try linkReadAhead(order: order, backlinkColumns: backlinkColumns) : nil
                defer { readAhead?.stop() }
                let converter = try keys.converter(targets: linkTargets(models))
                let writing = RealmFileWritePipeline(writer: stream, converter: converter)
                pipeline = writing
                for name in order {
                    guard try write(byName[name]!, backlinkColumns: backlinkColumns[name] ?? [], to: writing, keys: keys,
                                    converter: converter, mixed: mixed, readAhead: readAhead) else { break }
                }
                try writing.finish()
                try stream.finish()
                return stream
            }
        } catch let error as ExportError {
            pipeline?.cancel()
            writer?.cancel()
            throw error
        } catch let error as RealmFileError {
            pipeline?.cancel()
            writer?.cancel()
            throw Self.exportError(error)
        } catch {
            pipeline?.cancel()
            writer?.cancel()
            throw ExportError(ExportMessages.storeFailed(String(describing: error)), isIOFailure: true)
        }
    }

    /// The links held in mixed values, by (origin class, property, target class): (target key,
    /// origin key) pairs in Realm keys, sorted. Read before any class is written, since the
    /// target's backlink columns must be known when its table is written; held in memory (one
    /// pair per link in a mixed value).
    private func mixedBacklinks(_ models: [ModelSchema],
                                keys: RealmFileExportKeys) throws -> [RealmFileStreamWriter.MixedLink: [BacklinkPair]] {
        var result: [RealmFileStreamWriter.MixedLink: [BacklinkPair]] = [:]
        for model in models where model.kind != .asymmetric {
            for property in model.persistedProperties where property.type.base == .mixed {
                try store.forEachMixedLink(model.name, property: property.name) { origin, target in
                    // A link out of the exported classes is refused with its object when the value is converted.
                    guard keys.classes.contains(target.className) else { return }
                    let link = RealmFileStreamWriter.MixedLink(originClass: model.name, originProperty: property.storedName,
                                                               targetClass: target.className)
                    result[link, default: []].append(BacklinkPair(target: try keys.realmKey(of: target),
                                                                  origin: try keys.realmKey(of: ObjectKey(className: model.name, key: origin))))
                }
            }
        }
        for link in result.keys { result[link]!.sort { ($0.target, $0.origin) < ($1.target, $1.origin) } }
        return result
    }

    /// Sends every object of `model` in insertion order, numbered from 0, with its backlinks
    /// (read in target order from the store while the objects are read; asymmetric classes: no
    /// objects) to the writer. False when the writer has stopped on an error.
    ///
    /// Each batch is converted here when the writer's queue is all but full (this thread would
    /// soon wait for room in it), else sent as read for the writer's thread to convert
    /// (`RealmFileWritePipeline`). A value that cannot be converted here stops the class;
    /// the objects before it are written first, so that an error the writer finds in one of them
    /// is the one reported: errors come in object order wherever the values were converted.
    private func write(_ model: ModelSchema, backlinkColumns: [RealmFileStreamWriter.BacklinkColumn], to writer: RealmFileWritePipeline,
                       keys: RealmFileExportKeys, converter: RealmFileValueConverter,
                       mixed: [RealmFileStreamWriter.MixedLink: [BacklinkPair]], readAhead: LinkReadAhead?) throws -> Bool {
        guard writer.send(.begin(model)) else { return false }
        guard model.kind != .asymmetric else { return writer.send(.end) }
        var readAheadCount = 0
        let sources = try backlinkColumns.map { column in
            try backlinkSource(column, into: model.name, keys: keys, mixed: mixed, readAhead: readAhead, readAheadCount: &readAheadCount)
        }
        onLinksReadAhead?(model.name, readAheadCount)
        let shapes = converter.shapes(of: model)
        let batchSize = RealmFileWritePipeline.batchSize
        var next: Int64 = 0
        var first: Int64 = 0
        var rows: [RealmFileWritePipeline.Row] = []
        var objects: [RealmObject] = []
        var convertsHere = false
        var stopped = false
        var unconvertible: ExportError?
        // Hands the batch over whole, so that the writer's thread, the last to hold it, frees its values.
        func sendBatch() -> Bool {
            let sent = convertsHere ? writer.send(.objects(objects)) : writer.send(.rows(first: first, rows))
            objects = []
            rows = []
            return sent
        }
        try store.forEachObjectWithValues(model.name, order: .insertion) { object, values in
            guard !stopped else { return }
            if rows.isEmpty && objects.isEmpty {
                first = next
                convertsHere = switch conversion {
                case .adaptive: writer.backlog >= RealmFileWritePipeline.capacity - 1
                case .reader: true
                case .writer: false
                }
                if convertsHere { objects.reserveCapacity(batchSize) } else { rows.reserveCapacity(batchSize) }
            }
            var backlinks: [[Int64]] = []
            backlinks.reserveCapacity(sources.count)
            for source in sources { backlinks.append(try source.origins(of: object.key, realmKey: next)) }
            if convertsHere {
                do {
                    objects.append(try converter.object(next, of: model, shapes: shapes, values: values, backlinks: backlinks))
                } catch let error as ExportError {
                    unconvertible = error
                    stopped = true
                    return
                }
            } else {
                rows.append(RealmFileWritePipeline.Row(values: values, backlinks: backlinks))
            }
            next += 1
            if next - first == Int64(batchSize) { stopped = !sendBatch() }
        }
        if let unconvertible {
            if !objects.isEmpty { _ = sendBatch() }
            try writer.finish()
            throw unconvertible
        }
        guard !stopped else { return false }
        for source in sources { try source.finish() }
        if !rows.isEmpty || !objects.isEmpty, !sendBatch() { return false }
        return writer.send(.end)
    }

    /// The classes links may point into: the targets of link properties, and every class when
    /// a mixed property may link anywhere.
    private func linkTargets(_ models: [ModelSchema]) -> [String] {
        var targets: Set<String> = []
        for model in models where model.kind != .asymmetric {
            for property in model.persistedProperties {
                switch property.type.base {
                case .object(let target): targets.insert(target)
                case .mixed: return models.filter { $0.kind != .asymmetric }.map(\.name)
                default: break
                }
            }
        }
        return targets.sorted()
    }

    /// The origin class and property of a backlink column, nil for an asymmetric origin (its
    /// objects are not written).
    private func origin(of column: RealmFileStreamWriter.BacklinkColumn) -> (model: ModelSchema, property: PropertySchema)? {
        guard let origin = store.schema.model(named: column.originClass), origin.kind != .asymmetric,
              let property = origin.persistedProperties.first(where: { $0.storedName == column.originProperty }) else {
            return nil
        }
        return (origin, property)
    }

    /// Where one backlink column's origins come from: the store's links in target order for a
    /// link property (read ahead when `readAhead` has them, else from this connection), the
    /// pairs read beforehand for a mixed property, nothing from an asymmetric class.
    private func backlinkSource(_ column: RealmFileStreamWriter.BacklinkColumn, into target: String, keys: RealmFileExportKeys,
                                mixed: [RealmFileStreamWriter.MixedLink: [BacklinkPair]], readAhead: LinkReadAhead?,
                                readAheadCount: inout Int) throws -> BacklinkSource {
        guard let (origin, property) = origin(of: column) else { return BacklinkSource(pairs: []) }
        if property.type.base == .mixed {
            let link = RealmFileStreamWriter.MixedLink(originClass: origin.name, originProperty: column.originProperty, targetClass: target)
            return BacklinkSource(pairs: mixed[link] ?? [])
        }
        let cursor: any LinkPairSource
        if let stream = readAhead?.stream(LinkReadAhead.Source(className: origin.name, property: property.name)) {
            cursor = stream
            readAheadCount += 1
        } else {
            cursor = try store.linksByTarget(origin.name, property: property.name)
        }
        return try BacklinkSource(cursor: cursor, originKeys: try keys.runs(of: origin.name), target: target)
    }

    /// The links SQLite sorts before it gives the first (into embedded classes), in the order
    /// the classes are written, read ahead on a second connection; nil when there are none or
    /// inside a write transaction (whose changes a second connection would not see).
    private func linkReadAhead(order: [String],
                               backlinkColumns: [String: [RealmFileStreamWriter.BacklinkColumn]]) throws -> LinkReadAhead? {
        guard !store.isInWriteTransaction else { return nil }
        var sources: [LinkReadAhead.Source] = []
        for name in order {
            for column in backlinkColumns[name] ?? [] {
                guard let (origin, property) = origin(of: column), property.type.base != .mixed,
                      try store.linksByTargetAreSorted(origin.name, property: property.name) else { continue }
                sources.append(LinkReadAhead.Source(className: origin.name, property: property.name))
            }
        }
        guard !sources.isEmpty else { return nil }
        return LinkReadAhead(path: store.path, version: store.version, sources: sources, beforeRead: beforeLinksReadAhead)
    }

    /// A writer's error as the export's: a file that cannot be created or written is an I/O
    /// failure (exit status 2); anything else is data a Realm file cannot hold (exit status 1).
    static func exportError(_ error: RealmFileError) -> ExportError {
        var message = error.message
        if let className = error.className, let key = error.objectKey, let property = error.property {
            message = RealmFileExportMessages.inObject(className, key, property: property, error.message)
        } else if let className = error.className {
            message += " (class '\(className)'" + (error.objectKey.map { ", object \($0)" } ?? "")
                + (error.property.map { ", property '\($0)'" } ?? "") + ")"
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
