import RealmEngine
import RealmSchema

/// What `Exporter` writes.
public struct ExportOptions: Sendable, Hashable {
    /// The overall shape of the output.
    public enum Shape: Sendable, Hashable {
        /// `{"Person": [...], "Dog": [...]}`: the multi-class object `realm-import` reads.
        case classes
        /// One object a line, of one class (`realm-import --class NAME`).
        case ndjson
        /// A plain array of one class's objects, one a line (mongoexport's `--jsonArray`).
        case array
    }

    /// The classes to export in schema order; empty means every top-level class.
    public var classes: [String]
    public var shape: Shape
    public var mode: ExtendedJSONMode
    /// Indented output (not with NDJSON).
    public var pretty: Bool
    /// Which objects of the (single) exported class to write; nil: all, in the stable order.
    public var selection: ExportSelection?
    /// Only these properties (dotted paths into embedded objects; the primary key always);
    /// nil: every persisted property. See `Exporter+Projection.swift`.
    public var fields: [String]?
    /// Leave out null properties and empty collections (`--omit-empty`); see `Exporter+OmitEmpty.swift`.
    public var omitEmpty = false

    public init(classes: [String] = [], shape: Shape = .classes, mode: ExtendedJSONMode = .relaxed, pretty: Bool = false,
                selection: ExportSelection? = nil) {
        self.classes = classes
        self.shape = shape
        self.mode = mode
        self.pretty = pretty
        self.selection = selection
    }

    /// These options with a projection (`--fields`).
    public func projecting(_ fields: [String]?) -> ExportOptions {
        var options = self
        options.fields = fields
        return options
    }
}

/// Writes a store's objects as Extended JSON that `realm-import` turns back into the same store.
///
/// - Classes in schema order; objects by primary key, else in insertion order; properties in
///   schema order (`linkingObjects` omitted); map and dictionary keys decoded back to the
///   original (`MapKeyCoding.decode`), in byte order.
/// - Embedded objects inline; links to classes with a primary key as the key's value; objects
///   of classes without one as described in `ExportReference`.
/// - Streaming: one object is in memory at a time, and the output goes through a 64 KiB buffer.
///   Everything is read in one read transaction, so the output is a consistent snapshot. A
///   whole class is read through `Store.exportReader` (one statement for its rows and one per
///   collection and per List of embedded objects, merged by owner; `Exporter+Rows.swift`), not
///   a query per object, embedded object or link.
///
/// For example:
///
///     let output = ExportOutput.fileDescriptor(1, name: "stdout")
///     try Exporter(store: store, options: ExportOptions(mode: .canonical), output: output).export()
public final class Exporter {
    let store: Store
    let options: ExportOptions
    let writer: ExtendedJSONWriter
    /// Persisted properties and their keys by class, computed once.
    var plans: [String: ExportClassPlan] = [:]
    /// The properties `--fields` keeps, by class (a class not in it is written whole).
    var projection: [String: Set<String>] = [:]
    /// The exported top-level classes (the targets `$ref` positions may name).
    var exported: Set<String> = []
    /// Insertion ordinals of classes without a primary key, made on first use.
    var ordinals: [String: InsertionOrdinals] = [:]
    /// Positions of objects in their class's export order, for ordering links in sets.
    var exportRanks: [String: [Int64: Int]] = [:]
    /// The entries of the map being written (`Exporter+Maps.swift`), reused.
    let mapScratch = ExportMapScratch()
    /// Whether later classes and halves of large classes may be exported on a second thread
    /// (`Exporter+TwoThreads.swift`); tests turn it off to compare.
    var spoolsClasses = true
    /// The fewest objects of a class that is cut in two halves for two threads.
    var splitMinimumObjects: Int64 = 20_000
    /// Runs on that thread before its connection reads (tests commit here).
    var beforeSpoolerRead: (@Sendable () -> Void)?
    /// Where that thread's spools go (nil: `$TMPDIR`, else /tmp), for tests.
    var spoolDirectory: String?
    /// Whether this thread may write a later unit that thread has not started (off in tests).
    var claimsUnstartedClasses = true
    /// How many units the last export copied from spools (the second thread's or this one's).
    var spooledUnits = 0
    /// How many of them this thread spooled itself while the second thread was still writing
    /// the unit due before them.
    var spooledAhead = 0
    /// Runs on the second thread after it claims a unit, with the unit's index (tests delay it).
    var beforeSpoolerUnit: (@Sendable (Int) -> Void)?

