/// What an import did, per class: the closing summary on stderr and the test's view of a run.
public struct ImportSummary: Sendable, Hashable {
    /// The counts of one class.
    public struct Counts: Sendable, Hashable {
        /// New objects (top-level, or nested with a primary key).
        public var created = 0
        /// Existing objects that an upsert or merge changed (upsert always writes).
        public var updated = 0
        /// Existing objects a merge left exactly as they were.
        public var unchanged = 0
        /// Unknown keys ignored in this class's objects.
        public var warnings = 0

        public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0, warnings: Int = 0) {
            self.created = created
            self.updated = updated
            self.unchanged = unchanged
            self.warnings = warnings
        }

        var total: Int { created + updated + unchanged }

        /// Adds the counts of `other`.
        mutating func add(_ other: Counts) {
            created += other.created
            updated += other.updated
            unchanged += other.unchanged
            warnings += other.warnings
        }
    }

    /// Counts by class name, for classes that occurred in the input.
    public var classes: [String: Counts] = [:]
    /// Top-level documents read.
    public var documents = 0
    /// Error diagnostics reported (also counted when `--max-errors` stopped the run).
    public var errors = 0
    /// Whether the transaction was committed.
    public var committed = false
    /// Whether reading stopped early because `--max-errors` was reached.
    public var stoppedEarly = false
    /// References to objects that do not exist, set to null or left out (`--on-missing-link null`).
    public var nulledLinks = 0
    /// Objects removed by `--mode delete` and by `--drop`.
    public var deleted = 0
    /// Primary keys `--mode delete` was given that matched no object (skipped, as mongoimport does).
    public var missingKeys = 0

    public init() {}

    /// The counts of `className` (zero when it did not occur).
    public subscript(className: String) -> Counts {
        get { classes[className] ?? Counts() }
        set { classes[className] = newValue }
    }

    /// One line per class in schema order (`order`), then the outcome:
    ///
    ///     Person: 2 created, 0 updated, 0 unchanged, 1 warning
    ///     imported 3 objects from 2 documents
    ///
    /// A run with errors wrote nothing, so it prints only `2 errors; nothing was written`: no
    /// counts of objects that were never created (docs/command-line.md, section 3).
    public func render(order: [String], dryRun: Bool) -> String {
        if errors > 0 { return ImportMessages.failedRun(errors: errors, stoppedEarly: stoppedEarly) + "\n" }
        var lines: [String] = []
        let names = order.filter { classes[$0] != nil } + classes.keys.filter { !order.contains($0) }.sorted()
        for name in names {
            lines.append(ImportMessages.summaryLine(name, self[name]))
        }
        let objects = classes.values.reduce(0) { $0 + $1.total }
        if nulledLinks > 0 { lines.append(ImportMessages.nulledLinks(nulledLinks)) }
        if deleted > 0 || missingKeys > 0 {
            lines.append(ImportMessages.deletedObjects(deleted, missing: missingKeys, dryRun: dryRun))
        }
        if dryRun {
            lines.append(ImportMessages.dryRunDone(objects: objects, documents: documents))
        } else {
            lines.append(ImportMessages.importDone(objects: objects, documents: documents))
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
