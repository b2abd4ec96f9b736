/// Key paths into the lists and dictionaries a mixed value holds: `mixed['key']`, `mixed[0]`,
/// `mixed[*]` (any element), chained (`mixed['a'][0]`), then `.@type`, `.@size` or `.@count`.
extension QueryTypeChecker {
    /// The leaf of the subscripts and `@size`/`@count` after the mixed value `leaf`; nil when
    /// none follows.
    func nestedLeaf(_ leaf: PathLeaf, _ components: inout ArraySlice<QueryPathComponent>) throws(QueryError) -> (PathLeaf, QueryValueType)? {
        if case .elements = leaf {
            switch components.first {
            case .subscriptKey(_, let column)?, .anyElement(let column)?: throw QueryMessages.subscriptOfElements(column: column)
            default: return nil
            }
        }
        var steps: [NestedStep] = []
        loop: while let component = components.first {
            switch component {
            case .subscriptKey(let key, let column):
                let value = try typedValue(key)
                guard isKeyOrIndex(value) else { throw QueryMessages.nestedSubscriptNeedsKeyOrIndex(column: column) }
                steps.append(.element(value))
            case .anyElement:
                steps.append(.all)
            default:
                break loop
            }
            components.removeFirst()
        }
        let current = steps.isEmpty ? leaf : .nested(leaf, steps)
        if case .operation(let word, _)? = components.first, word == "size" || word == "count" {
            components.removeFirst()
            try requireEnd(components)
            return (.nestedSize(current), .int)
        }
        guard !steps.isEmpty else { return nil }
        if case .operation("type", _)? = components.first {
            components.removeFirst()
            try requireEnd(components)
            return (.mixedType(current), .string)
        }
        if let extra = components.first { throw QueryMessages.pathAfterValue(QueryValueType.mixed.description, column: extra.column) }
        return (current, .mixed)
    }

    /// Whether a subscript is one string key or one integer index.
    private func isKeyOrIndex(_ value: TypedValue) -> Bool {
        if case .literal(.number(let digits), _) = value { return Int64(digits) != nil }
        guard !isList(value), let type = types(of: value).first?.0 else { return false }
        return type == .string || type == .int
    }
}
