/// The shorthand type syntax of the YAML language: `int`, `int?`, `Dog[]`, `int?[]`,
/// `string<>`, `double{}`, `Dog?{}`, `linkingObjects`.
struct TypeExpression: Hashable {
    /// The element type's name, before any suffix.
    var name: String
    var isOptional: Bool
    var collection: CollectionKind

    /// Why a type text could not be read (`SchemaMessages.malformedType` words it).
    enum Failure: Error, Equatable {
        case empty
        /// `Dog[]?`: a collection marked optional; `fixed` is the text without the last `?`.
        case optionalCollection(fixed: String)
        /// `[]`: a suffix with no name.
        case missingName
        /// `int[][]`, `st{}ring`
        case nestedCollection
        /// `int??`
        case repeatedOptional
        /// `my-type`
        case invalidCharacters
        /// `linkingObjects[]`
        case suffixOnLinkingObjects
    }

    private static let suffixes: [(String, CollectionKind)] = [("[]", .list), ("<>", .set), ("{}", .map)]

    /// Reads a type text.
    static func parse(_ text: String) -> Result<TypeExpression, Failure> {
        var rest = Substring(text.trimmingASCIIWhitespace())
        guard !rest.isEmpty else { return .failure(.empty) }
        if rest.hasSuffix("?"), suffixes.contains(where: { rest.dropLast().hasSuffix($0.0) }) {
            return .failure(.optionalCollection(fixed: String(rest.dropLast())))
        }
        var collection = CollectionKind.single
        if let (suffix, kind) = suffixes.first(where: { rest.hasSuffix($0.0) }) {
            collection = kind
            rest = rest.dropLast(suffix.count)
        }
        var isOptional = false
        if rest.hasSuffix("?") {
            isOptional = true
            rest = rest.dropLast()
        }
        let name = String(rest)
        if let failure = failure(inName: name) { return .failure(failure) }
        return .success(TypeExpression(name: name, isOptional: isOptional, collection: collection))
    }

    private static func failure(inName name: String) -> Failure? {
        if name.isEmpty { return .missingName }
        if name.contains(where: { "[]<>{}".contains($0) }) { return .nestedCollection }
        if name.contains("?") { return .repeatedOptional }
        if !Identifier.isValid(name) { return .invalidCharacters }
        return nil
    }
}

/// Swift-style identifiers, the only names the schema accepts for models and properties.
enum Identifier {
    /// `[A-Za-z_][A-Za-z0-9_]*`
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isHead(first) else { return false }
        return name.unicodeScalars.allSatisfy { isHead($0) || ("0"..."9").contains($0) }
    }

    private static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
