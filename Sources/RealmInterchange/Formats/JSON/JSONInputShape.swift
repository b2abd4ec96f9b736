/// The three layouts of JSON input `realm-import` accepts, detected from the first bytes of the input.
///
/// The rule, after an optional UTF-8 byte-order mark and whitespace:
///
/// - `[` — an **array** of documents, read one element at a time.
/// - `{` — a **multi-class** object when its first key is followed by an array
///   (`{"Person": [`) and, if the reader knows the schema's class names, that key is one of
///   them; also an empty object `{}` that is the whole input (what `realm-export` writes for an
///   empty store). Any other object starts **NDJSON**: one document after another, usually one
///   a line, also several concatenated on a line. So `{"tags": ["a"]}` is a one-document NDJSON
///   input when the reader knows the class names (`tags` is not a class) and a multi-class input
///   with a class `tags` when it does not — pass the class names to avoid that.
/// - anything else — NDJSON too; a top-level scalar then gets "expected an object" and a
///   stray byte gets jansson's syntax error.
public enum JSONInputShape: String, Sendable, Hashable {
    /// `[{…}, {…}]`
    case array
    /// `{…}\n{…}\n` (or `{…}{…}`)
    case ndjson
    /// `{"Person": [{…}], "Dog": [{…}]}`
    case multiClass
}

/// Where a source is between two documents.
enum SourceState {
    /// Nothing read yet; the format and shape are unknown.
    case start
    /// Inside an array of documents (the top-level array, or the array of `className`);
    /// `afterElement` once at least one element was read.
    case elements(className: String?, afterElement: Bool)
    /// Documents one after another until the end of the input (NDJSON, BSON, CSV rows).
    case sequence
    /// Inside a multi-class object, before a class key or the closing `}`.
    case classKeys(afterFirst: Bool)
    /// Everything was read, or reading stopped at an error.
    case finished
}
