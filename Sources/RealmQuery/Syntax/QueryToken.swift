/// One lexical token of a Realm Query Language string, with its 1-based column.
public struct QueryToken: Equatable, Sendable {
    /// What the token is.
    public enum Kind: Equatable, Sendable {
        /// An identifier or keyword (`name`, `AND`, `TRUEPREDICATE`, `ASC`).
        case word(String)
        /// A `@`-word: `@count`, `@links`, `@keys`, `@type`, …
        case atWord(String)
        /// A quoted string literal, unescaped.
        case string(String)
        /// A numeric literal as written (`12`, `-3.5e2`, `0x1F`, `inf`).
        case number(String)
        /// `B64"…"` decoded.
        case data([UInt8])
        /// `T<sec>:<ns>` or `YYYY-MM-DD@HH:MM:SS[:ns]`.
        case timestamp(seconds: Int64, nanoseconds: Int32)
        /// `oid(<24 hex>)`.
        case objectId(String)
        /// `uuid(<8-4-4-4-12 hex>)`.
        case uuid(String)
        /// `$0`, `$1`, …
        case argument(Int)
        /// `$name`, a SUBQUERY variable.
        case variable(String)
        /// Realm Swift's `%@` (next argument as a value).
        case valuePlaceholder
        /// Realm Swift's `%K` (next argument as a key path).
        case keyPathPlaceholder
        /// `[c]`, `[d]`, `[cd]` after an operator.
        case modifier(caseInsensitive: Bool, diacriticInsensitive: Bool)
        /// An operator or punctuation: `==`, `<=`, `&&`, `(`, `{`, `.`, `,`, `[`, `]`, …
        case symbol(String)
        /// The end of the input.
        case end
    }

    public var kind: Kind
    /// 1-based column (Unicode scalars) of the token's first character.
    public var column: Int

    public init(_ kind: Kind, column: Int) {
        self.kind = kind
        self.column = column
    }

    /// The token as the user wrote it, roughly, for messages.
    public var spelling: String {
        switch kind {
        case .word(let text): text
        case .atWord(let text): "@" + text
        case .string(let text): "'" + text + "'"
        case .number(let text): text
        case .data: "B64\"…\""
        case .timestamp(let seconds, let nanoseconds): "T\(seconds):\(nanoseconds)"
        case .objectId(let text): "oid(\(text))"
        case .uuid(let text): "uuid(\(text))"
        case .argument(let index): "$\(index)"
        case .variable(let name): "$" + name
        case .valuePlaceholder: "%@"
        case .keyPathPlaceholder: "%K"
        case .modifier(let c, let d): "[" + (c ? "c" : "") + (d ? "d" : "") + "]"
        case .symbol(let text): text
        case .end: "end of query"
        }
    }

    /// Whether this is the keyword `word` (keywords are case-insensitive).
    public func isKeyword(_ word: String) -> Bool {
        if case .word(let text) = kind { return text.uppercased() == word }
        return false
    }

    /// Whether this is the symbol `text`.
    public func isSymbol(_ text: String) -> Bool {
        if case .symbol(let symbol) = kind { return symbol == text }
        return false
    }
}
