import Foundation
import RealmCLI
import RealmEngine
import RealmInterchange
import RealmSchema

/// Runs one `realm-import` command: checks the command line, opens (or creates) the store,
/// streams every input through one `Importer`, prints diagnostics and the summary.
enum ImportTool {
    static func main(_ arguments: [String], output: TextOutput, stderrIsTerminal: Bool, stdinIsTerminal: Bool) -> ExitCode {
        let format = DiagnosticFormat.requested(in: arguments)
        return CommandRunner(ImportCommand.command).run(arguments, diagnosticFormat: format, output: output) { parsed in
            let progress: ProgressStyle? = parsed.has(.quiet) ? nil : stderrIsTerminal && format == .text ? .terminal : .lines
            try run(parsed, format: format, output: output, progress: progress, stdinIsTerminal: stdinIsTerminal)
        }
    }

    static func run(_ parsed: ParsedArguments<ImportOption>, format: DiagnosticFormat, output: TextOutput, progress progressStyle: ProgressStyle?,
                    stdinIsTerminal: Bool) throws {
        // From the start: a signal while the schema compiles or the inputs are checked ends the
        // run with its one line too, before the store is touched.
        let signals = ImportSignals()
        defer { signals.restore() }
        let storePath = try StoreOption.path(in: parsed)
        let inputs = try ImportCommand.inputs(parsed, stdinIsTerminal: stdinIsTerminal)
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError(ImportToolMessages.stdinTwice) }
        let options = try ImportCommand.options(parsed)
        let table = try ImportCommand.table(parsed)
        let quiet = parsed.has(.quiet)
        var schema: CompiledSchema?
        if parsed.has(.schema) {
            schema = try SchemaInputs.compile(parsed.values(.schema), format: format, output: output, quiet: quiet)
        }
        for input in inputs where input != "-" && !FileManager.default.isReadableFile(atPath: input) {
            throw IOFailure(ImportToolMessages.unreadableInput(input))
        }
        // Dump directories and metadata files, as mongorestore reads them (docs/mongodb.md, section 2.1).
        let dump: DumpInputs
        do {
            dump = try DumpInputs(inputs, className: options.className, detectsMetadata: table == nil)
        } catch {
            throw translated(error, storePath: storePath)
        }
        let dataInputs = dump.data
        let onWait: @Sendable (String) -> Void = { notice in output.notice(notice, kind: "wait", format: format) }
        var isNew = !FileManager.default.fileExists(atPath: storePath)
        if isNew && schema == nil && StoreCreation.leftover(at: storePath) == .beingCreated {
            // Another import is creating the store: wait for it, then import into what it made.
            do {
                try StoreCreation.waitWhileBeingCreated(storePath, onWait: onWait)
            } catch {
                throw translated(error, storePath: storePath)
            }
            isNew = !FileManager.default.fileExists(atPath: storePath)
        }
        if isNew && schema == nil, let realmInput = realmInput(dataInputs, told: ImportCommand.format(parsed)) {
            // A Realm file brings its schema: a new store takes it (docs/realm-import.md, section 18).
            let taken = try realmSchema(realmInput)
            schema = taken.schema
            if taken.hasBacklinks && !quiet {
                output.notice(RealmFileSchema.noLinkingObjectsNote(realmInput), kind: "note", format: format, prefix: "note: ")
            }
        }
        if isNew && schema == nil {
            // What a killed import left needs --schema too; a store being created is busy.
            switch StoreCreation.leftover(at: storePath) {
            case .beingCreated?:  // another creation began after the wait above
                throw IOFailure(StoreOption.storeFailed(storePath, StoreCreation.problem(.beingCreated, at: storePath)))
            case .halfCreated?:
                throw UsageError(StoreCreation.problem(.halfCreated, at: storePath).message)
            case nil:
                throw UsageError(ImportToolMessages.schemaNeeded(storePath))
            }
        }

