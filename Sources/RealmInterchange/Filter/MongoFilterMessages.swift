import RealmQuery
import RealmSchema

/// Every message of the JSON filter (`realm-export --query '{…}'`), one named factory each.
/// Errors are `QueryError`s at byte columns, which `MongoFilter` turns into diagnostics at a line
/// and column of the JSON text; they print and exit as Realm Query Language errors do.
enum MongoFilterMessages {
    /// The operators a field takes, for messages.
    static let fieldOperators = ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$exists", "$not", "$regex",
                                 "$options", "$size", "$all", "$elemMatch"]
    /// The operators a filter document takes at its top, for messages.
    static let documentOperators = ["$and", "$or", "$nor"]

    /// MongoDB operators the translation leaves out, and the Realm Query Language that does the
    /// same, where there is one.
    static let alternatives: [String: String?] = [
        "$type": "@type on a mixed property, value.@type == 'int'",
        "$text": "TEXT on a property with a full-text index, bio TEXT 'word'",
        "$geoWithin": "GEOWITHIN, location GEOWITHIN geoCircle([-73.9, 40.7], 0.01)",
        "$geoIntersects": "GEOWITHIN, location GEOWITHIN geoPolygon({[…]})",
        "$near": "GEOWITHIN, location GEOWITHIN geoCircle([-73.9, 40.7], 0.01)",
        "$nearSphere": "GEOWITHIN, location GEOWITHIN geoCircle([-73.9, 40.7], 0.01)",
        "$expr": "a comparison of two key paths, spent > budget",
        "$where": nil, "$mod": nil, "$jsonSchema": nil, "$comment": nil, "$bitsAllSet": nil, "$bitsAllClear": nil,
        "$bitsAnySet": nil, "$bitsAnyClear": nil, "$sampleRate": nil,
    ]

    static func notADocument(_ found: String, column: Int) -> QueryError {
        QueryError("a JSON filter is a document, {\"field\": value, …}; found '\(found)'", column: column)
    }
    static func notAtTop(_ name: String, column: Int) -> QueryError {
        guard fieldOperators.contains(name) else { return unsupportedOperator(name, column: column) }
        let negation = name == "$not" ? " (negate a whole filter with $nor)" : ""
        return QueryError("'\(name)' applies to a field, {\"age\": {\"\(name)\": …}}; the top of a filter takes "
                          + "field names and $and, $or, $nor\(negation)", column: column)
    }
    static func unsupportedOperator(_ name: String, column: Int) -> QueryError {
        if let alternative = alternatives[name] {
            let rql = alternative.map { "; Realm Query Language has \($0) (--query without '{')" } ?? ""
            return QueryError("the JSON filter does not support '\(name)'\(rql)", column: column)
        }
        var message = "unknown operator '\(name)'"
        if let guess = Suggestion.closest(to: name, among: fieldOperators + documentOperators) {
            message += "; " + Suggestion.didYouMean(guess)
        } else {
            message += "; a JSON filter takes " + (fieldOperators + documentOperators).joined(separator: ", ")
        }
        return QueryError(message, column: column)
    }
    static func fieldAmongOperators(_ name: String, column: Int) -> QueryError {
        QueryError("'\(name)' is a field name among operators; a document of operators holds only $-names "
                   + "(compare an embedded object's fields with dotted paths, \"address.city\")", column: column)
    }
    static func operatorAsValue(_ name: String, column: Int) -> QueryError {
        QueryError("'\(name)' compares a field, not a value here; write {\"field\": {\"\(name)\": …}}", column: column)
    }
    static func needsDocuments(_ name: String, column: Int) -> QueryError {
        QueryError("\(name) needs a non-empty array of filter documents", column: column)
    }
    static func needsArray(_ name: String, column: Int) -> QueryError {
        QueryError("\(name) needs an array of values", column: column)
    }
    static func needsBool(_ found: String, column: Int) -> QueryError {
        QueryError("$exists needs true or false, not '\(found)'", column: column)
    }
    static func needsCount(_ found: String, column: Int) -> QueryError {
        QueryError("$size needs a non-negative integer, not '\(found)'", column: column)
    }
    static func needsString(_ name: String, column: Int) -> QueryError {
        QueryError("\(name) needs a string", column: column)
    }
    static func notNeedsOperators(column: Int) -> QueryError {
        QueryError("$not needs a document of operators, {\"$not\": {\"$gt\": 5}}, or a regular expression", column: column)
    }
    static func elementMatchNeedsDocument(column: Int) -> QueryError {
        QueryError("$elemMatch needs a document: field conditions, or operators on the element itself", column: column)
    }
    static func optionsWithoutRegex(column: Int) -> QueryError {
        QueryError("$options needs a $regex beside it", column: column)
    }
    static func regularExpressionShape(column: Int) -> QueryError {
        QueryError("$regularExpression needs {\"pattern\": …, \"options\": …}", column: column)
    }
    static func unsupportedRegexOption(_ flag: Character, column: Int) -> QueryError {
        QueryError("regular expression option '\(flag)' is not supported; the JSON filter takes 'i' (and 's')", column: column)
    }
    static func unsupportedRegex(_ feature: String, column: Int) -> QueryError {
        QueryError("the JSON filter's $regex does not support \(feature): it takes literal text, '.', '.*', '.+', "
                   + "'\\' before a punctuation character, and ^ and $ at the ends (as LIKE, BEGINSWITH, ENDSWITH, "
                   + "CONTAINS or ==)", column: column)
    }
    static func wildcardLiteral(_ character: Character, column: Int) -> QueryError {
        QueryError("a $regex with '.' becomes LIKE, where a literal '\(character)' cannot be written", column: column)
    }
    static func arrayValue(column: Int) -> QueryError {
        QueryError("comparing with a whole array is not supported; use $all (every value) or $in (any value)", column: column)
    }
    static func documentValue(column: Int) -> QueryError {
        QueryError("comparing with a whole embedded document is not supported; compare its fields with dotted "
                   + "paths, \"address.city\"", column: column)
    }
    static func unsupportedType(_ keyword: String, column: Int) -> QueryError {
        QueryError("the Extended JSON type '\(keyword)' is not supported in a JSON filter", column: column)
    }
    static func badValue(_ error: ExtendedJSONError, column: Int) -> QueryError {
        switch error.problem {
        case let .invalidValue(value, type, reason):
            let detail = reason.map { ": \($0)" } ?? ""
            let hint = error.hint.map { "; \($0)" } ?? ""
            return QueryError("invalid value '\(value)' of type '\(type)'\(detail)\(hint)", column: column)
        case .invalidKey(let message):
            return QueryError(message, column: column)
        case .maxNestingLevel:
            return QueryError(JSONMessages.maxNestingLevel, column: column)
        case .notEnumerable(let value):
            return QueryError("invalid value '\(value)'", column: column)
        }
    }
    static func emptyPathStep(_ name: String, column: Int) -> QueryError {
        QueryError("the field name '\(name)' has an empty step between dots", column: column)
    }
    static func positionalPath(_ name: String, column: Int) -> QueryError {
        QueryError("'\(name)' names a position in an array, which a JSON filter does not support; "
                   + "compare any element with the list's name", column: column)
    }
    static func nestedTooDeeply(_ limit: Int, column: Int) -> QueryError {
        QueryError("the JSON filter nests $and, $or, $nor, $not and $elemMatch more than \(limit) levels deep", column: column)
    }
}
