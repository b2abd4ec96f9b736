import RealmQuery

/// A field's operators: `{"$gt": 1, "$lt": 5}`, each one comparison (or a few), all of which hold.
extension MongoFilterTranslator {
    /// The comparison operators and their Realm Query Language counterparts.
    static let comparisons: [String: QueryOperator] = [
        "$eq": .equal, "$gt": .greater, "$gte": .greaterOrEqual, "$lt": .less, "$lte": .lessOrEqual,
    ]

    /// Every operator of `document` on `path`.
    mutating func operators(on path: QueryKeyPath, _ document: JSONValue, at jsonPath: JSONPath) throws(QueryError) -> QueryPredicate {
        var terms: [QueryPredicate] = []
        var pattern: (value: JSONValue, path: JSONPath)?
        var options: (value: JSONValue, path: JSONPath)?
        for (key, operand) in document.fields {
            let name = key.string
            let at = jsonPath.appending(.key(name))
            let column = keyColumn(at)
            if let op = MongoFilterTranslator.comparisons[name] {
                terms.append(try comparison(path, op, operand, at: at, column: column))
                continue
            }
            switch name {
            case "$ne":
                // MongoDB's $ne on an array: no element equals, so NOT(ANY list == v), which for
                // a single value is `!=`.
                terms.append(.not(try comparison(path, .equal, operand, at: at, column: column)))
            case "$in":
                terms.append(try membership(path, operand, at: at, column: column))
            case "$nin":
                terms.append(.not(try membership(path, operand, at: at, column: column)))
            case "$exists":
                terms.append(try exists(path, operand, at: at, column: column))
            case "$not":
                terms.append(.not(try negated(path, operand, at: at, column: column)))
            case "$regex":
                pattern = (operand, at)
            case "$options":
                options = (operand, at)
            case "$size":
                terms.append(try size(path, operand, at: at, column: column))
            case "$all":
                terms.append(try every(path, operand, at: at, column: column))
            case "$elemMatch":
                terms.append(try elementMatch(path, operand, at: at, column: column))
            default:
                guard name.hasPrefix("$") else { throw MongoFilterMessages.fieldAmongOperators(name, column: column) }
                throw MongoFilterMessages.unsupportedOperator(name, column: column)
            }
        }
        if let pattern {
            let regex = try MongoRegex(pattern: pattern.value, options: options?.value, at: pattern.path,
                                       optionsAt: options?.path, in: self)
            terms.append(try regex.predicate(on: path))
        } else if let options {
            throw MongoFilterMessages.optionsWithoutRegex(column: keyColumn(options.path))
        }
        return MongoFilterTranslator.all(terms)
    }

    /// `path op value`: ANY element for a list, as MongoDB compares each element of an array.
    func comparison(_ path: QueryKeyPath, _ op: QueryOperator, _ operand: JSONValue, at jsonPath: JSONPath,
                    column: Int) throws(QueryError) -> QueryPredicate {
        .comparison(QueryComparison(lhs: .keyPath(path), op: op, rhs: try value(operand, at: jsonPath), column: column))
    }

    /// `$in: [a, b]` → `path IN {a, b}`; a regular expression among the values is its own
    /// string comparison, OR the others.
    func membership(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        guard operand.kind == .array else {
            throw MongoFilterMessages.needsArray(jsonPath.lastKey, column: valueColumn(jsonPath))
        }
        var elements: [QueryOperand] = []
        var patterns: [QueryPredicate] = []
        for index in 0..<operand.count {
            let at = jsonPath.appending(.index(index))
            if let regex = try regularExpression(operand.elements[index], at: at) {
                patterns.append(try regex.predicate(on: path))
            } else {
                elements.append(try value(operand.elements[index], at: at))
            }
        }
        guard !elements.isEmpty || patterns.isEmpty else { return patterns.count == 1 ? patterns[0] : .or(patterns) }
        let list = QueryPredicate.comparison(QueryComparison(lhs: .keyPath(path), op: .in,
                                                             rhs: .list(elements, column: valueColumn(jsonPath)), column: column))
        return patterns.isEmpty ? list : .or([list] + patterns)
    }

