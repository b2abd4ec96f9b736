/// Every rule about Swift identifiers in generated code: escaping keywords, turning schema
/// text (enum values, property names) into lowerCamel and UpperCamel names, and picking unique
/// names deterministically.
enum SwiftNaming {
    /// Words that must be written in backticks to be used as a property or case name. Measured
    /// with `swiftc -typecheck` on a declaration `var w`, a use `self.w` and an enum case `.w`:
    /// the contextual keywords (`get`, `set`, `async`, `some`, `open`, `type`, …) need nothing.
    static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
    ]

    /// `name` as it can be written in a declaration and after a dot: unchanged when it is a
    /// plain ASCII identifier that is not reserved, otherwise in backticks (a keyword, or any
    /// other text as a Swift 6 raw identifier).
    static func escaped(_ name: String) -> String {
        if isPlainIdentifier(name), !reservedWords.contains(name) {
            return name
        }
        return "`\(name)`"
    }

    /// Whether `name` is `[A-Za-z_][A-Za-z0-9_]*`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierHead(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { isIdentifierHead($0) || isDigit($0) }
    }

    /// A type name from a property name: `status` → `Status`, `task_status` → `TaskStatus`.
    static func upperCamelCase(_ text: String) -> String {
        let name = words(in: text).map(capitalizingFirst).joined()
        return prefixedIfNeeded(name.isEmpty ? "Value" : name)
    }

    /// A case or member name from free text: `in-progress` → `inProgress`, `ACTIVE` → `active`,
    /// `IN_PROGRESS` → `inProgress`, `HTTPServer` → `httpServer`, `1st` → `_1st`, `""` → `empty`.
    static func lowerCamelCase(_ text: String) -> String {
        var parts = words(in: text)
        // SCREAMING_CASE text reads as words: `IN_PROGRESS` → `inProgress`.
        if !text.unicodeScalars.contains(where: isLowercase) {
            parts = parts.map { $0.lowercased() }
        }
        guard let first = parts.first else {
            return text.isEmpty ? "empty" : "value"
        }
        let name = lowercasingLeadingCapitals(first) + parts.dropFirst().map(capitalizingFirst).joined()
        return prefixedIfNeeded(name)
    }

    /// The case name for an integer enum member: `1` → `value1`, `-1` → `valueMinus1`.
    static func caseName(forInteger value: Int64) -> String {
        value < 0 ? "valueMinus\(value.magnitude)" : "value\(value)"
    }

    /// `base`, or `base` followed by the smallest number from 2 up that is not in `taken`.
    static func unique(_ base: String, avoiding taken: Set<String>) -> String {
        if !taken.contains(base) {
            return base
        }
        var counter = 2
        while taken.contains("\(base)\(counter)") {
            counter += 1
        }
        return "\(base)\(counter)"
    }

    /// Runs of ASCII letters and digits; everything else separates words.
    static func words(in text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if isLetter(scalar) || isDigit(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty {
            result.append(current)
        }
        return result
    }

    private static func capitalizingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `ACTIVE` → `active`, `Active` → `active`, `HTTPServer` → `httpServer`, `iPhone` → `iPhone`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var capitals = 0
        while capitals < scalars.count, isUppercase(scalars[capitals]) {
            capitals += 1
        }
        // Keep the last capital of a run when it starts the next word ("HTTPServer").
        if capitals > 1, capitals < scalars.count, isLowercase(scalars[capitals]) {
            capitals -= 1
        }
        return word.prefix(capitals).lowercased() + word.dropFirst(capitals)
    }

    /// A name cannot start with a digit; such names get a leading underscore.
    private static func prefixedIfNeeded(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, isDigit(first) else {
            return name
        }
        return "_" + name
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || scalar == "_"
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        isUppercase(scalar) || isLowercase(scalar)
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar)
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
