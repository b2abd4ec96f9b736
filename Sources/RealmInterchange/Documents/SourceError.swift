import RealmSchema

/// A problem reading an input: the diagnostic to print and what it means for the caller.
public struct SourceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, which decides the exit status and whether reading can go on.
    public enum Kind: Sendable, Hashable {
        /// The input could not be opened or read (exit status 2).
        case io
        /// The input is not well formed in its format (JSON text, a BSON document's length, a CSV
        /// quote, a compressed stream), or not one of the accepted shapes; reading stops.
        case malformed
        /// A well-formed value where a document was expected (a string in an array of
        /// objects, …); the value was skipped and `next()` may be called again.
        case notAnObject
        /// Reading was stopped by an `InputInterruption` (a signal); the run ends, and
        /// nothing it did is kept.
        case interrupted
        /// A BSON document whose length is sound but whose content is not (invalid UTF-8, an
        /// unknown element type, nesting too deep, …); it was skipped and `next()` may be
        /// called again.
        case invalidDocument
    }

    public var kind: Kind
    public var diagnostic: Diagnostic

    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// Whether the source can still yield the documents that follow.
    public var isRecoverable: Bool { kind == .notAnObject || kind == .invalidDocument }

    public var description: String { diagnostic.description }
}
