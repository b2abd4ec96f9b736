import RealmQuery
import RealmSchema

/// Leaf values of key paths: columns, elements, map entries, counts, aggregates, SUBQUERY.
extension QueryCompiler {
    func leaf(_ leaf: PathLeaf, _ context: Context, _ frame: inout ManyFrame?) throws -> CompiledValue {
        let alias = context.alias
        switch leaf {
        case .column(let owner, let name):
            let property = try store.classInfo(owner).property(name)
            let value = "\(alias).\(property.column)"
            if property.isMixed { return CompiledValue(value: value, tag: "\(alias).\(property.typeColumn)", base: .mixed) }
            return CompiledValue(value: value, tag: nil, base: property.base)
        case .elements(let owner, let name):
            let property = try store.classInfo(owner).property(name)
            let side = newAlias("s")
            addMany(&frame, property.sideTable, side, on: "\(side).owner = \(alias)._key")
            return elementValue(property, side)
        case .mapKeys(let owner, let name):
            let property = try store.classInfo(owner).property(name)
            let side = newAlias("s")
            addMany(&frame, property.sideTable, side, on: "\(side).owner = \(alias)._key")
            return CompiledValue(value: "\(side).key", tag: nil, base: .string)
        case .mapEntry(let owner, let name, let key):
            let property = try store.classInfo(owner).property(name)
            let keyParameter = parameter(.text(try mapKey(key)))
            let entry = addToOne(&frame, context, table: property.sideTable, key: "\(alias).\(name)[\(keyParameter)]", prefix: "e") {
                "\($0).owner = \(alias)._key AND \($0).key = \(keyParameter)"
            }
            if property.isMixed {
                return CompiledValue(value: "\(entry).value", tag: "coalesce(\(entry).type, 0)", base: .mixed)
            }
            return CompiledValue(value: "\(entry).value", tag: nil, base: property.base)
        case .count(let collection):
            return CompiledValue(value: try count(collection, alias), tag: nil, base: .int(.int))
        case .aggregate(let kind, let collection, let propertyName):
            return try aggregate(kind, collection, propertyName, alias)
        case .mixedType(let inner):
            let value = try self.leaf(inner, context, &frame)
            return CompiledValue(value: value.tag ?? "0", tag: nil, base: .mixed, isTypeTag: true)
        case .subqueryCount(let collection, let predicate):
            let (rows, element, object) = try collectionRows(collection, alias)
            let sink = JoinSink()
            let inner = Context(alias: object ?? alias, className: try elementClass(collection) ?? context.className,
                                sink: sink, variable: element)
            let condition = try compile(predicate, inner)
            let from = (rows.from + sink.joins).joined(separator: " ")
            let sql = "(SELECT count(*) FROM \(from) WHERE \(rows.conditions.joined(separator: " AND ")) AND \(condition))"
            return CompiledValue(value: sql, tag: nil, base: .int(.int))
        case .variable:
            guard let variable = context.variable else { preconditionFailure(StoreError.Trap.variableOutsideSubquery) }
            return variable
        case .nested(let inner, let steps):
            var value = try self.leaf(inner, context, &frame)
            for step in steps { value = try nestedElement(of: value, step, context, &frame) }
            return value
        case .nestedSize(let inner):
            return nestedSize(of: try self.leaf(inner, context, &frame))
        }
    }

    func elementClass(_ collection: PathCollection) throws -> String? {
        switch collection {
        case .property(let owner, let name): try store.classInfo(owner).property(name).target
        case .backlinks(let origin, _): origin
        case .allBacklinks: nil
        }
    }

    /// `(SELECT count(*) …)` of a collection of the object `alias`.
    func count(_ collection: PathCollection, _ alias: String) throws -> String {
        if case .allBacklinks(let target) = collection {
            let parts = try (store.incomingLinks[target] ?? []).map { (info, property) in
                try count(.backlinks(origin: info.name, property: property.name), alias)
            }
            return parts.isEmpty ? "0" : "(" + parts.joined(separator: " + ") + ")"
        }
        if case .property(let owner, let name) = collection {
            let property = try store.classInfo(owner).property(name)
            return "(SELECT count(*) FROM \(property.sideTable) WHERE owner = \(alias)._key)"
        }
        let (rows, _, _) = try collectionRows(collection, alias)
        return "(SELECT count(*) FROM \(rows.from.joined(separator: " ")) WHERE \(rows.conditions.joined(separator: " AND ")))"
    }

    /// `@sum`, `@avg`, `@min`, `@max` over numbers (or dates, decimals for min/max).
    func aggregate(_ kind: AggregateKind, _ collection: PathCollection, _ propertyName: String?, _ alias: String) throws -> CompiledValue {
        let (rows, element, object) = try collectionRows(collection, alias)
        var value: CompiledValue
        if let element {
            value = element
        } else {
            let target = try store.classInfo(try elementClass(collection)!)
            let property = try target.property(propertyName!)
            value = CompiledValue(value: "\(object!).\(property.column)", tag: nil, base: property.base)
        }
        var conditions = rows.conditions
        if value.base == .double || value.base == .float { conditions.append("typeof(\(value.value)) <> 'blob'") }
        let function: String
        var base = value.base
        switch kind {
        case .sum:
            function = "coalesce(sum(\(value.value)), 0)"
            if base == .float { base = .double }
        case .avg:
            function = "avg(\(value.value))"
            base = .double
        case .min: function = "min(\(value.value))"
        case .max: function = "max(\(value.value))"
        }
        let sql = "(SELECT \(function) FROM \(rows.from.joined(separator: " ")) WHERE \(conditions.joined(separator: " AND ")))"
        return CompiledValue(value: sql, tag: nil, base: base)
    }
}
