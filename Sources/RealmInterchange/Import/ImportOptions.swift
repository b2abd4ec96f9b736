import RealmEngine

/// How `realm-import` treats objects whose primary key is already stored (docs/relationships.md, section 6).
public enum ImportMode: String, Sendable, Hashable, CaseIterable {
    /// Realm's `.error`: an existing primary key is an error.
    case insert
    /// Realm's `.all`: update every supplied property; lists, sets and maps are replaced.
    case upsert
    /// Realm's `.modified`: write only what differs; sets and maps are merged.
    case merge
    /// mongoimport's `--mode delete`: delete the objects whose primary keys the input lists.
    case delete

    /// The store's update policy for this mode.
    public var policy: UpdatePolicy {
        switch self {
        case .insert: .error
        case .upsert: .all
        case .merge: .modified
        case .delete: .error
        }
    }
}

/// Everything that changes how an import runs, as the command line sets it.
///
/// For example:
///
///     var options = ImportOptions(className: "Person")
///     options.mode = .upsert
///     options.maxErrors = 10
public struct ImportOptions: Sendable {
    /// The class of the documents of an array or NDJSON input (`--class`); for a multi-class
    /// input it must match every class the input names.
    public var className: String?
    public var mode: ImportMode
    /// Validate everything (references and duplicate keys included), then write nothing.
    public var dryRun: Bool
    /// Stop reading after this many errors (at least 1).
    public var maxErrors: Int
    /// Unknown keys are errors instead of counted warnings.
    public var rejectUnknown: Bool
    /// Map keys (and dictionary keys inside mixed values) that Realm forbids.
    public var mapKeys: MapKeyPolicy
    /// Empty the `className` class first, or without one every class the input names, in the
    /// import's transaction (`--drop`, see `Importer+Drop.swift`).
    public var drop = false
    /// What a reference to an object that does not exist becomes (`--on-missing-link`).
    public var missingLinks: MissingLinkPolicy = .error
    /// The most bytes one document (a JSON document, a BSON document, a CSV or TSV row) may
    /// have (`--max-document-size`); nil: the formats' defaults (`SourceOptions.maxDocumentBytes`).
    public var maxDocumentBytes: Int?

    public init(className: String? = nil, mode: ImportMode = .insert, dryRun: Bool = false, maxErrors: Int = 100,
                rejectUnknown: Bool = false, mapKeys: MapKeyPolicy = .encode) {
        self.className = className
        self.mode = mode
        self.dryRun = dryRun
        self.maxErrors = max(1, maxErrors)
        self.rejectUnknown = rejectUnknown
        self.mapKeys = mapKeys
    }
}

/// What a reference to an object that exists neither in the store nor in the input becomes.
public enum MissingLinkPolicy: String, Sendable, Hashable, CaseIterable {
    /// An error, located at the reference (the default).
    case error
    /// A to-one link or map value becomes null, a list or set element is left out; the summary
    /// counts them (real dumps have dangling references).
    case null
}

/// A problem with the run itself rather than with one value: the caller decides how it looks
/// (the command line turns `missingClass` into a usage error).
public enum ImportRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Documents that name no class (an array, NDJSON, a BSON file not named after a class)
    /// were given without `--class`; `message` says so in the input format's terms
    /// (`DocumentReader.classNeeded`).
    case missingClass(input: String, message: String)
    /// `--class` names a class the schema does not have, or one that cannot be imported.
    case unusableClass(String, reason: String)
    /// A CSV or TSV input was given without `--class`.
    case tableWithoutClass(input: String, classes: [String])
    /// A directory input that cannot be imported as given (`DumpInputs`): `message` says why.
    case dumpDirectory(String, message: String)

    public var description: String {
        switch self {
        case let .missingClass(_, message):
            message
        case let .unusableClass(_, reason):
            reason
        case let .tableWithoutClass(input, classes):
            CSVMessages.classNeeded(input, classes: classes)
        case let .dumpDirectory(_, message):
            message
        }
    }
}
