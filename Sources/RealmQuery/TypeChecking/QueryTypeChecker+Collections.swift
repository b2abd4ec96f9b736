import RealmSchema

/// Collection operations: `@count`/`@size`, `@sum`/`@avg`/`@min`/`@max`, SUBQUERY.
extension QueryTypeChecker {
    /// A leaf when the next component is a collection operation, else nil (the caller goes on).
    func collectionLeaf(_ collection: PathCollection, elementType: QueryValueType,
                        _ components: inout ArraySlice<QueryPathComponent>) throws(QueryError) -> (PathLeaf, QueryValueType)? {
        guard case .operation(let word, let column)? = components.first else { return nil }
        switch word {
        case "count", "size":
            components.removeFirst()
            try requireEnd(components)
            return (.count(collection), .int)
        case "sum", "avg", "min", "max":
            components.removeFirst()
            let kind = AggregateKind(rawValue: word)!
            var valueType = elementType
            var property: String?
            if case .object(let target) = elementType {
                guard let next = components.first, case .property = next else {
                    throw QueryMessages.aggregateNeedsNumbers(word, on: "'\(target)' objects; name a property", column: column)
                }
                components.removeFirst()
                let schemaProperty = try lookup(try propertyName(next), in: target, column: next.column)
                guard schemaProperty.type.collection == .single else {
                    throw QueryMessages.aggregateNeedsNumbers(word, on: schemaProperty.type.description, column: next.column)
                }
                valueType = QueryValueType(schemaProperty.type.base)
                property = schemaProperty.name
            }
            try requireEnd(components)
            return (.aggregate(kind, collection, property: property), try aggregateType(kind, valueType, column: column))
        default:
            return nil
        }
    }

    /// The result type of an aggregate over values of `type`.
    func aggregateType(_ kind: AggregateKind, _ type: QueryValueType, column: Int) throws(QueryError) -> QueryValueType {
        switch (kind, type) {
        case (.sum, .int): return .int
        case (.sum, .float), (.sum, .double), (.avg, .int), (.avg, .float), (.avg, .double): return .double
        case (.min, .int), (.min, .float), (.min, .double), (.min, .decimal), (.min, .date),
             (.max, .int), (.max, .float), (.max, .double), (.max, .decimal), (.max, .date): return type
        case (.sum, .decimal), (.avg, .decimal):
            throw QueryMessages.decimalArithmetic(kind.rawValue, column: column)
        default:
            throw QueryMessages.aggregateNeedsNumbers(kind.rawValue, on: type.description, column: column)
        }
    }

    /// `SUBQUERY(collection, $x, predicate).@count` as a key path with an int leaf.
    func subqueryCount(_ collectionPath: QueryKeyPath, variable: String, predicate: QueryPredicate, column: Int,
                       className: String, scope: Scope?) throws(QueryError) -> ResolvedPath {
        let resolved = try resolve(collectionPath, className: className, scope: scope)
        let collection: PathCollection
        var elementClass: String?
        switch resolved.leaf {
        case .elements(let owner, let property):
            collection = .property(owner: owner, property: property)
            if case .object(let target) = resolved.type { elementClass = target }
        default:
            if let last = resolved.hops.last, case .backlinks(let origin, let property) = last {
                collection = .backlinks(origin: origin, property: property)
                elementClass = origin
                break
            }
            throw QueryMessages.operationNeedsCollection("count", on: resolved.type.description, column: collectionPath.column)
        }
        let hops: [PathHop]
        if case .backlinks = collection { hops = Array(resolved.hops.dropLast()) } else { hops = resolved.hops }
        guard !hops.contains(where: \.isMultiValued) else {
            throw QueryMessages.operationNeedsCollection("count", on: "a key path through several collections", column: collectionPath.column)
        }
        let inner = Scope(variable: variable, elementClass: elementClass, elementType: resolved.type)
        let checked = try check(predicate, className: elementClass ?? className, scope: inner)
        return ResolvedPath(hops: hops, leaf: .subqueryCount(collection, checked), type: .int, column: column)
    }
}
