import RealmSchema

/// Resolution of key paths: properties, links, collections, maps, backlinks, aggregates.
extension QueryTypeChecker {
    /// The operations that apply to a collection only (`@count`, `@sum`, `@keys`, …).
    static let collectionOperations: Set<String> = ["count", "size", "sum", "avg", "min", "max", "keys", "values"]

    /// Resolves a key path of objects of `className` (or of the SUBQUERY variable in `scope`)
    /// component by component: each step either ends the path or follows it to other objects.
    func resolve(_ path: QueryKeyPath, className: String, scope: Scope?) throws(QueryError) -> ResolvedPath {
        var walk = PathWalk(current: className, components: path.components[...], column: path.column)
        if let variable = path.variable, let resolved = try enterVariable(variable, scope: scope, &walk) {
            return resolved
        }
        while let component = walk.components.popFirst() {
            if let resolved = try step(component, &walk) { return resolved }
        }
        throw QueryMessages.pathAfterValue("'\(walk.current)' objects; name a property", column: path.column)
    }

    /// `$x…` in a SUBQUERY: the walk starts at the variable's class, or the path ends at once
    /// when its elements are not objects.
    private func enterVariable(_ variable: String, scope: Scope?, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        guard let scope, scope.variable == variable else { throw QueryMessages.unknownVariable(variable, column: walk.column) }
        guard let elementClass = scope.elementClass else {
            if case .operation("type", _)? = walk.components.first, scope.elementType == .mixed, walk.components.count == 1 {
                return walk.ending((.mixedType(.variable), .string))
            }
            if let extra = walk.components.first { throw QueryMessages.pathAfterValue(scope.elementType.description, column: extra.column) }
            return walk.ending((.variable, scope.elementType))
        }
        walk.current = elementClass
        return nil
    }

    /// One component read on objects of `walk.current`: the resolved path when it ends here,
    /// nil when the walk goes on.
    private func step(_ component: QueryPathComponent, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        switch component {
        case .property, .keyPathArgument:
            return try property(component, &walk)
        case .links(let origin, let originProperty, let column):
            return try namedBacklinks(origin: origin, property: originProperty, column: column, &walk)
        case .allLinks(let column):
            return try allBacklinksCount(column: column, &walk)
        case .operation(let word, let column):
            if Self.collectionOperations.contains(word) {
                throw QueryMessages.operationNeedsCollection(word, on: "'\(walk.current)'", column: column)
            }
            throw QueryMessages.unknownOperation(word, column: column)
        case .subscriptKey(_, let column):
            throw QueryMessages.subscriptNeedsMap("'\(walk.current)'", column: column)
        case .anyElement(let column):
            throw QueryMessages.anyElementNeedsMixed("'\(walk.current)'", column: column)
        }
    }

    /// A property (or `%K`) of the current class, by its kind.
    private func property(_ component: QueryPathComponent, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        let name = try propertyName(component)
        let property = try lookup(name, in: walk.current, column: component.column)
        if case .linkingObjects(let origin, let originProperty) = property.type.base {
            return try backlinks(origin: origin, property: originProperty, &walk)
        }
        switch property.type.collection {
        case .single: return try singleProperty(name, property, &walk)
        case .list, .set: return try collectionProperty(name, property, &walk)
        case .map: return try mapProperty(name, property, &walk)
        }
    }

    /// A to-one link followed to its target when more components come, else a column value.
    private func singleProperty(_ name: String, _ property: PropertySchema, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        if let target = property.type.base.objectType, !walk.components.isEmpty {
            walk.follow(.link(owner: walk.current, property: name), to: target)
            return nil
        }
        let leaf = try mixedTypeLeaf(.column(owner: walk.current, property: name), type: QueryValueType(property.type.base),
                                     &walk.components)
        return walk.ending(leaf)
    }

    /// A list, set or the values of a map: a collection operation, the linked objects when more
    /// components come, else the elements.
    private func collectionProperty(_ name: String, _ property: PropertySchema, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        let type = QueryValueType(property.type.base)
        let collection = PathCollection.property(owner: walk.current, property: name)
        if let leaf = try collectionLeaf(collection, elementType: type, &walk.components) {
            return walk.ending(leaf)
        }
        if let target = property.type.base.objectType, !walk.components.isEmpty {
            walk.follow(.collection(owner: walk.current, property: name), to: target)
            return nil
        }
        let leaf = try mixedTypeLeaf(.elements(owner: walk.current, property: name), type: type, &walk.components)
        return walk.ending(leaf)
    }

    /// A map: `['key']`, `.@keys`, `.@values`, or its values as a collection.
    private func mapProperty(_ name: String, _ property: PropertySchema, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        switch walk.components.first {
        case .subscriptKey(let key, let column)?:
            walk.components.removeFirst()
            return try mapEntry(name, property, key: key, column: column, &walk)
        case .operation("keys", _)?:
            walk.components.removeFirst()
            return walk.ending((.mapKeys(owner: walk.current, property: name), .string))
        case .operation("values", _)?:
            walk.components.removeFirst()
            return try collectionProperty(name, property, &walk)
        default:
            return try collectionProperty(name, property, &walk)
        }
    }