    public init(store: Store, options: ExportOptions, output: ExportOutput) {
        self.store = store
        self.options = options
        let layout: JSONLayout = options.pretty ? .pretty : options.shape == .ndjson ? .compact
            : .lines(depth: options.shape == .array ? 1 : 2)
        self.writer = ExtendedJSONWriter(output: output, mode: options.mode, layout: layout)
        for model in store.schema.models {
            plans[model.name] = ExportClassPlan(model)
        }
    }

    /// Writes the export and flushes the output.
    ///
    /// - Throws: `ExportError` for options that do not fit the store and values JSON cannot
    ///   carry; the store's errors and `ExportError` (I/O) for read and write failures.
    public func export() throws {
        let models = try prepare()
        defer {
            ordinals = [:]
            exportRanks = [:]
        }
        try store.readTransaction {
            if options.shape == .classes { try writer.beginObject() }
            try writeUnits(models)
            if options.shape == .classes { try writer.endObject() }
            if options.shape != .ndjson { try writer.output.write(UInt8(ascii: "\n")) }
        }
        try writer.output.flush()
    }

    /// The classes to export, with the selection, projection and references checked (also
    /// `BSONExporter`'s start).
    func prepare() throws(ExportError) -> [ModelSchema] {
        let models = try selectedModels()
        exported = Set(models.map(\.name))
        try checkSelection(models)
        try applyProjection(models)
        try checkReferencedClasses(models)
        return models
    }

    /// Streams the objects of one class, in primary-key or insertion order; `after` runs after
    /// each object (the NDJSON line break). A whole class is read by its export reader, except
    /// under `--omit-empty`, which decides per value (`leavesOut`) on the object-by-object path.
    func writeObjects(of model: ModelSchema, after: () throws(ExportError) -> Void) throws {
        if options.selection?.isEverything ?? true, !options.omitEmpty { return try writeWholeClass(model, after: after) }
        try forEachObjectToExport(model) { object, values, position in
            try writeObject(object, model: model, position: position, values: values)
            try after()
        }
    }

    /// The top-level classes to export, in schema order.
    func selectedModels() throws(ExportError) -> [ModelSchema] {
        let topLevel = store.schema.models.filter { $0.kind == .object }
        var models = topLevel
        if !options.classes.isEmpty {
            for name in options.classes {
                guard let model = store.schema.model(named: name) else {
                    throw ExportError(ExportMessages.unknownClass(name, known: topLevel.map(\.name)))
                }
                if model.kind == .embedded { throw ExportError(ExportMessages.embeddedClass(name)) }
                if model.kind == .asymmetric { throw ExportError(ExportMessages.asymmetricClass(name)) }
            }
            models = topLevel.filter { options.classes.contains($0.name) }
        }
        if options.shape != .classes && models.count != 1 {
            throw ExportError(ExportMessages.ndjsonNeedsOneClass(models.map(\.name)))
        }
        return models
    }

    /// Every class without a primary key that an exported object can link to (directly or
    /// through embedded objects) must be exported too, or its `$ref`s would dangle.
    func checkReferencedClasses(_ models: [ModelSchema]) throws(ExportError) {
        var visited: Set<String> = []
        var pending = models
        while let model = pending.popLast() {
            guard visited.insert(model.name).inserted else { continue }
            // A link `--fields` leaves out needs nothing.
            for property in plans[model.name]?.properties ?? [] where projection[model.name]?.contains(property.name) ?? true {
                guard case .object(let targetName) = property.type.base,
                      let target = store.schema.model(named: targetName) else { continue }
                if target.kind == .embedded {
                    pending.append(target)
                } else if target.primaryKey == nil && !exported.contains(targetName) {
                    throw ExportError(ExportMessages.referencedClassMissing("\(model.name).\(property.name)", target: targetName))
                }
            }
        }
    }
}
