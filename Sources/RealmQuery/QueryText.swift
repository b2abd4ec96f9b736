import Foundation

/// String semantics of queries, shared by the SQL functions of the store and by any evaluator:
/// `[c]` (Unicode lowercase mapping of both sides), `[d]` (diacritics removed after canonical
/// decomposition), `BEGINSWITH`/`ENDSWITH`/`CONTAINS`/`==` on UTF-8 bytes, `LIKE` with `*` (any
/// run) and `?` (one Unicode scalar), and the word rules of `TEXT`.
public enum QueryText {
    /// String operations the SQL function `rq_match` performs, by code.
    public enum Operation: Int32, Sendable {
        case equal = 0, beginsWith, endsWith, contains, like
    }

    /// `value` folded as the modifiers ask.
    public static func fold(_ value: String, caseInsensitive: Bool, diacriticInsensitive: Bool) -> String {
        var text = value
        if diacriticInsensitive {
            var scalars = String.UnicodeScalarView()
            for scalar in decomposed(text) where !isCombiningMark(scalar) { scalars.append(scalar) }
            text = String(scalars)
        }
        if caseInsensitive { text = text.lowercased() }
        return text
    }

    /// Whether `value` matches `pattern` under `operation` and the modifiers.
    public static func matches(_ operation: Operation, _ value: String, _ pattern: String,
                               caseInsensitive: Bool = false, diacriticInsensitive: Bool = false) -> Bool {
        let a = Array(fold(value, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive).utf8)
        let b = Array(fold(pattern, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive).utf8)
        switch operation {
        case .equal: return a == b
        case .beginsWith: return a.starts(with: b)
        case .endsWith: return a.count >= b.count && a[(a.count - b.count)...].elementsEqual(b)
        case .contains:
            if b.isEmpty { return true }
            guard a.count >= b.count else { return false }
            for start in 0...(a.count - b.count) where a[start..<(start + b.count)].elementsEqual(b) { return true }
            return false
        case .like:
            return like(Array(String(decoding: a, as: UTF8.self).unicodeScalars),
                        Array(String(decoding: b, as: UTF8.self).unicodeScalars))
        }
    }

    /// Wildcard matching: `*` any run of scalars, `?` exactly one.
    static func like(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var t = 0, p = 0
        var star = -1, mark = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                t += 1
                p += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Canonical decomposition (NFD), so accents become separate combining marks.
    static func decomposed(_ text: String) -> String.UnicodeScalarView {
        text.decomposedStringWithCanonicalMapping.unicodeScalars
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Words of a `TEXT` haystack or query: runs of letters and digits, case- and
    /// diacritic-folded (as SQLite's unicode61 tokenizer).
    public static func words(_ text: String) -> [String] {
        fold(text, caseInsensitive: true, diacriticInsensitive: true)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
