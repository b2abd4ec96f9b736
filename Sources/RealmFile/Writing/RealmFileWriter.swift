/// Writes a `.realm` file of file format 24 (realm-core 14) in the streaming form that
/// `writeCopy(toFile:)` and compaction leave: header, nodes, the group's top array and a footer;
/// no free space, no history (docs/realm-file.md, "Writing").
///
/// The schema follows the object-store conventions: `class_<Name>` tables in name order after
/// the `metadata` table holding the schema version, primary keys with their search indexes,
/// `isIndexed` properties indexed, embedded and asymmetric table types, and a backlink column in
/// every class that links (also through lists, sets, dictionaries and mixed values) point at.
/// The same schema and objects always give the same bytes.
///
/// For example:
///
/// ```swift
/// var writer = try RealmFileWriter(schema: file.classes, schemaVersion: 3)
/// try writer.add(RealmObject(key: 0, values: [.int(1), .string("Rex")], backlinks: []), to: "Dog")
/// try writer.write(to: "bundle.realm")
/// ```
///
/// Objects are kept in memory until written (`RealmFileStreamWriter` writes a file without
/// holding its objects). Of each `RealmClass` the writer uses the name, kind,
/// properties (name, type, collection, optionality, index flags, primary key); table keys, column
/// keys and backlink columns are its own. Of each `RealmObject` it uses the key and the values (in
/// property order; links as `RealmLink` to keys of the target class); backlinks are computed.
public struct RealmFileWriter: Sendable {
    let schemaVersion: UInt64
    let plans: [TablePlan]
    private var objects: [[RealmObject]]
    private let classIndex: [String: Int]

    /// A writer for `schema` (in any order) at `schemaVersion`. Throws for a schema Realm cannot
    /// hold or this writer does not write (full-text indexes, typed-link columns).
    public init(schema: [RealmClass], schemaVersion: UInt64) throws(RealmFileError) {
        self.schemaVersion = schemaVersion
        plans = try TablePlan.plans(for: schema)
        objects = Array(repeating: [], count: plans.count)
        var index: [String: Int] = [:]
        for (position, plan) in plans.enumerated() { index[plan.name] = position }
        classIndex = index
    }

    /// Adds `object` to class `className`: its key (unique in the class, 0 or more) and one value
    /// per property in property order. `object.backlinks` is ignored (the writer computes them).
    public mutating func add(_ object: RealmObject, to className: String) throws(RealmFileError) {
        guard let index = classIndex[className] else {
            throw RealmFileError(.badValue, RealmWriterMessages.unknownClass(className))
        }
        let plan = plans[index]
        guard object.values.count == plan.columns.count else {
            throw RealmFileError(.badValue, RealmWriterMessages.valueCount(className, object.key, object.values.count,
                                                                          plan.columns.count), className: className,
                                 objectKey: object.key)
        }
        guard object.key >= 0 else {
            throw RealmFileError(.badValue, RealmWriterMessages.negativeKey(object.key), className: className)
        }
        objects[index].append(RealmObject(key: object.key, values: object.values, backlinks: []))
    }

    /// The file's bytes.
    public func bytes() throws(RealmFileError) -> [UInt8] {
        try assembler().assemble(schemaVersion: schemaVersion, output: nil)
    }

    /// Writes the file at `path` atomically: into a new temporary file in the same directory,
    /// flushed to disk, then renamed over `path`. On failure `path` is untouched and the temporary
    /// file removed.
    public func write(to path: String) throws(RealmFileError) {
        let assembler = try assembler()
        let output = try FileOutput(path: path)
        do {
            _ = try assembler.assemble(schemaVersion: schemaVersion, output: output)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Every class's objects sorted by key (a repeated key refused), with their backlinks found.
    private func assembler() throws(RealmFileError) -> GroupAssembler {
        var sorted = objects
        for index in sorted.indices {
            sorted[index].sort { $0.key < $1.key }
            for position in sorted[index].indices.dropFirst()
            where sorted[index][position].key == sorted[index][position - 1].key {
                throw RealmFileError(.badValue, RealmWriterMessages.duplicateObjectKey(plans[index].name,
                                                                                      sorted[index][position].key))
            }
        }
        return try GroupAssembler(plans: plans, objects: sorted)
    }
}
