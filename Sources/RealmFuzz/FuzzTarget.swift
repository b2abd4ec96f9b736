/// The fuzz targets of `make fuzz` (docs/fuzzing.md): each body takes one input of any bytes,
/// must never crash on it, and returns the property it checks that did not hold, if any.
/// Under libFuzzer (`run`) such a property stops the process, so libFuzzer keeps the input as
/// a crash; the replay tests (`check`) report it as a failed expectation.
///
/// For example:
///
///     FuzzTarget.named("mapkey")?.check(Array("a.b$c".utf8))   // nil
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// YAML schema text → validated schema → generated Swift and JSON Schema (`fuzzSchema`).
    case schema
    /// JSON or Extended JSON text → import into a small store (`fuzzImport`).
    case `import`
    /// Realm Query Language text → type check → SQL run against a small store (`fuzzQuery`).
    case query
    /// Map-key encoding: decode(encode(key)) is the key (`fuzzMapKey`).
    case mapkey
    /// BSON documents (mongodump) → import of `Person` objects into a small store (`fuzzBSON`).
    case bson
    /// A `.realm` file → every class, object and value decoded (`fuzzRealmFile`).
    case realm

    /// The target called `name` (its raw value), if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        FuzzTarget(rawValue: name)
    }

    /// Runs the target's body on `bytes`: the property that failed, or `nil`.
    public func check(_ bytes: [UInt8]) -> String? {
        switch self {
        case .schema: fuzzSchema(bytes)
        case .import: fuzzImport(bytes)
        case .query: fuzzQuery(bytes)
        case .mapkey: fuzzMapKey(bytes)
        case .bson: fuzzBSON(bytes)
        case .realm: fuzzRealmFile(bytes)
        }
    }

    /// Runs the target's body on `bytes` and stops the process with a `fatalError` naming
    /// the target and the property when one failed (what libFuzzer reports as a crash).
    public func run(_ bytes: [UInt8]) {
        if let failure = check(bytes) { fatalError("fuzz \(rawValue): \(failure)") }
    }
}
