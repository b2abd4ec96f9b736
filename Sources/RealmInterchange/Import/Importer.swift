import RealmEngine
import RealmSchema

/// Loads JSON documents into a store with strict typing (docs/json-typing.md), relationships and forward
/// references (docs/relationships.md), in one write transaction: any error means nothing is written.
///
/// `init` starts the transaction (migrating to `schema` inside it when that is given and
/// differs); `importInput(_:)` streams one input; `finish()` resolves forward references and
/// commits, or rolls everything back when there was an error or for a dry run.
///
/// For example:
///
///     let importer = try Importer(store: store, options: ImportOptions(className: "Person"))
///     try importer.importInput(DocumentSource(path: "people.ndjson", options: importer.sourceOptions))
///     let summary = try importer.finish()
///     for diagnostic in importer.diagnostics { print(diagnostic) }
public final class Importer {
    public let store: Store
    /// The run's options; for the input being read, map keys as a Realm file stores them
    /// (`importRealmFile`).
    public private(set) var options: ImportOptions
    /// Errors and warnings so far, in the order found (at most `options.maxErrors` errors).
    public private(set) var diagnostics: [Diagnostic] = []
    /// What the run did so far: `totals`, with the objects the plans counted since
    /// (`ImportClassPlan.counts`) added to their classes.
    public internal(set) var summary: ImportSummary {
        get {
            var summary = totals
            for plan in plans.values where plan.counts != ImportSummary.Counts() {
                summary.classes[plan.name, default: ImportSummary.Counts()].add(plan.counts)
            }
            return summary
        }
        set {
            totals = newValue
            for plan in plans.values { plan.counts = ImportSummary.Counts() }
        }
    }
    /// The summary without the counts still in the plans: an object is counted in its plan,
    /// which needs no lookup by class name.
    var totals = ImportSummary()
    /// Called after every document with the bytes of the current input's file imported so far
    /// (up to the end of that document; for compressed or CSV input, the file's bytes read when
    /// it was decoded) and the objects created or updated so far.
    public var progressHandler: ((_ bytesImported: Int, _ objects: Int) -> Void)?

    let plans: [String: ImportClassPlan]
    let policy: UpdatePolicy
    /// The store's schema before `init`, to restore when the run is rolled back.
    private let schemaBefore: CompiledSchema
    private var isOpen = true

    // Conversion state of the current document.
    var origin: DocumentOrigin?
    var issues: [ImportIssue] = []
    /// Error issues of the current document (warnings do not count).
    var errorIssueCount = 0
    /// The path from the document's root to the value being converted.
    var path: [JSONPath.Component] = []
    /// Forward-reference bookkeeping (see `Importer+Fixups.swift`).
    var frames: [FixupFrame] = []
    var fixups: [Fixup] = []
    var fixupsByRoot: [ObjectKey: [Int]] = [:]
    /// Objects whose document failed (by primary key or `$id`), so references to them are not
    /// reported again.
    var failedObjects: Set<ExportReference.Target> = []
    /// Objects of classes without a primary key created from input with an `$id`, by class and
    /// `$id` (see `Importer+References.swift`).
    var objectIDs: [ExportReference.Target: ObjectKey] = [:]
    /// (class, key) pairs already warned about, so each unknown key is printed once.
    var warnedKeys: Set<String> = []
    /// Whether the note that `--mode upsert` loads an object given twice was printed.
    var gaveUpsertHint = false
    var objectCount = 0
    /// Classes a multi-class `--drop` has emptied (see `Importer+Drop.swift`).
    var droppedClasses: Set<String> = []
    /// The reading thread's preparation of the current document's root object, until used.
    var preparation: PreparedObject?
    /// The preparations of the objects nested in the root, once it took its own; each used once.
    var nestedPreparations: ArraySlice<PreparedObject> = []
    /// Whether the reading thread prepares nested objects too (`PreparedObject.nested`; off
    /// only in tests comparing the two), and how many preparations of them the import took.
    var preparesNestedObjects = true
    var nestedPreparationsTaken = 0
    /// Objects this run inserted that an object given again may link to (`Importer+Repeats.swift`),
    /// and whether it does (off only in tests comparing the two).
    var repeats = RepeatRecords()
    var linksRepeats = true
    /// The plan of the previous document's class: documents mostly have the same one.
    private var lastDocumentPlan: ImportClassPlan?
    /// The current document and its input, while it is imported.
    var document: (document: JSONDocument, source: DocumentSource)?

