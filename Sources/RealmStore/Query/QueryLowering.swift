import RealmEngine
import RealmQuery

/// Turns a `Query<Bool>` tree into the query language's AST, its arguments, and the text the
/// AST stands for (arguments as `$0`, `$1`, …). The text is never parsed: it only gives the
/// AST's columns a meaning, so a type error can be shown where it is.
///
/// For example:
///
///     let built = QueryLowering.lower($0.age > 3)    // text "age > $0", arguments [3]
struct QueryLowering {
    private(set) var text = ""
    private(set) var arguments: [StoreValue] = []
    private var subqueries = 0

    /// The AST, arguments and text of a predicate.
    static func lower(_ query: Query<Bool>) -> (query: ParsedQuery, arguments: [StoreValue], text: String) {
        var lowering = QueryLowering()
        let predicate = lowering.predicate(query.node)
        return (ParsedQuery(predicate: predicate), lowering.arguments, lowering.text)
    }

    private var column: Int { text.count + 1 }

    private mutating func predicate(_ node: QueryNode) -> QueryPredicate {
        switch node {
        case .and, .or:
            let isAnd: Bool
            if case .and = node { isAnd = true } else { isAnd = false }
            var operands: [QueryPredicate] = []
            for (index, operand) in chain(node, and: isAnd).enumerated() {
                if index > 0 { text += isAnd ? " AND " : " OR " }
                operands.append(grouped(operand))
            }
            return isAnd ? .and(operands) : .or(operands)
        case .not(let inner):
            text += "NOT "
            return .not(grouped(inner))
        case .path:
            return .comparison(comparison(.equal, node, .value(.bool(true)), []))
        case .comparison(let op, let lhs, let rhs, let options):
            return .comparison(comparison(op, lhs, rhs, options))
        case .between(let lhs, let low, let high):
            let quantifier = quantify(lhs)
            let left = operand(lhs)
            text += " "
            let opColumn = column
            text += "BETWEEN "
            let listColumn = column
            text += "{"
            let lower = argument(low)
            text += ", "
            let upper = argument(high)
            text += "}"
            return .comparison(QueryComparison(quantifier: quantifier, lhs: left, op: .between,
                                               rhs: .list([lower, upper], column: listColumn), column: opColumn))
        case .value, .subqueryCount, .typeNames:
            RealmMessages.trap(RealmMessages.queryNeedsKeyPath)
        }
    }

    /// The operands of a chain of `&&` (or `||`), flattened.
    private func chain(_ node: QueryNode, and: Bool) -> [QueryNode] {
        switch node {
        case .and(let lhs, let rhs) where and, .or(let lhs, let rhs) where !and:
            chain(lhs, and: and) + chain(rhs, and: and)
        default:
            [node]
        }
    }

    /// A predicate, in parentheses when it is a chain.
    private mutating func grouped(_ node: QueryNode) -> QueryPredicate {
        switch node {
        case .and, .or:
            text += "("
            defer { text += ")" }
            return predicate(node)
        default:
            return predicate(node)
        }
    }

    private mutating func comparison(_ op: QueryOperator, _ lhs: QueryNode, _ rhs: QueryNode,
                                     _ options: StringOptions) -> QueryComparison {
        let quantifier = quantify(lhs)
        let left = operand(lhs)
        text += " "
        let opColumn = column
        text += op.rawValue
        let caseInsensitive = options.contains(.caseInsensitive), diacriticInsensitive = options.contains(.diacriticInsensitive)
        if caseInsensitive || diacriticInsensitive {
            text += "[" + (caseInsensitive ? "c" : "") + (diacriticInsensitive ? "d" : "") + "]"
        }
        text += " "
        let right = operand(rhs)
        return QueryComparison(quantifier: quantifier, lhs: left, op: op, caseInsensitive: caseInsensitive,
                               diacriticInsensitive: diacriticInsensitive, rhs: right, column: opColumn)
    }

    /// `ALL ` or `NONE ` written before a path that carries one; the quantifier.
    private mutating func quantify(_ node: QueryNode) -> QueryQuantifier? {
        guard case .path(let path) = node, let quantifier = path.quantifier else { return nil }
        text += quantifier == .all ? "ALL " : quantifier == .no ? "NONE " : "ANY "
        return quantifier
    }

    private mutating func operand(_ node: QueryNode) -> QueryOperand {
        switch node {
        case .path(let path):
            return .keyPath(keyPath(path))
        case .value(let value):
            return argument(value)
        case .subqueryCount(let inner):
            return subqueryCount(inner)
        case .typeNames(let names, let list):
            return typeNames(names, list: list)
        case .comparison, .between, .and, .or, .not:
            RealmMessages.trap(RealmMessages.queryNeedsKeyPath)
        }
    }

