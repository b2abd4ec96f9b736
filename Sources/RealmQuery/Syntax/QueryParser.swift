/// A recursive-descent parser for Realm Query Language (core's grammar, plus Realm Swift's
/// `[d]` modifier and `%@`/`%K` placeholders).
///
/// Precedence: `NOT` binds tighter than `AND`, which binds tighter than `OR`. Suffixes `SORT`,
/// `DISTINCT` and `LIMIT` follow the predicate in any number and order.
///
/// Nesting is bounded: parentheses, `NOT`s, `{…}` lists, `[…]` subscripts and SUBQUERYs may
/// enclose one another at most `maximumNesting` levels deep; past that the query is a located
/// error (as in SQLite, whose expressions nest at most 1000 deep), never a stack overflow.
///
/// For example:
///
///     let query = try QueryParser.parse("age > 3 AND name BEGINSWITH[c] 'r' SORT(age DESC) LIMIT(10)")
public struct QueryParser {
    var tokens: [QueryToken]
    var index = 0
    /// The next `%@`/`%K` argument number.
    var nextPlaceholder = 0
    /// How many parentheses, `NOT`s, lists, subscripts and SUBQUERYs enclose the current token.
    var nesting = 0

    /// The deepest nesting a query may have (docs/queries.md, section 1).
    public static let maximumNesting = 1000

    public init(_ text: String) throws(QueryError) {
        tokens = try QueryLexer.tokenize(text)
    }

    /// Parses a whole query.
    public static func parse(_ text: String) throws(QueryError) -> ParsedQuery {
        var parser = try QueryParser(text)
        return try parser.parseQuery()
    }

    /// Parses a lone key path (a sort key given apart from the query text).
    public static func parseKeyPath(_ text: String) throws(QueryError) -> QueryKeyPath {
        var parser = try QueryParser(text)
        let path = try parser.parseKeyPath()
        guard parser.current.kind == .end else {
            throw QueryMessages.expected("the end", after: "a key path", found: parser.current)
        }
        return path
    }

    var current: QueryToken { tokens[index] }

    mutating func advance() -> QueryToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func expectSymbol(_ symbol: String, after context: String) throws(QueryError) {
        guard current.isSymbol(symbol) else {
            throw QueryMessages.expected("'\(symbol)'", after: context, found: current)
        }
        _ = advance()
    }

    mutating func parseQuery() throws(QueryError) -> ParsedQuery {
        if current.kind == .end { throw QueryMessages.emptyQuery() }
        let predicate = try parseOr()
        var query = ParsedQuery(predicate: predicate, sort: [], distinct: [], limit: nil)
        while current.kind != .end {
            if current.isKeyword("SORT") {
                _ = advance()
                try expectSymbol("(", after: "SORT")
                repeat {
                    let path = try parseKeyPath()
                    var ascending = true
                    if current.isKeyword("ASC") || current.isKeyword("ASCENDING") {
                        _ = advance()
                    } else if current.isKeyword("DESC") || current.isKeyword("DESCENDING") {
                        _ = advance()
                        ascending = false
                    } else {
                        throw QueryMessages.expected("ASC or DESC", after: "a SORT key path", found: current)
                    }
                    query.sort.append(QuerySortKey(path: path, ascending: ascending))
                } while try consumeComma()
                try expectSymbol(")", after: "the SORT keys")
            } else if current.isKeyword("DISTINCT") {
                _ = advance()
                try expectSymbol("(", after: "DISTINCT")
                repeat { query.distinct.append(try parseKeyPath()) } while try consumeComma()
                try expectSymbol(")", after: "the DISTINCT key paths")
            } else if current.isKeyword("LIMIT") {
                _ = advance()
                try expectSymbol("(", after: "LIMIT")
                let token = advance()
                guard case .number(let text) = token.kind, let limit = Int(text), limit >= 0 else {
                    throw QueryMessages.badLimit(token)
                }
                query.limit = min(query.limit ?? limit, limit)
                try expectSymbol(")", after: "the LIMIT count")
            } else {
                throw QueryMessages.expected("AND, OR, SORT, DISTINCT, LIMIT or the end", after: "a predicate", found: current)
            }
        }
        return query
    }

    /// Enters one more level of nesting at `token`; a located error past `maximumNesting`.
    mutating func enter(_ token: QueryToken) throws(QueryError) {
        nesting += 1
        if nesting > QueryParser.maximumNesting {
            throw QueryMessages.nestedTooDeeply(QueryParser.maximumNesting, column: token.column)
        }
    }

    mutating func consumeComma() throws(QueryError) -> Bool {
        guard current.isSymbol(",") else { return false }
        _ = advance()
        return true
    }

    mutating func parseOr() throws(QueryError) -> QueryPredicate {
        let first = try parseAnd()
        guard current.isKeyword("OR") || current.isSymbol("||") else { return first }
        var operands = [first]
        while current.isKeyword("OR") || current.isSymbol("||") {
            _ = advance()
            operands.append(try parseAnd())
        }
        return .or(operands)
    }

    mutating func parseAnd() throws(QueryError) -> QueryPredicate {
        let first = try parseNot()
        guard current.isKeyword("AND") || current.isSymbol("&&") else { return first }
        var operands = [first]
        while current.isKeyword("AND") || current.isSymbol("&&") {
            _ = advance()
            operands.append(try parseNot())
        }
        return .and(operands)
    }

    mutating func parseNot() throws(QueryError) -> QueryPredicate {
        if current.isKeyword("NOT") || current.isSymbol("!") {
            try enter(advance())
            defer { nesting -= 1 }
            return .not(try parseNot())
        }
        if current.isSymbol("(") {
            try enter(advance())
            defer { nesting -= 1 }
            let inner = try parseOr()
            try expectSymbol(")", after: "a parenthesized predicate")
            return inner
        }
        if current.isKeyword("TRUEPREDICATE") { _ = advance(); return .constant(true) }
        if current.isKeyword("FALSEPREDICATE") { _ = advance(); return .constant(false) }
        return .comparison(try parseComparison())
    }
}