    /// `$exists: true` → `path != nil`, `false` → `path == nil` (every property of a Realm object
    /// exists; null is the nearest thing to MongoDB's missing field).
    func exists(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        let wanted: Bool
        switch operand.kind {
        case .bool: wanted = operand.boolValue!
        case .integer, .real: wanted = operand.doubleValue != 0
        default: throw MongoFilterMessages.needsBool(JSONMessages.valueText(operand), column: valueColumn(jsonPath))
        }
        return .comparison(QueryComparison(lhs: .keyPath(path), op: wanted ? .notEqual : .equal,
                                           rhs: .literal(.null, column: valueColumn(jsonPath)), column: column))
    }

    /// What `$not` negates: a document of operators or a regular expression.
    mutating func negated(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        try enter(column)
        defer { nesting -= 1 }
        if let regex = try regularExpression(operand, at: jsonPath) { return try regex.predicate(on: path) }
        guard isOperatorDocument(operand) else {
            throw MongoFilterMessages.notNeedsOperators(column: valueColumn(jsonPath))
        }
        return try operators(on: path, operand, at: jsonPath)
    }

    /// `$size: n` → `path.@count == n`.
    func size(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        guard let count = operand.int64Value, count >= 0 else {
            throw MongoFilterMessages.needsCount(JSONMessages.valueText(operand), column: valueColumn(jsonPath))
        }
        var counted = path
        counted.components.append(.operation("count", column: column))
        return .comparison(QueryComparison(lhs: .keyPath(counted), op: .equal,
                                           rhs: .literal(.number(String(count)), column: valueColumn(jsonPath)), column: column))
    }

    /// `$all: [a, b]` → `path == a AND path == b` (each ANY element); an `{"$elemMatch": …}`
    /// element is that condition. An empty array matches nothing, as in MongoDB.
    mutating func every(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        guard operand.kind == .array else {
            throw MongoFilterMessages.needsArray("$all", column: valueColumn(jsonPath))
        }
        guard operand.count > 0 else { return .constant(false) }
        var terms: [QueryPredicate] = []
        for index in 0..<operand.count {
            let element = operand.elements[index]
            let at = jsonPath.appending(.index(index))
            if element.kind == .object, element.count == 1, let inner = element["$elemMatch"] {
                terms.append(try elementMatch(path, inner, at: at.appending(.key("$elemMatch")), column: keyColumn(at)))
            } else {
                terms.append(try comparison(path, .equal, element, at: at, column: valueColumn(at)))
            }
        }
        return MongoFilterTranslator.all(terms)
    }

    /// `$elemMatch: {…}` → `SUBQUERY(path, $x, …).@count > 0`: one element meets every
    /// condition. Its document holds field names (elements that are objects) or operators
    /// (elements that are values: `{"$gte": 80, "$lt": 90}` on `$x` itself).
    mutating func elementMatch(_ path: QueryKeyPath, _ operand: JSONValue, at jsonPath: JSONPath, column: Int) throws(QueryError) -> QueryPredicate {
        guard operand.kind == .object else {
            throw MongoFilterMessages.elementMatchNeedsDocument(column: valueColumn(jsonPath))
        }
        try enter(column)
        elementScopes += 1
        defer {
            nesting -= 1
            elementScopes -= 1
        }
        let variable = elementScopes == 1 ? "x" : "x\(elementScopes)"
        let predicate: QueryPredicate
        let first = operand.firstField?.key.string ?? ""
        if isOperatorDocument(operand) && !["$and", "$or", "$nor"].contains(first) {
            predicate = try operators(on: QueryKeyPath(variable: variable, components: [], column: column), operand, at: jsonPath)
        } else {
            predicate = try filter(operand, at: jsonPath, variable: variable)
        }
        let count = QueryOperand.subqueryCount(collection: path, variable: variable, predicate: predicate, column: column)
        return .comparison(QueryComparison(lhs: count, op: .greater, rhs: .literal(.number("0"), column: column), column: column))
    }
}

extension JSONPath {
    /// The key of the last step (the operator a path ends in), or "" for an index.
    var lastKey: String {
        if case .key(let key)? = components.last { return key }
        return ""
    }
}