    /// Starts the import's transaction on `store`; with `schema`, migrates the store to it
    /// first (additive changes only, undone with the rest on failure).
    public init(store: Store, schema: CompiledSchema? = nil, options: ImportOptions) throws {
        self.store = store
        self.options = options
        self.policy = options.mode.policy
        let plans = ImportClassPlan.plans(for: schema ?? store.schema)
        self.plans = plans
        if let name = options.className {
            guard let plan = plans[name] else {
                let classes = Set((schema ?? store.schema).models.map(\.name))
                throw ImportRunError.unusableClass(name, reason: JSONMessages.unknownClass(name, known: classes))
            }
            if plan.isEmbedded {
                throw ImportRunError.unusableClass(name, reason: ImportMessages.embeddedCreatedDirectly(name))
            }
        }
        schemaBefore = try store.beginImport(schema: schema)
        if options.drop, let name = options.className { try drop(name) }
    }

    /// An importer dropped before `finish()` leaves nothing behind.
    deinit {
        try? rollback()
    }

    /// Options for a `DocumentSource` that reads input for this importer (the class names).
    public var sourceOptions: SourceOptions {
        var source = SourceOptions(classNames: Set(plans.keys), streamedKeys: Self.streamedKeys(plans),
                                   defaultClassName: options.className)
        source.maxDocumentBytes = options.maxDocumentBytes
        for (name, plan) in plans where !plan.isEmbedded {
            // `$id` names an object without a primary key (`importTopLevelObject`).
            source.knownKeys[name] = plan.fieldNames.union(plan.primaryKey == nil ? [ExportReference.idKey] : [])
        }
        for (name, plan) in plans {
            let kept = plan.model.persistedProperties.compactMap { property in property.binarySubtype.map { (property.storedName, $0) } }
            if !kept.isEmpty { source.binarySubtypes[name] = Dictionary(kept) { first, _ in first } }
        }
        return source
    }

    /// Whether `--max-errors` has been reached; further input is not read.
    public var hasStopped: Bool { totals.errors >= options.maxErrors }

    /// Reads every document of `source` and creates its objects.
    ///
    /// The documents are decoded on a second thread, ahead of converting and storing them
    /// (see `DocumentPrefetcher`); the source is the caller's again when this returns.
    ///
    /// - Throws: `ImportRunError` (no `--class` for an array or NDJSON input), `SourceError`
    ///   of kind `.io`, or a store failure; the transaction is rolled back first.
    public func importInput(_ source: DocumentSource) throws {
        do {
            if try isRealmFile(source) {
                try importRealmFile(source)
                return
            }
            try importDocuments(of: source)
            if !hasStopped { try dropClassesNamed(by: source) }
        } catch {
            try? rollback()
            throw error
        }
    }

    /// Whether `source` is a Realm file (told by `--type realm` or by its first bytes); its
    /// reader is then started. A problem of the input found on the way is reported as reading
    /// would report it (and the source reads no further).
    private func isRealmFile(_ source: DocumentSource) throws -> Bool {
        do throws(SourceError) {
            return try source.settleRealmFile()
        } catch {
            if error.kind == .io { throw error }
            report(error.diagnostic)
            return false
        }
    }

    /// Imports a Realm file whose reader has started: the file's classes must fit the schema
    /// (each mismatch an error, and nothing read); its map keys are stored as the file has them
    /// (they are keys Realm accepted), as with `--map-keys reject` (docs/map-keys.md).
    private func importRealmFile(_ source: DocumentSource) throws {
        guard let reader = source.reader as? RealmReader, let file = reader.file else { return }
        let mismatches = RealmFileSchema.mismatches(of: file, with: plans.values.map(\.model), name: source.name)
        guard mismatches.isEmpty else {
            for diagnostic in mismatches { report(diagnostic) }
            return
        }
        let mapKeys = options.mapKeys
        options.mapKeys = .reject
        defer { options.mapKeys = mapKeys }
        try importDocuments(of: source)
    }

    /// Imports each document of `source`, read ahead by a `DocumentPrefetcher`, until the end
    /// or `--max-errors`.
    private func importDocuments(of source: DocumentSource) throws {
        let reader = DocumentPrefetcher(source, prepare: documentPreparation(of: source))
        defer { reader.stop() }
        while !hasStopped {
            let document: JSONDocument
            do {
                guard let next = try reader.next() else { break }
                document = next
            } catch where error.kind != .io {
                report(error.diagnostic)
                if error.isRecoverable { continue } else { break }
            }
            totals.documents += 1
            try importDocument(document, from: source)
            progressHandler?(Self.bytesImported(through: document), objectCount)
        }
    }

    /// The bytes of its input's file up to the end of `document` (for compressed or CSV input,
    /// those read when it was decoded).
    private static func bytesImported(through document: JSONDocument) -> Int {
        document.fileBytesRead ?? document.start.offset + document.byteCount
    }