    /// `map['key']`: the linked object followed when more components come, else the value.
    private func mapEntry(_ name: String, _ property: PropertySchema, key: QueryOperand, column: Int,
                          _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        let keyValue = try typedValue(key)
        guard types(of: keyValue).allSatisfy({ $0.0 == .string }) else { throw QueryMessages.subscriptNeedsString(column: column) }
        if let target = property.type.base.objectType, !walk.components.isEmpty {
            walk.follow(.mapEntry(owner: walk.current, property: name, key: keyValue), to: target)
            return nil
        }
        let leaf = try mixedTypeLeaf(.mapEntry(owner: walk.current, property: name, key: keyValue),
                                     type: QueryValueType(property.type.base), &walk.components)
        return walk.ending(leaf)
    }

    /// `@links.Class.property`: the backlinks of a link property of `origin` to the current class.
    private func namedBacklinks(origin: String, property originProperty: String, column: Int,
                                _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        guard let model = schema.model(named: origin) else { throw QueryMessages.unknownClass(origin, column: column) }
        guard let property = model.property(named: originProperty), property.type.base.objectType == walk.current,
              !property.type.isLinkingObjects else {
            throw QueryMessages.unknownProperty(originProperty, in: origin, known: linkNames(in: model, to: walk.current), column: column)
        }
        return try backlinks(origin: origin, property: originProperty, &walk)
    }

    /// The objects of `origin` linking here by `property` (a linkingObjects property or
    /// `@links.…`): a collection operation, else followed to `origin`.
    private func backlinks(origin: String, property: String, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath? {
        let collection = PathCollection.backlinks(origin: origin, property: property)
        if let leaf = try collectionLeaf(collection, elementType: .object(origin), &walk.components) {
            return walk.ending(leaf)
        }
        walk.follow(.backlinks(origin: origin, property: property), to: origin)
        return nil
    }

    /// `@links.@count` (or `.@size`): every link to the object, of any class.
    private func allBacklinksCount(column: Int, _ walk: inout PathWalk) throws(QueryError) -> ResolvedPath {
        guard case .operation(let word, _)? = walk.components.first, word == "count" || word == "size" else {
            throw QueryMessages.badLinks(column: column)
        }
        walk.components.removeFirst()
        try requireEnd(walk.components)
        return walk.ending((.count(.allBacklinks(target: walk.current)), .int))
    }

    /// The name of a `.property` or `%K` component.
    func propertyName(_ component: QueryPathComponent) throws(QueryError) -> String {
        switch component {
        case .property(let name, _): return name
        case .keyPathArgument(let index, let column):
            guard index < arguments.count else { throw QueryMessages.missingArgument(index, count: arguments.count, column: column) }
            guard case .value(.string, let text?) = arguments[index] else { throw QueryMessages.keyPathArgumentNotString(index, column: column) }
            return text
        default: preconditionFailure("not a property component")
        }
    }

    func lookup(_ name: String, in className: String, column: Int) throws(QueryError) -> PropertySchema {
        guard let model = schema.model(named: className) else { throw QueryMessages.unknownClass(className, column: column) }
        guard let property = model.property(named: name) else {
            throw QueryMessages.unknownProperty(name, in: className, known: model.properties.map(\.name), column: column)
        }
        return property
    }

    func linkNames(in model: ModelSchema, to target: String) -> [String] {
        model.properties.filter { $0.type.base.objectType == target && !$0.type.isLinkingObjects }.map(\.name)
    }

    func requireEnd(_ components: ArraySlice<QueryPathComponent>) throws(QueryError) {
        if let extra = components.first { throw QueryMessages.pathAfterValue("a computed value", column: extra.column) }
    }

    /// `.@type` after a mixed value, else the value itself; nothing may follow.
    func mixedTypeLeaf(_ leaf: PathLeaf, type: QueryValueType,
                       _ components: inout ArraySlice<QueryPathComponent>) throws(QueryError) -> (PathLeaf, QueryValueType) {
        if type == .mixed, let nested = try nestedLeaf(leaf, &components) { return nested }
        if type == .mixed, case .operation("type", _)? = components.first {
            components.removeFirst()
            try requireEnd(components)
            return (.mixedType(leaf), .string)
        }
        switch components.first {
        case .operation(let word, let column)? where Self.collectionOperations.contains(word):
            throw QueryMessages.operationNeedsCollection(word, on: type.description, column: column)
        case .subscriptKey(_, let column)?:
            throw QueryMessages.subscriptNeedsMap(type.description, column: column)
        case .anyElement(let column)?:
            throw QueryMessages.anyElementNeedsMixed(type.description, column: column)
        case let extra?:
            throw QueryMessages.pathAfterValue(type.description, column: extra.column)
        case nil:
            return (leaf, type)
        }
    }
}

/// A key path being resolved: the class reached so far, the hops that reached it and the
/// components still to read.
private struct PathWalk {
    var current: String
    var hops: [PathHop] = []
    var components: ArraySlice<QueryPathComponent>
    /// The column of the whole path.
    let column: Int

    init(current: String, components: ArraySlice<QueryPathComponent>, column: Int) {
        self.current = current
        self.components = components
        self.column = column
    }

    /// The resolved path: the hops so far and `leaf` with its value type.
    func ending(_ leaf: (PathLeaf, QueryValueType)) -> ResolvedPath {
        ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: column)
    }

    /// Goes on through `hop` to objects of `target`.
    mutating func follow(_ hop: PathHop, to target: String) {
        hops.append(hop)
        current = target
    }
}