    /// `'int'` or `{'int', 'double'}`: type names are literals, not arguments.
    private mutating func typeNames(_ names: [String], list: Bool) -> QueryOperand {
        let start = column
        if list { text += "{" }
        var literals: [QueryOperand] = []
        for (index, name) in names.enumerated() {
            if index > 0 { text += ", " }
            literals.append(.literal(.string(name), column: column))
            text += "'\(name)'"
        }
        if list { text += "}" }
        return list ? .list(literals, column: start) : literals[0]
    }

    private mutating func argument(_ value: StoreValue) -> QueryOperand {
        let start = column
        text += "$\(arguments.count)"
        arguments.append(value)
        return .argument(arguments.count - 1, column: start)
    }

    private mutating func keyPath(_ path: QueryPath) -> QueryKeyPath {
        let start = column
        var components: [QueryPathComponent] = []
        if let variable = path.variable { text += "$" + variable }
        for step in path.steps {
            switch step {
            case .key, .anyElement: break
            default: if column > start { text += "." }
            }
            let stepColumn = column
            switch step {
            case .property(let name):
                text += name
                components.append(.property(name, column: stepColumn))
            case .operation(let name):
                text += "@" + name
                components.append(.operation(name, column: stepColumn))
            case .links(let className, let property):
                text += "@links.\(className).\(property)"
                components.append(.links(className: className, property: property, column: stepColumn))
            case .allLinks:
                text += "@links"
                components.append(.allLinks(column: stepColumn))
            case .anyElement:
                text += "[*]"
                components.append(.anyElement(column: stepColumn))
            case .key(let key):
                text += "["
                let argument = argument(key)
                text += "]"
                components.append(.subscriptKey(argument, column: stepColumn))
            }
        }
        return QueryKeyPath(variable: path.variable, components: components, column: start)
    }

    /// `SUBQUERY(collection, $sN, predicate).@count`: the one collection the predicate's
    /// paths go through becomes the variable they start from.
    private mutating func subqueryCount(_ inner: QueryNode) -> QueryOperand {
        var collection: QueryPath?
        subqueries += 1
        let variable = "s\(subqueries)"
        let rewritten = Self.rewrite(inner, variable: variable, collection: &collection)
        guard let collection else { RealmMessages.trap(RealmMessages.subqueryNeedsCollection) }
        let start = column
        text += "SUBQUERY("
        let collectionPath = keyPath(collection)
        text += ", $\(variable), "
        let predicate = predicate(rewritten)
        text += ").@count"
        return .subqueryCount(collection: collectionPath, variable: variable, predicate: predicate, column: start)
    }

    /// `node` with the paths through `collection` (the first one met) starting from `variable`.
    private static func rewrite(_ node: QueryNode, variable: String, collection: inout QueryPath?) -> QueryNode {
        switch node {
        case .path(let path):
            guard path.variable == nil, let end = path.collectionEnd else { return node }
            let prefix = QueryPath(steps: Array(path.steps[..<end]), collectionEnd: end)
            if let collection, !Self.same(collection, prefix) { RealmMessages.trap(RealmMessages.subqueryMixesCollections) }
            collection = prefix
            return .path(QueryPath(steps: Array(path.steps[end...]), collectionEnd: nil, variable: variable, quantifier: path.quantifier))
        case .value, .typeNames:
            return node
        case .comparison(let op, let lhs, let rhs, let options):
            return .comparison(op, rewrite(lhs, variable: variable, collection: &collection),
                               rewrite(rhs, variable: variable, collection: &collection), options)
        case .between(let lhs, let low, let high):
            return .between(rewrite(lhs, variable: variable, collection: &collection), low, high)
        case .and(let lhs, let rhs):
            return .and(rewrite(lhs, variable: variable, collection: &collection), rewrite(rhs, variable: variable, collection: &collection))
        case .or(let lhs, let rhs):
            return .or(rewrite(lhs, variable: variable, collection: &collection), rewrite(rhs, variable: variable, collection: &collection))
        case .not(let inner):
            return .not(rewrite(inner, variable: variable, collection: &collection))
        case .subqueryCount:
            return node
        }
    }

    private static func same(_ lhs: QueryPath, _ rhs: QueryPath) -> Bool {
        lhs.steps.count == rhs.steps.count && zip(lhs.steps, rhs.steps).allSatisfy { pair in
            switch pair {
            case (.property(let a), .property(let b)), (.operation(let a), .operation(let b)): a == b
            case (.key(let a), .key(let b)): a == b
            case (.links(let a, let p), .links(let b, let q)): a == b && p == q
            case (.allLinks, .allLinks), (.anyElement, .anyElement): true
            default: false
            }
        }
    }
}
