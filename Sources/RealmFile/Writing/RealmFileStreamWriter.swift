/// Writes a `.realm` file (the same file `RealmFileWriter` writes) while its objects arrive,
/// without holding them: class by class, each class's objects in ascending key order with their
/// backlinks given, every finished node written to the file as it is made (docs/realm-file.md,
/// "Writing").
///
/// What it holds is bounded by one class at a time: at most 257 objects waiting for their cluster
/// leaf, one ref per cluster leaf written, and the index bytes of the class's indexed columns
/// (its primary key's search index is built from every value at the end of the class), plus a
/// one-megabyte write buffer. Nothing is held from one class to the next but each table's top ref.
///
/// The backlink columns are fixed at the start: one per link property (from the schema) and one
/// per mixed property that links into a class (`MixedLink`, given by the caller, who knows where
/// its mixed values point). The caller gives each object's backlinks (`RealmObject.backlinks`,
/// one origin-key list per `backlinkColumns(of:)` entry, in origin-key order) and is
/// responsible for them agreeing with the links written: this writer does not see the whole file
/// and does not check that a link's target exists. It does check that an embedded object has
/// exactly one owner.
///
/// With a path, the file is written atomically: into a temporary file beside it
/// (`temporaryPath`), renamed over `path` by `finish()`; `cancel()`, a thrown error or dropping
/// the writer unfinished removes the temporary file. Without a path, the file is built in memory
/// (`bytes` after `finish()`).
///
/// For example:
///
/// ```swift
/// let writer = try RealmFileStreamWriter(schema: classes, schemaVersion: 3, path: "bundle.realm")
/// try writer.beginClass("Dog")
/// try writer.add(RealmObject(key: 0, values: [.string("Rex")], backlinks: [[4]]))   // Person 4 links here
/// try writer.endClass()
/// try writer.finish()
/// ```
public final class RealmFileStreamWriter {
    /// A backlink column of a class: the links of `originClass.originProperty` into it.
    public struct BacklinkColumn: Sendable, Equatable {
        public var originClass: String
        public var originProperty: String
    }

    /// A mixed property (or collection of mixed) of `originClass` whose values link into
    /// `targetClass`: the target gets a backlink column for it.
    public struct MixedLink: Sendable, Hashable {
        public var originClass: String
        public var originProperty: String
        public var targetClass: String

        public init(originClass: String, originProperty: String, targetClass: String) {
            self.originClass = originClass
            self.originProperty = originProperty
            self.targetClass = targetClass
        }
    }

    private var group: GroupWriter
    private let output: FileOutput?
    private let classIndex: [String: Int]
    private var table: TableWriter?
    private var isFinished = false

    /// The file's bytes, after `finish()`, when written in memory.
    public private(set) var bytes: [UInt8] = []

    /// A writer for `schema` at `schemaVersion`, with a backlink column for each of `mixedLinks`,
    /// writing to a temporary file beside `path`, or in memory when `path` is nil. Throws for a
    /// schema Realm cannot hold or this writer does not write, and when the temporary file
    /// cannot be created.
    public init(schema: [RealmClass], schemaVersion: UInt64, mixedLinks: [MixedLink] = [], path: String?) throws(RealmFileError) {
        let plans = try TablePlan.plans(for: schema)
        var index: [String: Int] = [:]
        for (position, plan) in plans.enumerated() { index[plan.name] = position }
        classIndex = index
        var mixed: [(target: Int, origin: Int, column: Int)] = []
        for link in mixedLinks {
            guard let origin = index[link.originClass], let target = index[link.targetClass],
                  let column = plans[origin].columns.firstIndex(where: { $0.property.name == link.originProperty }),
                  plans[origin].columns[column].property.type == .mixed else {
                throw RealmFileError(.badValue, RealmWriterMessages.unknownMixedLink(link.originClass, link.originProperty, link.targetClass))
            }
            mixed.append((target, origin, column))
        }
        output = try path.map { (path) throws(RealmFileError) in try FileOutput(path: path) }
        group = try GroupWriter(plans: plans, layout: BacklinkPlan.layout(plans: plans, mixed: mixed), schemaVersion: schemaVersion,
                                output: output)
    }

    deinit {
        output?.discard()
    }

    /// The temporary file being written (nil in memory).
    public var temporaryPath: String? { output?.temporaryPath }

    /// The classes in the order their tables are laid out (by the bytes of their names); writing
    /// them in this order gives the same bytes as `RealmFileWriter`.
    public var classNames: [String] { group.plans.map(\.name) }

    /// The backlink columns of `className`, in the order `RealmObject.backlinks` gives them.
    public func backlinkColumns(of className: String) -> [BacklinkColumn] {
        guard let index = classIndex[className] else { return [] }
        return group.layout[index].map { column in
            let origin = group.plans[column.originPlan]
            return BacklinkColumn(originClass: origin.name, originProperty: origin.columns[column.originColumn].property.name)
        }
    }

    /// Starts the table of `className` (each class once; classes never begun are written empty).
    public func beginClass(_ className: String) throws(RealmFileError) {
        guard !isFinished else { throw RealmFileError(.badValue, RealmWriterMessages.writerFinished) }
        if let table { throw RealmFileError(.badValue, RealmWriterMessages.classStillOpen(group.plans[table.planIndex].name)) }
        guard let index = classIndex[className] else {
            throw RealmFileError(.badValue, RealmWriterMessages.unknownClass(className))
        }
        guard group.tops[index] == nil else { throw RealmFileError(.badValue, RealmWriterMessages.classWrittenTwice(className)) }
        table = group.table(index)
    }

    /// Adds an object to the class begun: its key above the previous object's, its values in
    /// property order, its backlinks per `backlinkColumns(of:)` (empty lists, or none at all for
    /// a class without backlink columns).
    public func add(_ object: RealmObject) throws(RealmFileError) {
        guard table != nil else { throw RealmFileError(.badValue, RealmWriterMessages.noClassOpen) }
        do {
            try table!.add(object, into: &group.writer)
        } catch {
            cancel()
            throw error
        }
    }

    /// Finishes the class begun: its last cluster leaf, search indexes and table.
    public func endClass() throws(RealmFileError) {
        guard var current = table else { throw RealmFileError(.badValue, RealmWriterMessages.noClassOpen) }
        table = nil
        do {
            try group.finish(&current)
        } catch {
            cancel()
            throw error
        }
    }

    /// Writes the classes not written (empty), the group and the footer; then, for a file, flushes
    /// it to disk and renames it over the destination.
    public func finish() throws(RealmFileError) {
        if let table { throw RealmFileError(.badValue, RealmWriterMessages.classStillOpen(group.plans[table.planIndex].name)) }
        guard !isFinished else { throw RealmFileError(.badValue, RealmWriterMessages.writerFinished) }
        isFinished = true
        do {
            try group.finish()
            if let output {
                try output.commit()
            } else {
                bytes = group.writer.bytes
            }
        } catch {
            output?.discard()
            throw error
        }
    }

    /// Abandons the file: the temporary file is removed, the destination untouched.
    public func cancel() {
        isFinished = true
        table = nil
        output?.discard()
    }

    /// The objects held waiting for their cluster leaf (at most 257 at any time).
    public var heldObjectCount: Int { table?.pendingCount ?? 0 }

    /// The bytes written to the file so far (in memory: 0); the rest is in a buffer of about a
    /// megabyte.
    public var writtenByteCount: Int64 { output == nil ? 0 : group.writer.flushedCount }
}
