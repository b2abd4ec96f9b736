import RealmQuery
import RealmSchema

/// MongoDB's query document, as `mongoexport --query` takes it, translated to the Realm Query
/// Language's syntax tree: `realm-export --query '{"age": {"$gt": 30}}'` goes through the same
/// type checker, SQL and indexes as `--query 'age > 30'` (docs/realm-export.md, section 7.1).
///
/// The tree's columns are byte offsets into the JSON text, plus one; `located(_:)` turns a
/// `QueryError` (the type checker's too) into a diagnostic at a line and column of the text,
/// `query:2:12: error: …`, as a Realm Query Language error is `query:1:<column>` (`QueryError`
/// has no line: Realm Query Language is read as one).
///
/// For example:
///
///     let filter = try MongoFilter(#"{"age": {"$gt": 30}, "dog.name": "Rex"}"#)
///     try store.forEachMatch("Person", filter.query, sortedBy: [], limit: nil) { print($0) }
///     // the objects of `age > 30 AND dog.name == 'Rex'`
public struct MongoFilter: Sendable {
    /// The translated query: a predicate, without SORT, DISTINCT or LIMIT.
    public let query: ParsedQuery
    /// The JSON text, for locating errors.
    private let text: [UInt8]

    /// Parses and translates `text`, a JSON object.
    ///
    /// - Throws: a `Diagnostic` located in `text` (file `query`): malformed JSON, an operator the
    ///   translation does not support, an operand of the wrong kind, an Extended JSON value it
    ///   cannot read.
    public init(_ text: String) throws(Diagnostic) {
        let bytes = Array(text.utf8)
        self.text = bytes
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(text, name: "query")
        } catch {
            throw error.diagnostic
        }
        do {
            query = try document.withRoot { root throws(QueryError) in
                var translator = MongoFilterTranslator(text: bytes)
                return ParsedQuery(predicate: try translator.filter(root, at: []))
            }
        } catch {
            throw MongoFilter.located(error, in: bytes)
        }
    }

    /// Whether `text` is a JSON filter rather than Realm Query Language: its first character
    /// other than white space is `{`.
    public static func isFilter(_ text: String) -> Bool {
        text.first(where: { !$0.isWhitespace }) == "{"
    }

    /// `error`, raised for this filter's query, as a diagnostic at its line and column of the JSON text.
    public func located(_ error: QueryError) -> Diagnostic {
        MongoFilter.located(error, in: text)
    }

    static func located(_ error: QueryError, in text: [UInt8]) -> Diagnostic {
        let offset = min(max(error.column - 1, 0), text.count)
        let position = TextPosition.start.advanced(over: text.prefix(offset))
        return .error(error.message, at: SourceLocation(file: "query", line: position.line, column: position.column))
    }
}
