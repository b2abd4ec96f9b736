/// A problem found while opening or decoding a `.realm` file: what kind of problem, a message in
/// words for a user, and where it is (byte offset, class, object key, property) when known.
///
/// Every failure of this module is one of these; the decoder never traps on file data.
///
/// For example:
///
/// ```swift
/// do { _ = try RealmFile(path: "app.realm") }
/// catch { print(error.description) }  // "…: the file is encrypted … (at byte 16)"
/// ```
public struct RealmFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that branch on it (exit statuses, tests).
    public enum Kind: String, Sendable, Equatable {
        /// The file could not be opened, inspected or mapped (missing, a directory, no permission).
        case cannotOpen
        /// The bytes are not a Realm file at all (no `T-DB` mnemonic, not encrypted-looking).
        case notARealmFile
        /// The header is unreadable in the way Realm's page encryption leaves it.
        case encrypted
        /// A Realm file of a format version this reader does not decode.
        case unsupportedFormatVersion
        /// The file ends before something it refers to (cut short, or a size that is not a multiple of 8).
        case truncated
        /// The 24-byte header or streaming footer is inconsistent.
        case badHeader
        /// A reference is misaligned, zero where a node is required, or points outside the file.
        case badReference
        /// A node's header or payload does not have the shape its role requires.
        case badNode
        /// A reference leads back to a node already on the current path, or the file asks for more
        /// node visits than it can hold.
        case cycle
        /// Trees or nested collections deeper than any Realm writes.
        case tooDeep
        /// A value cannot be decoded (invalid UTF-8, an unknown mixed type, a count that disagrees).
        case badValue
        /// Valid Realm data this reader does not decode (a column or key type it does not know).
        case unsupported
    }

    /// What went wrong.
    public var kind: Kind
    /// The message, in the project's words, without the location.
    public var message: String
    /// The byte offset in the file where the problem was found, when there is one.
    public var offset: Int?
    /// The class (without the `class_` prefix) or table being read, when known.
    public var className: String?
    /// The object key of the object being read, when known.
    public var objectKey: Int64?
    /// The property being read, when known.
    public var property: String?

    /// A new error; the location context is usually added later by the code that knows it.
    public init(_ kind: Kind, _ message: String, offset: Int? = nil, className: String? = nil,
                objectKey: Int64? = nil, property: String? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.className = className
        self.objectKey = objectKey
        self.property = property
    }

    /// The message followed by its location, e.g. `… (class 'Dog', object key 3, property 'name', at byte 4096)`.
    public var description: String {
        RealmFileMessages.located(message, className: className, objectKey: objectKey, property: property,
                                  offset: offset)
    }

    /// This error with the class, object and property filled in where they are still unknown.
    func locating(className: String? = nil, objectKey: Int64? = nil, property: String? = nil) -> RealmFileError {
        var copy = self
        if copy.className == nil { copy.className = className }
        if copy.objectKey == nil { copy.objectKey = objectKey }
        if copy.property == nil { copy.property = property }
        return copy
    }
}
