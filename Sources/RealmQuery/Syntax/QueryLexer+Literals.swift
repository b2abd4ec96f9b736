import RealmFormats

/// Typed literals: strings with escapes, negative numbers, timestamps, `oid(…)`, `uuid(…)`,
/// `B64"…"`.
extension QueryLexer {
    /// A typed literal starting here, or nil when none does.
    mutating func typedLiteral(column: Int) throws(QueryError) -> QueryToken? {
        guard let c = peek() else { return nil }
        if c == "-", QueryLexer.isDigit(peek(1)) || (peek(1) == "." && QueryLexer.isDigit(peek(2))) {
            position += 1
            return QueryToken(.number("-" + (try checkedNumber(column: column))), column: column)
        }
        for word in ["-infinity", "-inf", "-nan"] where matches(word) && !(peek(word.unicodeScalars.count).map(QueryLexer.isWordPart) ?? false) {
            position += word.unicodeScalars.count
            return QueryToken(.number(word), column: column)
        }
        if c == "T" || c == "t", let stamp = secondsTimestamp() {
            return QueryToken(stamp, column: column)
        }
        if QueryLexer.isDigit(c), let stamp = try dateTimestamp(column: column) {
            return QueryToken(stamp, column: column)
        }
        if matches("oid(") {
            let text = try parenthesized(prefix: 4, column: column)
            guard text.count == 24, text.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) else {
                throw QueryMessages.badObjectId(text, column: column)
            }
            return QueryToken(.objectId(text.lowercased()), column: column)
        }
        if matches("uuid(") {
            let text = try parenthesized(prefix: 5, column: column)
            guard QueryLexer.isUUID(text) else { throw QueryMessages.badUUID(text, column: column) }
            return QueryToken(.uuid(text.lowercased()), column: column)
        }
        if matches("B64\"") || matches("B64'") {
            position += 3
            let text = try quoted(peek()!, column: column)
            guard let bytes = Base64.decode(text, padding: .optional) else { throw QueryMessages.badBase64(column: column) }
            return QueryToken(.data(bytes), column: column)
        }
        return nil
    }

    static func isUUID(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            let ok = [8, 13, 18, 23].contains(index) ? scalar == "-" : scalar.properties.isASCIIHexDigit
            if !ok { return false }
        }
        return true
    }

    /// The text between `name(` and `)`.
    mutating func parenthesized(prefix: Int, column: Int) throws(QueryError) -> String {
        position += prefix
        var text = ""
        while let c = peek(), c != ")" {
            text.unicodeScalars.append(c)
            position += 1
        }
        guard peek() == ")" else { throw QueryMessages.unterminated("(", column: column) }
        position += 1
        return text.trimmingSpaces
    }

    /// `T<sec>:<ns>`, either part signed.
    mutating func secondsTimestamp() -> QueryToken.Kind? {
        var offset = 1
        func signedDigits() -> Int64? {
            var text = ""
            if peek(offset) == "-" { text = "-"; offset += 1 }
            while QueryLexer.isDigit(peek(offset)) { text.unicodeScalars.append(peek(offset)!); offset += 1 }
            return Int64(text)
        }
        guard let seconds = signedDigits(), peek(offset) == ":" else { return nil }
        offset += 1
        guard let nanos = signedDigits(), nanos.magnitude < 1_000_000_000 else { return nil }
        if let c = peek(offset), QueryLexer.isWordPart(c) { return nil }
        position += offset
        return .timestamp(seconds: seconds, nanoseconds: Int32(nanos))
    }

    /// `YYYY-MM-DD@HH:MM:SS[:ns]` (or `T` between date and time), UTC.
    mutating func dateTimestamp(column: Int) throws(QueryError) -> QueryToken.Kind? {
        var offset = 0
        func digits(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard let c = peek(offset), QueryLexer.isDigit(c) else { return nil }
                value = value * 10 + Int64(c.value - 48)
                offset += 1
            }
            return value
        }
        func skip(_ c: Unicode.Scalar) -> Bool {
            guard peek(offset) == c else { return false }
            offset += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
              skip("@") || skip("T"), let hour = digits(2), skip(":"), let minute = digits(2), skip(":"),
              let second = digits(2) else { return nil }
        var nanos: Int64 = 0
        if skip(":") {
            var count = 0
            while QueryLexer.isDigit(peek(offset)), count < 9 { nanos = nanos * 10 + Int64(peek(offset)!.value - 48); offset += 1; count += 1 }
            guard count > 0 else { return nil }
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else {
            throw QueryMessages.badTimestamp(column: column)
        }
        position += offset
        let seconds = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        if seconds < 0 && nanos > 0 {
            return .timestamp(seconds: seconds + 1, nanoseconds: Int32(nanos - 1_000_000_000))
        }
        return .timestamp(seconds: seconds, nanoseconds: Int32(nanos))
    }

    /// A quoted string starting at the quote `quote`, escapes decoded.
    mutating func quoted(_ quote: Unicode.Scalar, column: Int) throws(QueryError) -> String {
        position += 1
        var text = ""
        while let c = peek() {
            position += 1
            if c == quote { return text }
            guard c == "\\" else { text.unicodeScalars.append(c); continue }
            guard let escaped = peek() else { break }
            position += 1
            switch escaped {
            case "n": text += "\n"
            case "t": text += "\t"
            case "r": text += "\r"
            case "0": text += "\0"
            case "u":
                var hex = ""
                while hex.count < 4, let h = peek(), h.properties.isASCIIHexDigit { hex.unicodeScalars.append(h); position += 1 }
                guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw QueryMessages.badEscape(column: position - hex.count - 1)
                }
                text.unicodeScalars.append(scalar)
            default: text.unicodeScalars.append(escaped)
            }
        }
        throw QueryMessages.unterminated(String(quote), column: column)
    }
}

extension String {
    var trimmingSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
    }
}
