import RealmFormats
import RealmSchema

/// A syntax or type error in a query, located at a 1-based column of the query text.
///
/// Its `diagnostic` prints as `query:1:<column>: error: <message>`, the form the command-line
/// tools print.
///
/// For example:
///
///     do { _ = try QueryParser.parse("age >") } catch let error as QueryError { print(error) }
///     // query:1:6: error: expected a value after '>', found end of query
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 1-based column where the problem starts.
    public var column: Int

    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// The error as a located diagnostic (file `query`, line 1).
    public var diagnostic: Diagnostic {
        .error(message, at: SourceLocation(file: "query", line: 1, column: column))
    }

    public var description: String { diagnostic.description }
}

/// Every query error message, one named factory each; wording never sits at call sites.
public enum QueryMessages {
    // MARK: Syntax

    static func unexpectedCharacter(_ text: String, column: Int) -> QueryError {
        QueryError("unexpected character '\(text)'", column: column)
    }
    static func unterminated(_ opener: String, column: Int) -> QueryError {
        QueryError("unterminated \(opener == "(" ? "parenthesis" : "string literal")", column: column)
    }
    static func badEscape(column: Int) -> QueryError {
        QueryError("invalid \\u escape: expected 4 hex digits", column: column)
    }
    static func malformedNumber(_ text: String, column: Int) -> QueryError {
        QueryError("'\(text)' is not a number", column: column)
    }
    static func badArgument(_ text: String, column: Int) -> QueryError {
        QueryError("invalid argument '\(text)'", column: column)
    }
    static func badObjectId(_ text: String, column: Int) -> QueryError {
        QueryError("invalid ObjectId '\(text)': must be 24 hex digits", column: column)
    }
    static func badUUID(_ text: String, column: Int) -> QueryError {
        QueryError("invalid UUID '\(text)': expected 8-4-4-4-12 hex digits", column: column)
    }
    static func badBase64(column: Int) -> QueryError {
        QueryError("invalid base64 in B64 literal", column: column)
    }
    static func badTimestamp(column: Int) -> QueryError {
        QueryError("invalid timestamp: expected YYYY-MM-DD@HH:MM:SS[:nanoseconds]", column: column)
    }
    static func emptyQuery() -> QueryError {
        QueryError("empty query: expected a predicate (TRUEPREDICATE matches everything)", column: 1)
    }
    static func expected(_ what: String, after context: String, found: QueryToken) -> QueryError {
        QueryError("expected \(what) after \(context), found \(found.spelling)", column: found.column)
    }
    static func expectedValue(after context: String, found: QueryToken) -> QueryError {
        QueryError("expected a value or key path after \(context), found \(found.spelling)", column: found.column)
    }
    static func expectedOperator(found: QueryToken) -> QueryError {
        QueryError("expected a comparison operator (==, !=, <, <=, >, >=, IN, BETWEEN, BEGINSWITH, ENDSWITH, "
                   + "CONTAINS, LIKE, TEXT, GEOWITHIN), found \(found.spelling)", column: found.column)
    }
    static func badLimit(_ token: QueryToken) -> QueryError {
        QueryError("LIMIT needs a non-negative integer, found \(token.spelling)", column: token.column)
    }
    static func subqueryNeedsCount(column: Int) -> QueryError {
        QueryError("SUBQUERY(…) must be followed by .@count", column: column)
    }
    static func nestedTooDeeply(_ limit: Int, column: Int) -> QueryError {
        QueryError("query nested more than \(limit) levels deep (parentheses, NOT, {…} lists, […] subscripts "
                   + "and SUBQUERY count); simplify it", column: column)
    }
    static func badLinks(column: Int) -> QueryError {
        QueryError("expected @links.ClassName.property or @links.@count", column: column)
    }

    // MARK: Types

    static func unknownClass(_ name: String, column: Int) -> QueryError {
        QueryError("no class named '\(name)' in the schema", column: column)
    }
    static func unknownProperty(_ name: String, in className: String, known: [String], column: Int) -> QueryError {
        var message = "'\(className)' has no property '\(name)'"
        if let guess = closest(name, in: known) { message += "; " + Suggestion.didYouMean(guess) }
        return QueryError(message, column: column)
    }
    static func incompatible(_ lhs: String, _ rhs: String, op: QueryOperator, column: Int) -> QueryError {
        QueryError("cannot compare \(lhs) with \(rhs) using '\(op.rawValue)'", column: column)
    }
    static func unsupportedOperator(_ op: QueryOperator, on type: String, column: Int) -> QueryError {
        QueryError("operator '\(op.rawValue)' is not supported on \(type)", column: column)
    }
    static func modifierNeedsString(_ type: String, column: Int) -> QueryError {
        QueryError("the [c] and [d] modifiers apply to strings only, not to \(type)", column: column)
    }
    static func aggregateNeedsNumbers(_ operation: String, on type: String, column: Int) -> QueryError {
        QueryError("@\(operation) needs a collection of numbers, found \(type)", column: column)
    }
    static func operationNeedsCollection(_ operation: String, on type: String, column: Int) -> QueryError {
        QueryError("@\(operation) applies to a collection, not to \(type)", column: column)
    }
    static func unknownOperation(_ operation: String, column: Int) -> QueryError {
        QueryError("unknown operation '@\(operation)'", column: column)
    }
    static func pathAfterValue(_ type: String, column: Int) -> QueryError {
        QueryError("cannot follow a key path through \(type)", column: column)
    }
    static func subscriptNeedsMap(_ type: String, column: Int) -> QueryError {
        QueryError("a ['key'] subscript needs a map, not \(type)", column: column)
    }
    static func nestedSubscriptNeedsKeyOrIndex(column: Int) -> QueryError {
        QueryError("a subscript of a mixed value must be a string key or an integer index", column: column)
    }
    static func subscriptOfElements(column: Int) -> QueryError {
        QueryError("a subscript cannot follow a list's or set's elements; it indexes a collection inside a mixed property or map value",
                   column: column)
    }
    static func anyElementNeedsMixed(_ type: String, column: Int) -> QueryError {
        QueryError("a [*] subscript needs a mixed value holding a list or dictionary, not \(type)", column: column)
    }
    static func subscriptNeedsString(column: Int) -> QueryError {
        QueryError("a map subscript must be a string", column: column)
    }
    static func missingArgument(_ index: Int, count: Int, column: Int) -> QueryError {
        QueryError("argument $\(index) is missing: \(Plural.counted(count, "argument")) given", column: column)
    }
    static func keyPathArgumentNotString(_ index: Int, column: Int) -> QueryError {
        QueryError("%K argument \(index) must be a string naming a property", column: column)
    }
    static func quantifierNeedsCollection(column: Int) -> QueryError {
        QueryError("ANY, ALL and NONE need a key path through a collection", column: column)
    }
    static func noKeyPath(column: Int) -> QueryError {
        QueryError("a comparison needs a key path on one side", column: column)
    }
    static func betweenNeedsTwo(column: Int) -> QueryError {
        QueryError("Operator 'BETWEEN' requires list with 2 elements.", column: column)
    }
    static func listNotAllowed(column: Int) -> QueryError {
        QueryError("a {…} list is only allowed after IN or BETWEEN, or with ANY, ALL, NONE", column: column)
    }
    static func collectionNotComparable(column: Int) -> QueryError {
        QueryError("both sides are collections; compare one element side with a value", column: column)
    }
    static func textNeedsFullTextIndex(_ property: String, column: Int) -> QueryError {
        QueryError("TEXT needs a string property with 'indexed: fulltext'; '\(property)' has none", column: column)
    }
    static func sortNeedsSingleValue(column: Int) -> QueryError {
        QueryError("SORT and DISTINCT need a single-valued key path (no lists, sets or maps)", column: column)
    }
    static func unknownVariable(_ name: String, column: Int) -> QueryError {
        QueryError("unknown variable '$\(name)' (only the SUBQUERY variable is in scope)", column: column)
    }
    static func badNumber(_ text: String, for type: String, column: Int) -> QueryError {
        QueryError("'\(text)' is not a valid \(type)", column: column)
    }
    static func unknownTypeName(_ name: String, column: Int) -> QueryError {
        QueryError("unknown type name '\(name)' for @type", column: column)
    }

    /// The known name closest to `name` (edit distance ≤ 2, or a case-only difference).
    static func closest(_ name: String, in known: [String]) -> String? {
        let lower = name.lowercased()
        if let match = known.first(where: { $0.lowercased() == lower }) { return match }
        return known.map { ($0, Suggestion.editDistance(Array(lower), Array($0.lowercased()))) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }
}

extension QueryMessages {
    static func decimalArithmetic(_ operation: String, column: Int) -> QueryError {
        QueryError("@\(operation) over decimal128 values is not supported (only @min, @max and @count)", column: column)
    }
}
