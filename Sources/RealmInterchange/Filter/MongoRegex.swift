import RealmQuery

/// A `$regex` of a JSON filter as one of the Realm Query Language's string operators: the
/// regular expressions that are a literal text, maybe anchored, and `.` wildcards.
///
/// `^abc$` → `==`, `^abc` → `BEGINSWITH`, `abc$` → `ENDSWITH`, `abc` → `CONTAINS`; with `.`,
/// `.*` or `.+` → `LIKE` (`?`, `*`, `?*`, with `*` at an end that is not anchored). Option `i`
/// is `[c]`; `s` is accepted (`.` matches a newline anyway). Any other feature is a located
/// error naming it.
///
/// For example:
///
///     {"name": {"$regex": "^mer", "$options": "i"}}     // name BEGINSWITH[c] 'mer'
///     {"email": {"$regex": "@example\\.com$"}}         // email ENDSWITH '@example.com'
///     {"code": {"$regex": "^A.-.*7$"}}                 // code LIKE 'A?-*7'
struct MongoRegex {
    /// One piece of a pattern.
    enum Piece: Equatable {
        case text(Character)
        /// `.`
        case one
        /// `.*`
        case run
    }

    var pieces: [Piece] = []
    var anchoredStart = false
    var anchoredEnd = false
    var caseInsensitive = false
    /// Where the pattern is in the filter (for the comparison and its errors).
    var column: Int

    /// Reads `pattern` (a string) and `options` (a string of flags), found at `path` and `optionsPath`.
    init(pattern: JSONValue, options: JSONValue?, at path: JSONPath, optionsAt optionsPath: JSONPath?,
         in translator: MongoFilterTranslator) throws(QueryError) {
        column = translator.valueColumn(path)
        guard let text = pattern.stringValue else {
            throw MongoFilterMessages.needsString("$regex", column: column)
        }
        if let options {
            let optionsColumn = optionsPath.map(translator.valueColumn) ?? column
            guard let flags = options.stringValue else { throw MongoFilterMessages.needsString("$options", column: optionsColumn) }
            for flag in flags {
                switch flag {
                case "i": caseInsensitive = true
                case "s": break
                default: throw MongoFilterMessages.unsupportedRegexOption(flag, column: optionsColumn)
                }
            }
        }
        try read(Array(text))
    }

    private mutating func read(_ characters: [Character]) throws(QueryError) {
        var index = 0
        if characters.first == "^" {
            anchoredStart = true
            index = 1
        }
        var end = characters.count
        if end > index, characters[end - 1] == "$", !isEscaped(characters, end - 1) {
            anchoredEnd = true
            end -= 1
        }
        while index < end {
            let character = characters[index]
            switch character {
            case "\\":
                guard index + 1 < end else { throw MongoFilterMessages.unsupportedRegex("a trailing '\\'", column: column) }
                let escaped = characters[index + 1]
                guard !escaped.isLetter && !escaped.isNumber else {
                    throw MongoFilterMessages.unsupportedRegex("'\\\(escaped)'", column: column)
                }
                pieces.append(.text(escaped))
                index += 2
            case ".":
                let next: Character? = index + 1 < end ? characters[index + 1] : nil
                switch next {
                case "*":
                    pieces.append(.run)
                    index += 2
                case "+":
                    pieces += [.one, .run]
                    index += 2
                case "?", "{":
                    throw MongoFilterMessages.unsupportedRegex("'.\(next!)'", column: column)
                default:
                    pieces.append(.one)
                    index += 1
                }
            case "[", "]", "(", ")", "{", "}", "|", "*", "+", "?", "^", "$":
                throw MongoFilterMessages.unsupportedRegex("'\(character)'", column: column)
            default:
                pieces.append(.text(character))
                index += 1
            }
        }
    }

    /// Whether the character at `index` follows an odd number of backslashes.
    private func isEscaped(_ characters: [Character], _ index: Int) -> Bool {
        var count = 0
        var at = index - 1
        while at >= 0, characters[at] == "\\" {
            count += 1
            at -= 1
        }
        return count % 2 == 1
    }

    /// The string comparison on `path` that matches what the pattern matches.
    func predicate(on path: QueryKeyPath) throws(QueryError) -> QueryPredicate {
        let literal = pieces.allSatisfy { if case .text = $0 { true } else { false } }
        let op: QueryOperator
        var pattern = ""
        if literal {
            for case .text(let character) in pieces { pattern.append(character) }
            op = switch (anchoredStart, anchoredEnd) {
            case (true, true): .equal
            case (true, false): .beginsWith
            case (false, true): .endsWith
            case (false, false): .contains
            }
        } else {
            op = .like
            if !anchoredStart { pattern = "*" }
            for piece in pieces {
                switch piece {
                case .text(let character):
                    guard character != "*" && character != "?" else {
                        throw MongoFilterMessages.wildcardLiteral(character, column: column)
                    }
                    pattern.append(character)
                case .one: pattern.append("?")
                case .run: pattern.append("*")
                }
            }
            if !anchoredEnd && !pattern.hasSuffix("*") { pattern.append("*") }
        }
        return .comparison(QueryComparison(lhs: .keyPath(path), op: op, caseInsensitive: caseInsensitive,
                                           rhs: .literal(.string(pattern), column: column), column: column))
    }
}