    /// What the reading thread does for each document of `source` besides decoding it: matches
    /// the root object's fields and decodes its scalars (`PreparedObject`); for BSON, whose
    /// reading leaves that thread time to spare, also lists of embedded objects. It reads only
    /// what never changes during a run (the plans and options) and the source's reader, which
    /// that thread itself chooses.
    private func documentPreparation(of source: DocumentSource) -> (JSONDocument) -> Void {
        let plans = plans, className = options.className, mapKeys = options.mapKeys, nested = preparesNestedObjects
        let fingerprints = linksRepeats && options.mode == .upsert
        return { document in
            guard let name = document.className ?? className, let plan = plans[name], !plan.isEmbedded else { return }
            let embeddedLists = source.preparesEmbeddedLists
            let prepared = document.withRoot {
                PreparedObject($0, plan, mapKeys: mapKeys, document: document, preparesNested: nested,
                               preparesEmbeddedLists: embeddedLists)
            }
            // Where this thread converts objects whole (BSON), it also makes their fingerprints.
            if fingerprints && embeddedLists { prepared.makeFingerprints() }
            document.preparation = prepared
        }
    }

    /// Resolves forward references, then commits; rolls back instead when there were errors
    /// or for a dry run. Returns the summary.
    @discardableResult
    public func finish() throws -> ImportSummary {
        guard isOpen else { return summary }
        do {
            if !hasStopped { try resolveFixups() }
            if totals.errors > 0 || options.dryRun {
                try rollback()
            } else {
                try store.commitWrite()
                isOpen = false
                totals.committed = true
            }
        } catch {
            try? rollback()
            throw error
        }
        return summary
    }

    /// Rolls the whole run back (also what `finish` does after an error).
    public func rollback() throws {
        guard isOpen else { return }
        isOpen = false
        repeats.removeAll()
        try store.cancelImport(restoring: schemaBefore)
    }

    /// Adds a diagnostic; errors past `--max-errors` are dropped and stop the run.
    func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error {
            guard !hasStopped else { return }
            totals.errors += 1
            if hasStopped { totals.stoppedEarly = true }
        }
        diagnostics.append(diagnostic)
    }

    /// Adds a problem of the current document.
    func record(_ issue: ImportIssue) {
        if issue.severity == .error { errorIssueCount += 1 }
        issues.append(issue)
    }

    /// Converts one document and creates its object; problems become located diagnostics.
    private func importDocument(_ document: JSONDocument, from source: DocumentSource) throws {
        let origin = DocumentOrigin(document, in: source)
        self.origin = origin
        // Usually empty already: the checks spare the calls.
        if !issues.isEmpty { issues.removeAll(keepingCapacity: true) }
        errorIssueCount = 0
        if !path.isEmpty { path.removeAll(keepingCapacity: true) }
        preparation = document.preparation
        self.document = (document, source)
        defer {
            preparation = nil
            nestedPreparations = []
            self.document = nil
        }
        if let plan = try documentPlan(document, source: source) {
            try dropBeforeWriting(plan)
            if options.mode == .delete {
                try document.withRoot { root throws in try deleteTopLevelObject(root, plan) }
            } else {
                try document.withRoot { root throws in try importTopLevelObject(root, plan) }
            }
        }
        // Errors past `--max-errors` are dropped: they are not located (which reads the document).
        for issue in issues where !(hasStopped && issue.severity == .error) {
            report(issue.diagnostic(in: origin))
        }
    }

    /// The plan of the class `name`, if there is one; the previous document's without a lookup.
    private func plan(named name: String) -> ImportClassPlan? {
        if let last = lastDocumentPlan, last.name == name { return last }
        lastDocumentPlan = plans[name]
        return lastDocumentPlan
    }

    /// The class of a document: from a multi-class input or `--class`, which must agree.
    private func documentPlan(_ document: JSONDocument, source: DocumentSource) throws -> ImportClassPlan? {
        guard let name = document.className ?? options.className else {
            // `{"Person": 1}`: a multi-class object whose class value is not an array is bad data,
            // reported at the value, not a missing `--class`.
            let stray = document.withRoot { root in
                root.firstField.flatMap { field in plans[field.key.string] == nil ? nil : (field.key.string, field.value.kind) }
            }
            if let (className, kind) = stray {
                record(.error(JSONMessages.classValueNotArray(className, found: kind.phrase), at: [.key(className)]))
                return nil
            }
            let classNames = plans.values.map(\.model).filter { $0.kind != .embedded }.map(\.name).sorted()
            let message = source.reader.map { $0.classNeeded(input: source.name, classes: classNames) }
                ?? JSONMessages.classNeeded(source.name, classes: classNames)
            throw ImportRunError.missingClass(input: source.name, message: message)
        }
        if let option = options.className, option != name {
            record(.error(ImportMessages.classMismatch(input: name, option: option), at: []))
            return nil
        }
        guard let plan = plan(named: name) else { return nil }
        if plan.isEmbedded {
            record(.error(ImportMessages.embeddedCreatedDirectly(name), at: []))
            return nil
        }
        return plan
    }
}
