/// What decoding a whole file found: a fuzz target's and a smoke test's view of a file.
public struct RealmFileSummary: Sendable, Equatable {
    /// The file format version.
    public var formatVersion: Int
    /// The schema version, if any.
    public var schemaVersion: UInt64?
    /// The number of classes.
    public var classCount: Int
    /// The number of objects over all classes.
    public var objectCount: Int
    /// The number of values over all objects, nested collection elements included.
    public var valueCount: Int
}

extension RealmFile {
    /// Decodes everything in `bytes` (header, tables, schema, every object of every class, every
    /// nested value) and sums it up, or returns the first error. Never traps on any input: the
    /// entry point for fuzzing.
    public static func check(bytes: [UInt8]) -> Result<RealmFileSummary, RealmFileError> {
        do throws(RealmFileError) {
            let file = try RealmFile(bytes: bytes)
            return .success(try file.summary())
        } catch {
            return .failure(error)
        }
    }

    /// Decodes every object of every class and sums up what it found.
    public func summary() throws(RealmFileError) -> RealmFileSummary {
        var objects = 0
        var values = 0
        for cls in classes {
            for object in try self.objects(in: cls) {
                objects += 1
                values += object.values.reduce(0) { $0 + Self.valueCount($1) }
            }
        }
        return RealmFileSummary(formatVersion: formatVersion, schemaVersion: schemaVersion, classCount: classes.count,
                                objectCount: objects, valueCount: values)
    }

    private static func valueCount(_ value: RealmValue) -> Int {
        switch value {
        case .list(let elements), .set(let elements): 1 + elements.reduce(0) { $0 + valueCount($1) }
        case .dictionary(let entries): 1 + entries.reduce(0) { $0 + valueCount($1.value) }
        default: 1
        }
    }
}
