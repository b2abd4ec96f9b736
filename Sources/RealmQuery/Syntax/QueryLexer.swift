/// Splits a Realm Query Language string into tokens with 1-based columns.
///
/// Keywords stay words (the parser compares them case-insensitively); string escapes
/// (`\n`, `\t`, `\'`, `\"`, `\\`, `\uXXXX`) are decoded here; timestamps, `oid(…)`, `uuid(…)`
/// and `B64"…"` become typed tokens.
public struct QueryLexer {
    let scalars: [Unicode.Scalar]
    var position = 0

    public init(_ text: String) {
        self.scalars = Array(text.unicodeScalars)
    }

    /// Every token of `text`, ending with `.end`.
    public static func tokenize(_ text: String) throws(QueryError) -> [QueryToken] {
        var lexer = QueryLexer(text)
        var tokens: [QueryToken] = []
        repeat {
            tokens.append(try lexer.next())
        } while tokens.last?.kind != .end
        return tokens
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    static func isWordStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    static func isWordPart(_ c: Unicode.Scalar) -> Bool {
        isWordStart(c) || ("0"..."9").contains(c)
    }

    static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return ("0"..."9").contains(c)
    }

    mutating func next() throws(QueryError) -> QueryToken {
        while let c = peek(), c.properties.isWhitespace { position += 1 }
        let start = position
        let column = start + 1
        guard let c = peek() else { return QueryToken(.end, column: column) }
        if let typed = try typedLiteral(column: column) { return typed }
        if c == "'" || c == "\"" {
            return QueryToken(.string(try quoted(c, column: column)), column: column)
        }
        if QueryLexer.isDigit(c) || (c == "." && QueryLexer.isDigit(peek(1))) {
            return QueryToken(.number(try checkedNumber(column: column)), column: column)
        }
        if QueryLexer.isWordStart(c) {
            return QueryToken(.word(word()), column: column)
        }
        if c == "@" {
            position += 1
            guard let first = peek(), QueryLexer.isWordStart(first) else {
                throw QueryMessages.unexpectedCharacter("@", column: column)
            }
            return QueryToken(.atWord(word()), column: column)
        }
        if c == "$" {
            position += 1
            if QueryLexer.isDigit(peek()) {
                let digits = number()
                guard let index = Int(digits) else { throw QueryMessages.badArgument("$" + digits, column: column) }
                return QueryToken(.argument(index), column: column)
            }
            guard let first = peek(), QueryLexer.isWordStart(first) else {
                throw QueryMessages.unexpectedCharacter("$", column: column)
            }
            return QueryToken(.variable(word()), column: column)
        }
        if c == "%" {
            if peek(1) == "K" { position += 2; return QueryToken(.keyPathPlaceholder, column: column) }
            guard let length = formatSpecifierLength() else {
                throw QueryMessages.unexpectedCharacter("%", column: column)
            }
            position += length
            return QueryToken(.valuePlaceholder, column: column)
        }
        if c == "[", let modifier = modifier() {
            return QueryToken(modifier, column: column)
        }
        for symbol in ["==", "!=", "<>", "<=", ">=", "=<", "=>", "&&", "||"] where matches(symbol) {
            position += 2
            let canonical = symbol == "=<" ? "<=" : symbol == "=>" ? ">=" : symbol == "<>" ? "!=" : symbol
            return QueryToken(.symbol(canonical), column: column)
        }
        if matches("[*]") {
            position += 3
            return QueryToken(.symbol("[*]"), column: column)
        }
        if "=<>!(){}[].,".unicodeScalars.contains(c) {
            position += 1
            return QueryToken(.symbol(c == "=" ? "==" : String(c)), column: column)
        }
        throw QueryMessages.unexpectedCharacter(String(c), column: column)
    }

    /// The length of the format specifier at `%` that stands for the next argument as a value:
    /// `%@`, or one of NSPredicate's printf-style specifiers (`%d`, `%i`, `%ld`, `%lld`, `%u`,
    /// `%f`, `%lf`, `%g`, `%s`, `%c`, …, with an optional `h`/`hh`/`l`/`ll`/`q`/`z`/`t`/`j`/`L`
    /// length); nil for anything else (`%%` is a literal percent sign, which a query can only
    /// hold inside a string).
    func formatSpecifierLength() -> Int? {
        var offset = 1
        for modifier in ["hh", "ll", "h", "l", "q", "z", "t", "j", "L"] {
            let scalars = Array(modifier.unicodeScalars)
            if scalars.indices.allSatisfy({ peek(offset + $0) == scalars[$0] }) {
                offset += scalars.count
                break
            }
        }
        guard let conversion = peek(offset) else { return nil }
        let conversions = offset == 1 ? "@dDiuUoOxXfFeEgGaAcCsSp" : "dDiuUoOxXfFeEgGaA"
        return conversions.unicodeScalars.contains(conversion) ? offset + 1 : nil
    }

    func matches(_ text: String) -> Bool {
        for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar { return false }
        return true
    }

    mutating func word() -> String {
        var text = ""
        while let c = peek(), QueryLexer.isWordPart(c) {
            text.unicodeScalars.append(c)
            position += 1
        }
        return text
    }

    /// `[c]`, `[d]`, `[cd]`, `[dc]` (either case), or nil for any other bracket.
    mutating func modifier() -> QueryToken.Kind? {
        var end = position + 1
        var letters = ""
        while end < scalars.count, end - position <= 3, scalars[end] != "]" {
            letters.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "]" else { return nil }
        let lower = letters.lowercased()
        guard ["c", "d", "cd", "dc"].contains(lower) else { return nil }
        position = end + 1
        return .modifier(caseInsensitive: lower.contains("c"), diacriticInsensitive: lower.contains("d"))
    }

    /// A number here, rejected unless it is a whole numeric literal (`4E`, `1e+`, `1.2.3` are not).
    mutating func checkedNumber(column: Int) throws(QueryError) -> String {
        let text = number()
        guard text.lowercased().hasPrefix("0x") || Double(text) != nil else {
            throw QueryMessages.malformedNumber(text, column: column)
        }
        return text
    }

    mutating func number() -> String {
        var text = ""
        // Hexadecimal needs a digit after `0x`, as in Realm's grammar: `0x` alone is `0` followed by `x`.
        if matches("0x") || matches("0X"), position + 2 < scalars.count, scalars[position + 2].properties.isASCIIHexDigit {
            position += 2
            text = "0x"
            while let c = peek(), c.properties.isASCIIHexDigit { text.unicodeScalars.append(c); position += 1 }
            return text
        }
        while let c = peek() {
            let exponentSign = (c == "-" || c == "+") && (text.last == "e" || text.last == "E")
            guard QueryLexer.isDigit(c) || c == "." || c == "e" || c == "E" || exponentSign else { break }
            text.unicodeScalars.append(c)
            position += 1
        }
        if peek() == "f" || peek() == "F" { position += 1 }
        return text
    }
}
