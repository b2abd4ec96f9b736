import RealmQuery

/// Walks a filter document and builds the query tree (`MongoFilter`'s work): documents and
/// `$and`/`$or`/`$nor` here, a field's operators in `+Operators`, values in `+Values`.
///
/// Every column it writes is a byte offset into `text` plus one, found by `JSONLocator`.
struct MongoFilterTranslator {
    /// The JSON text of the filter.
    let text: [UInt8]
    /// How many `$and`, `$or`, `$nor`, `$not` and `$elemMatch` enclose the current value.
    var nesting = 0
    /// How many `$elemMatch` enclose the current value (their SUBQUERY variables are `$x`, `$x2`, …).
    var elementScopes = 0

    /// The deepest nesting a filter may have: MongoDB's own limit for a query document.
    static let maximumNesting = 100

    init(text: [UInt8]) {
        self.text = text
    }

    /// A filter document: every field's condition holds (an empty document matches everything).
    /// Field names start from `variable`, an `$elemMatch` element, when given.
    mutating func filter(_ document: JSONValue, at path: JSONPath, variable: String? = nil) throws(QueryError) -> QueryPredicate {
        guard document.kind == .object else {
            throw MongoFilterMessages.notADocument(JSONMessages.valueText(document), column: valueColumn(path))
        }
        var terms: [QueryPredicate] = []
        for (key, value) in document.fields {
            let name = key.string
            let at = path.appending(.key(name))
            if name.hasPrefix("$") {
                terms.append(try logical(name, value, at: at, variable: variable))
            } else {
                terms.append(try condition(on: try keyPath(name, at: at, variable: variable), value, at: at))
            }
        }
        return MongoFilterTranslator.all(terms)
    }

    /// `$and`, `$or`, `$nor`: a non-empty array of filter documents.
    mutating func logical(_ name: String, _ operand: JSONValue, at path: JSONPath, variable: String?) throws(QueryError) -> QueryPredicate {
        let column = keyColumn(path)
        guard ["$and", "$or", "$nor"].contains(name) else {
            throw MongoFilterMessages.notAtTop(name, column: column)
        }
        guard operand.kind == .array, operand.count > 0 else {
            throw MongoFilterMessages.needsDocuments(name, column: valueColumn(path))
        }
        try enter(column)
        defer { nesting -= 1 }
        var terms: [QueryPredicate] = []
        for index in 0..<operand.count {
            terms.append(try filter(operand.elements[index], at: path.appending(.index(index)), variable: variable))
        }
        let either = terms.count == 1 ? terms[0] : .or(terms)
        switch name {
        case "$and": return MongoFilterTranslator.all(terms)
        case "$or": return either
        default: return .not(either)
        }
    }

    /// The condition on one field: a value (equality), a regular expression, or a document of
    /// operators (`{"$gt": 1, "$lt": 5}`, all of which hold).
    mutating func condition(on path: QueryKeyPath, _ value: JSONValue, at jsonPath: JSONPath) throws(QueryError) -> QueryPredicate {
        if let regex = try regularExpression(value, at: jsonPath) {
            return try regex.predicate(on: path)
        }
        if isOperatorDocument(value) {
            return try operators(on: path, value, at: jsonPath)
        }
        return try comparison(path, .equal, value, at: jsonPath, column: valueColumn(jsonPath))
    }

    /// Whether `value` is a document of operators, `{"$gt": 1}`, rather than a value: its first key
    /// starts with `$` and is no Extended JSON type (`{"$oid": …}`, `{"$date": …}` are values).
    func isOperatorDocument(_ value: JSONValue) -> Bool {
        guard value.kind == .object, let first = value.firstField, first.key.firstByte == UInt8(ascii: "$") else { return false }
        switch ExtendedJSONWrapper.match(value) {
        case .wrapper?: return false
        case .unsupported(let keyword)?: return keyword == "$regex" || keyword == "$type"
        case nil: return true
        }
    }

    /// The key path a field name spells: `address.city` (dots into embedded objects and through
    /// links), from the `$elemMatch` element `variable` when given.
    func keyPath(_ name: String, at path: JSONPath, variable: String?) throws(QueryError) -> QueryKeyPath {
        let start = keyColumn(path)
        var components: [QueryPathComponent] = []
        var offset = 0
        for step in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !step.isEmpty else { throw MongoFilterMessages.emptyPathStep(name, column: start) }
            if step.allSatisfy(\.isASCIIDigitCharacter) {
                throw MongoFilterMessages.positionalPath(name, column: start + offset)
            }
            components.append(.property(String(step), column: start + offset))
            offset += step.utf8.count + 1
        }
        return QueryKeyPath(variable: variable, components: components, column: start)
    }

    /// One more level of nesting at `column`; a located error past `maximumNesting`.
    mutating func enter(_ column: Int) throws(QueryError) {
        nesting += 1
        if nesting > MongoFilterTranslator.maximumNesting {
            throw MongoFilterMessages.nestedTooDeeply(MongoFilterTranslator.maximumNesting, column: column)
        }
    }

    /// `terms` all holding: TRUEPREDICATE for none, the term for one.
    static func all(_ terms: [QueryPredicate]) -> QueryPredicate {
        switch terms.count {
        case 0: .constant(true)
        case 1: terms[0]
        default: .and(terms)
        }
    }

    // MARK: Positions

    /// The column of the key at the end of `path` (its first character, inside the quotes), or
    /// of the element when `path` ends in an array index.
    func keyColumn(_ path: JSONPath) -> Int {
        guard let offset = JSONLocator.offset(of: path, target: .key, in: text) else { return 1 }
        if case .key? = path.components.last { return offset + 2 }
        return offset + 1
    }

    /// The column where the value at `path` starts.
    func valueColumn(_ path: JSONPath) -> Int {
        guard let offset = JSONLocator.offset(of: path, target: .value, in: text) else { return 1 }
        return offset + 1
    }
}

extension Character {
    /// Whether this is one of `0`…`9`.
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
