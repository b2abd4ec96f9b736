/// One file produced by a generator: a path relative to the output directory and its full text.
///
/// Generators never touch the file system; the command-line tool writes these (only when the
/// bytes changed) and compares them for `--check`.
public struct GeneratedFile: Hashable, Sendable {
    /// The file name relative to the output directory, for example `people.swift`.
    public var path: String
    /// The complete contents, ending with exactly one newline.
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// The access level of generated Swift declarations (`realm-schema codegen --access`).
public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`
    case `internal`

    /// The modifier written before a declaration: `public ` or nothing (internal is implicit).
    var modifierPrefix: String {
        switch self {
        case .public: "public "
        case .internal: ""
        }
    }
}
