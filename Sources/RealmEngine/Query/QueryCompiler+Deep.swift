import RealmQuery

/// Deeply nested groups. Past `directNesting` groups, a group compiles to one left-deep SQL
/// expression of 0/1 terms joined by `&` and `|` (equal precedence, evaluated left to right),
/// with its most deeply nested operand first. `a OR (b AND (c OR d))` becomes
/// `(d IS 1) | (c IS 1) & (b IS 1) | (a IS 1)`: no parenthesis per level, so SQLite's parser,
/// whose stack holds about 100 entries, takes it; `NOT` moves down to the comparisons (De
/// Morgan), where `NOT c` is `c IS NOT 1` as everywhere. The limit left is SQLite's expression
/// depth of 1000, one level per operand along the chain.
extension QueryCompiler {
    /// How many groups nest as plain `AND`/`OR` before the left-deep form takes over.
    static let directNesting = 8

    /// The deepest left-deep expression compiled; deeper is a located error (SQLite allows 1000).
    static let maximumHeight = 900

    /// `operand` as a left-deep expression (in parentheses), or a located error when it would
    /// be deeper than SQLite allows.
    func leftDeep(_ operand: TypedPredicate, _ context: Context) throws -> String {
        let form = try leftDeep(operand, negated: false, context)
        if form.height > QueryCompiler.maximumHeight {
            throw QueryMessages.groupsNestedTooDeeply(column: QueryCompiler.column(of: operand))
        }
        return "(" + form.sql + ")"
    }

    /// `predicate` (or its negation) as 0/1 terms joined by `&` and `|`, and the depth of the
    /// expression tree SQLite builds for it.
    func leftDeep(_ predicate: TypedPredicate, negated: Bool, _ context: Context) throws -> (sql: String, height: Int) {
        let operands: [TypedPredicate]
        let isAnd: Bool
        switch predicate {
        case .constant(let value): return (value != negated ? "1" : "0", 1)
        case .comparison(let comparison): return ("(\(try compile(comparison, context)) IS \(negated ? "NOT " : "")1)", 2)
        case .not(let inner): return try leftDeep(inner, negated: !negated, context)
        case .and(let items): (operands, isAnd) = (items, true)
        case .or(let items): (operands, isAnd) = (items, false)
        }
        guard !operands.isEmpty else { return (isAnd != negated ? "1" : "0", 1) }
        let op = isAnd != negated ? " & " : " | "
        let depths = operands.map(QueryCompiler.groupDepth)
        let first = depths.indices.max { depths[$0] < depths[$1] }!
        let head = try leftDeep(operands[first], negated: negated, context)
        var rest: [String] = []
        var restHeight = 0
        for (index, operand) in operands.enumerated() where index != first {
            let term = try leftDeep(operand, negated: negated, context)
            rest.append(depths[index] == 0 ? term.sql : "(" + term.sql + ")")
            restHeight = max(restHeight, term.height)
        }
        while rest.count > QueryCompiler.chainLength {
            rest = stride(from: 0, to: rest.count, by: QueryCompiler.chainLength).map {
                "(" + rest[$0..<min($0 + QueryCompiler.chainLength, rest.count)].joined(separator: op) + ")"
            }
            restHeight += QueryCompiler.chainLength
        }
        return (([head.sql] + rest).joined(separator: op), max(head.height, restHeight) + rest.count)
    }

    /// How many AND/OR groups nest in `predicate` (0 for a comparison, however negated).
    static func groupDepth(_ predicate: TypedPredicate) -> Int {
        switch predicate {
        case .and(let operands), .or(let operands): 1 + (operands.map(groupDepth).max() ?? 0)
        case .not(let inner): groupDepth(inner)
        case .constant, .comparison: 0
        }
    }
}
