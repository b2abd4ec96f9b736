/// Comparisons and their operands: literals, arguments, `{…}` lists, key paths, SUBQUERY.
extension QueryParser {
    static let operatorWords: [String: QueryOperator] = [
        "IN": .in, "BETWEEN": .between, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith,
        "CONTAINS": .contains, "LIKE": .like, "TEXT": .text, "GEOWITHIN": .geoWithin,
    ]
    static let operatorSymbols: [String: QueryOperator] = [
        "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
    ]

    mutating func parseComparison() throws(QueryError) -> QueryComparison {
        var quantifier: QueryQuantifier?
        if current.isKeyword("ANY") || current.isKeyword("SOME") {
            quantifier = .any
        } else if current.isKeyword("ALL") {
            quantifier = .all
        } else if current.isKeyword("NONE") {
            quantifier = .no
        }
        if quantifier != nil { _ = advance() }
        let lhs = try parseOperand(after: quantifier == nil ? "the start of a comparison" : "a quantifier")
        let opToken = advance()
        var op: QueryOperator?
        switch opToken.kind {
        case .symbol(let symbol): op = QueryParser.operatorSymbols[symbol]
        case .word(let word): op = QueryParser.operatorWords[word.uppercased()]
        default: op = nil
        }
        guard let op else { throw QueryMessages.expectedOperator(found: opToken) }
        var caseInsensitive = false
        var diacriticInsensitive = false
        if case .modifier(let c, let d) = current.kind {
            caseInsensitive = c
            diacriticInsensitive = d
            _ = advance()
        }
        let rhs = try parseOperand(after: "'\(opToken.spelling)'")
        return QueryComparison(quantifier: quantifier, lhs: lhs, op: op, caseInsensitive: caseInsensitive,
                               diacriticInsensitive: diacriticInsensitive, rhs: rhs, column: opToken.column)
    }

    mutating func parseOperand(after context: String) throws(QueryError) -> QueryOperand {
        let token = current
        switch token.kind {
        case .string(let text): _ = advance(); return .literal(.string(text), column: token.column)
        case .number(let text): _ = advance(); return .literal(.number(text), column: token.column)
        case .data(let bytes): _ = advance(); return .literal(.data(bytes), column: token.column)
        case .timestamp(let s, let n): _ = advance(); return .literal(.timestamp(seconds: s, nanoseconds: n), column: token.column)
        case .objectId(let text): _ = advance(); return .literal(.objectId(text), column: token.column)
        case .uuid(let text): _ = advance(); return .literal(.uuid(text), column: token.column)
        case .argument(let number): _ = advance(); return .argument(number, column: token.column)
        case .valuePlaceholder:
            _ = advance()
            nextPlaceholder += 1
            return .argument(nextPlaceholder - 1, column: token.column)
        case .symbol("{"):
            try enter(advance())
            defer { nesting -= 1 }
            var elements: [QueryOperand] = []
            if !current.isSymbol("}") {
                repeat { elements.append(try parseOperand(after: "'{' or ','")) } while try consumeComma()
            }
            try expectSymbol("}", after: "the list elements")
            return .list(elements, column: token.column)
        case .word(let word):
            switch word.lowercased() {
            case "null", "nil": _ = advance(); return .literal(.null, column: token.column)
            case "true": _ = advance(); return .literal(.bool(true), column: token.column)
            case "false": _ = advance(); return .literal(.bool(false), column: token.column)
            case "inf", "infinity", "nan": _ = advance(); return .literal(.number(word.lowercased()), column: token.column)
            default: break
            }
            if word.uppercased() == "SUBQUERY" && tokens[index + 1].isSymbol("(") { return try parseSubquery() }
            if QueryParser.geoShapeWords.contains(word.uppercased()) && tokens[index + 1].isSymbol("(") { return try parseGeoShape() }
            return .keyPath(try parseKeyPath())
        case .atWord, .variable, .keyPathPlaceholder:
            return .keyPath(try parseKeyPath())
        default:
            throw QueryMessages.expectedValue(after: context, found: token)
        }
    }

    mutating func parseSubquery() throws(QueryError) -> QueryOperand {
        let start = advance()
        try enter(start)
        defer { nesting -= 1 }
        try expectSymbol("(", after: "SUBQUERY")
        let collection = try parseKeyPath()
        try expectSymbol(",", after: "the SUBQUERY collection")
        guard case .variable(let variable) = current.kind else {
            throw QueryMessages.expected("a variable such as $x", after: "the SUBQUERY collection", found: current)
        }
        _ = advance()
        try expectSymbol(",", after: "the SUBQUERY variable")
        let predicate = try parseOr()
        try expectSymbol(")", after: "the SUBQUERY predicate")
        guard current.isSymbol("."), case .atWord(let word) = tokens[index + 1].kind,
              ["count", "size"].contains(word.lowercased()) else {
            throw QueryMessages.subqueryNeedsCount(column: current.column)
        }
        _ = advance()
        _ = advance()
        return .subqueryCount(collection: collection, variable: variable, predicate: predicate, column: start.column)
    }

    mutating func parseKeyPath() throws(QueryError) -> QueryKeyPath {
        let start = current
        var path = QueryKeyPath(variable: nil, components: [], column: start.column)
        if case .variable(let name) = start.kind {
            _ = advance()
            path.variable = name
        } else {
            path.components.append(try parseComponent())
        }
        while true {
            if current.isSymbol(".") {
                _ = advance()
                path.components.append(try parseComponent())
            } else if current.isSymbol("[*]") {
                path.components.append(.anyElement(column: advance().column))
            } else if current.isSymbol("[") {
                let open = advance()
                try enter(open)
                let key = try parseOperand(after: "'['")
                nesting -= 1
                try expectSymbol("]", after: "the subscript")
                path.components.append(.subscriptKey(key, column: open.column))
            } else {
                return path
            }
        }
    }

    mutating func parseComponent() throws(QueryError) -> QueryPathComponent {
        let token = advance()
        switch token.kind {
        case .word(let name):
            return .property(name, column: token.column)
        case .keyPathPlaceholder:
            nextPlaceholder += 1
            return .keyPathArgument(nextPlaceholder - 1, column: token.column)
        case .atWord(let word) where word.lowercased() == "links":
            guard current.isSymbol(".") else { return .allLinks(column: token.column) }
            if case .atWord = tokens[index + 1].kind { return .allLinks(column: token.column) }
            _ = advance()
            guard case .word(let className) = advance().kind, current.isSymbol("."),
                  case .word(let property) = tokens[index + 1].kind else {
                throw QueryMessages.badLinks(column: token.column)
            }
            _ = advance()
            _ = advance()
            return .links(className: className, property: property, column: token.column)
        case .atWord(let word):
            // NSPredicate's dictionary key paths, as Realm Swift accepts them: `@allKeys`, `@allValues`.
            let operation = word.lowercased()
            return .operation(["allkeys": "keys", "allvalues": "values"][operation] ?? operation, column: token.column)
        default:
            throw QueryMessages.expected("a property name", after: "'.'", found: token)
        }
    }
}