        let progress = progressStyle.map { ProgressBar(inputs: dataInputs, output: output, style: $0, json: format == .json) }
        var creation: StoreCreation?
        // Whether the run creates the store: until another import turns out to have made it.
        var creating = isNew
        let result: (summary: ImportSummary, diagnostics: [Diagnostic], order: [String])
        do {
            if let signal = signals.interruption.signal { throw ImportInterrupted(signal: signal) }
            // A new store is made under a temporary name and moved into place once complete;
            // when another import is making it, this one waits and imports into what it made.
            creation = isNew ? try StoreCreation.claim(path: storePath, onWait: onWait) : nil
            creating = creation != nil
            result = try load(storePath, creation: creation, schema: schema, inputs: dataInputs, dump: dump, options: options, table: table,
                              inputFormat: ImportCommand.format(parsed),
                              progress: progress, interruption: signals.interruption, onWait: onWait)
            if let creation {
                if result.summary.committed { try creation.publish() } else { creation.abandon() }
            }
        } catch {
            progress?.clear()
            creation?.abandon()
            if let interrupted = error as? ImportInterrupted {
                output.notice(ImportToolMessages.interrupted(storePath, signal: ImportSignals.name(of: interrupted.signal),
                                                             created: creating),
                              kind: "interrupted", severity: "error", format: format, prefix: "error: ")
                throw ExitRequest(ImportSignals.exitCode(for: interrupted.signal))
            }
            throw translated(error, storePath: storePath)
        }
        progress?.clear()
        let shown = quiet ? result.diagnostics.filter { $0.severity == .error } : result.diagnostics
        if !shown.isEmpty { output.err(DiagnosticPrinter.render(shown, format: format)) }
        if format == .json {
            if !quiet || result.summary.errors > 0 {
                output.err(ImportSummaryJSON.render(result.summary, order: result.order, dryRun: options.dryRun))
            }
        } else if !quiet || result.summary.errors > 0 {
            let text = result.summary.render(order: result.order, dryRun: options.dryRun)
            output.err(quiet ? String(text.split(separator: "\n").last ?? "") + "\n" : text)
        }
        if result.summary.errors > 0 { throw ExitRequest(.invalidInput) }
    }

    /// Opens the store (a new one at `creation`'s temporary path), imports every input in one
    /// transaction and finishes it; the store is closed when this returns.
    ///
    /// - Throws: `ImportInterrupted`, after rolling back, when `interruption` came before the
    ///   commit began.
    private static func load(_ storePath: String, creation: StoreCreation?, schema: CompiledSchema?, inputs: [String], dump: DumpInputs,
                             options: ImportOptions, table: (TableFormat, [String]?)?, inputFormat: InputFormat?, progress: ProgressBar?,
                             interruption: InputInterruption,
                             onWait: @escaping @Sendable (String) -> Void) throws -> (ImportSummary, [Diagnostic], [String]) {
        let isNew = creation != nil
        let store: Store
        if let creation, let schema {
            store = try Store(path: creation.temporaryPath, schema: schema, onWait: onWait)
        } else {
            store = try Store(path: storePath, onWait: onWait)
        }
        // Nobody else has a store this run created open: write its pages once (see Store+BulkLoad).
        if isNew { try store.beginBulkLoad() }
        let importer = try Importer(store: store, schema: isNew ? nil : schema, options: options)
        // Skipped files and the metadata's indexes against the schema the run imports into: notes and warnings.
        try dump.checkClasses(schema ?? store.schema)
        let dumpNotes = dump.diagnostics(schema: schema ?? store.schema, className: options.className)
        if let progress {
            importer.progressHandler = { bytes, objects in progress.update(bytesOfInput: bytes, objects: objects) }
        }
        var sourceOptions = importer.sourceOptions
        sourceOptions.format = inputFormat
        for input in inputs where !importer.hasStopped && interruption.signal == nil {
            let source = try table.map { try importer.tableSource(path: input, format: $0.0, fields: $0.1) }
                ?? DocumentSource(path: input, options: sourceOptions)
            source.interruption = interruption
            try importer.importInput(source)
            progress?.finishInput(source)
        }
        // A signal from here on is too late: the import completes.
        if let signal = interruption.signal {
            try importer.rollback()
            throw ImportInterrupted(signal: signal)
        }
        let summary = try importer.finish()
        if isNew { try store.endBulkLoad() }
        return (summary, dumpNotes + importer.diagnostics, store.schema.models.map(\.name))
    }

    /// The first input that is a Realm file (`--type realm`, or told by its header), if any
    /// (`-` with `--type realm`: its schema cannot be read, with a message that says why).
    private static func realmInput(_ inputs: [String], told: InputFormat?) -> String? {
        inputs.first { told == .realm || ($0 != "-" && told == nil && RealmFileSchema.isRealmFile(atPath: $0)) }
    }

    /// The schema of a Realm input, its problems as the import's own: a damaged file is bad input
    /// (exit status 1, nothing created), one that cannot be opened an I/O failure.
    private static func realmSchema(_ path: String) throws -> (schema: CompiledSchema, hasBacklinks: Bool) {
        do {
            return try RealmFileSchema.schema(ofFileAt: path)
        } catch {
            throw translated(error, storePath: "")
        }
    }

    /// Errors of the libraries in the command line's terms: usage (64), invalid input (1),
    /// I/O or store failure (2).
    private static func translated(_ error: any Error, storePath: String) -> any Error {
        switch error {
        case let run as ImportRunError:
            return UsageError(run.description)
        case let store as StoreError where store.code == .migrationRequired || store.code == .invalidSchemaVersion:
            return Diagnostic.error(ImportToolMessages.schemaMismatch(storePath, store.message))
        case let store as StoreError:
            return IOFailure(StoreOption.storeFailed(storePath, store))
        case let source as SourceError where source.kind == .io:
            return IOFailure(source.diagnostic.message)
        case let source as SourceError:
            return source.diagnostic
        default:
            return error
        }
    }
}
