import RealmSchema

/// Resolution of key paths: properties, links, collections, maps, backlinks, aggregates.
extension QueryTypeChecker {
    func resolve(_ path: QueryKeyPath, className: String, scope: Scope?) throws(QueryError) -> ResolvedPath {
        var current = className
        var components = path.components[...]
        if let variable = path.variable {
            guard let scope, scope.variable == variable else { throw QueryMessages.unknownVariable(variable, column: path.column) }
            guard let elementClass = scope.elementClass else {
                if case .operation("type", _)? = components.first, scope.elementType == .mixed, components.count == 1 {
                    return ResolvedPath(hops: [], leaf: .mixedType(.variable), type: .string, column: path.column)
                }
                if let extra = components.first { throw QueryMessages.pathAfterValue(scope.elementType.description, column: extra.column) }
                return ResolvedPath(hops: [], leaf: .variable, type: scope.elementType, column: path.column)
            }
            current = elementClass
        }
        var hops: [PathHop] = []
        while let component = components.popFirst() {
            let next = components.first
            switch component {
            case .property, .keyPathArgument:
                let name = try propertyName(component)
                let property = try lookup(name, in: current, column: component.column)
                if case .linkingObjects(let origin, let originProperty) = property.type.base {
                    let collection = PathCollection.backlinks(origin: origin, property: originProperty)
                    if let leaf = try collectionLeaf(collection, elementType: .object(origin), &components) {
                        return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                    }
                    hops.append(.backlinks(origin: origin, property: originProperty))
                    current = origin
                    continue
                }
                let type = QueryValueType(property.type.base)
                let target = property.type.base.objectType
                switch property.type.collection {
                case .single:
                    if let target, next != nil {
                        hops.append(.link(owner: current, property: name))
                        current = target
                        continue
                    }
                    let leaf = try mixedTypeLeaf(.column(owner: current, property: name), type: type, &components)
                    return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                case .list, .set, .map:
                    let collection = PathCollection.property(owner: current, property: name)
                    if property.type.collection == .map, case .subscriptKey(let key, let column)? = next {
                        components.removeFirst()
                        let keyValue = try typedValue(key)
                        guard types(of: keyValue).allSatisfy({ $0.0 == .string }) else { throw QueryMessages.subscriptNeedsString(column: column) }
                        if let target, !components.isEmpty {
                            hops.append(.mapEntry(owner: current, property: name, key: keyValue))
                            current = target
                            continue
                        }
                        let leaf = try mixedTypeLeaf(.mapEntry(owner: current, property: name, key: keyValue), type: type, &components)
                        return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                    }
                    if property.type.collection == .map, case .operation(let word, _)? = next, word == "keys" || word == "values" {
                        components.removeFirst()
                        if word == "keys" {
                            return ResolvedPath(hops: hops, leaf: .mapKeys(owner: current, property: name), type: .string, column: path.column)
                        }
                    }
                    if let leaf = try collectionLeaf(collection, elementType: type, &components) {
                        return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                    }
                    if let target, !components.isEmpty {
                        hops.append(.collection(owner: current, property: name))
                        current = target
                        continue
                    }
                    let leaf = try mixedTypeLeaf(.elements(owner: current, property: name), type: type, &components)
                    return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                }
            case .links(let origin, let originProperty, let column):
                guard let model = schema.model(named: origin) else { throw QueryMessages.unknownClass(origin, column: column) }
                guard let property = model.property(named: originProperty), property.type.base.objectType == current,
                      !property.type.isLinkingObjects else {
                    throw QueryMessages.unknownProperty(originProperty, in: origin, known: linkNames(in: model, to: current), column: column)
                }
                let collection = PathCollection.backlinks(origin: origin, property: originProperty)
                if let leaf = try collectionLeaf(collection, elementType: .object(origin), &components) {
                    return ResolvedPath(hops: hops, leaf: leaf.0, type: leaf.1, column: path.column)
                }
                hops.append(.backlinks(origin: origin, property: originProperty))
                current = origin
            case .allLinks(let column):
                guard case .operation(let word, _)? = next, word == "count" || word == "size" else {
                    throw QueryMessages.badLinks(column: column)
                }
                components.removeFirst()
                try requireEnd(components)
                return ResolvedPath(hops: hops, leaf: .count(.allBacklinks(target: current)), type: .int, column: path.column)
            case .operation(let word, let column):
                if ["count", "size", "sum", "avg", "min", "max", "keys", "values"].contains(word) {
                    throw QueryMessages.operationNeedsCollection(word, on: "'\(current)'", column: column)
                }
                throw QueryMessages.unknownOperation(word, column: column)
            case .subscriptKey(_, let column):
                throw QueryMessages.subscriptNeedsMap("'\(current)'", column: column)
            }
        }
        throw QueryMessages.pathAfterValue("'\(current)' objects; name a property", column: path.column)
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
        if type == .mixed, case .operation("type", _)? = components.first {
            components.removeFirst()
            try requireEnd(components)
            return (.mixedType(leaf), .string)
        }
        switch components.first {
        case .operation(let word, let column)? where ["count", "size", "sum", "avg", "min", "max", "keys", "values"].contains(word):
            throw QueryMessages.operationNeedsCollection(word, on: type.description, column: column)
        case .subscriptKey(_, let column)?:
            throw QueryMessages.subscriptNeedsMap(type.description, column: column)
        case let extra?:
            throw QueryMessages.pathAfterValue(type.description, column: extra.column)
        case nil:
            return (leaf, type)
        }
    }
}
