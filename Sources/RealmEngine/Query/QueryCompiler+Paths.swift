import RealmQuery
import RealmSchema

/// Key paths: to-one hops as `LEFT JOIN`s, collections and backlinks as rows of a `ManyFrame`.
extension QueryCompiler {
    /// Adds `table alias` to the frame: the first one starts it (with `on` as its condition),
    /// later ones are joined `ON on`.
    func addMany(_ frame: inout ManyFrame?, _ table: String, _ alias: String, on: String) {
        if frame == nil {
            frame = ManyFrame(from: ["\(table) \(alias)"], conditions: [on])
        } else {
            frame!.from.append("JOIN \(table) \(alias) ON \(on)")
        }
    }

    /// A `LEFT JOIN` into the frame when inside one, else into the context's sink (deduplicated).
    func addToOne(_ frame: inout ManyFrame?, _ context: Context, table: String, key: String,
                  prefix: String, on: (String) -> String) -> String {
        if frame != nil {
            let alias = newAlias(prefix)
            frame!.from.append("LEFT JOIN \(table) \(alias) ON \(on(alias))")
            return alias
        }
        if let alias = context.sink.known[key] { return alias }
        let alias = newAlias(prefix)
        context.sink.joins.append("LEFT JOIN \(table) \(alias) ON \(on(alias))")
        context.sink.known[key] = alias
        return alias
    }

    /// Follows the hops from the context's object; returns the final object alias and class.
    func walk(_ hops: [PathHop], _ context: Context, _ frame: inout ManyFrame?) throws -> (String, String) {
        var alias = context.alias
        var className = context.className
        for hop in hops {
            switch hop {
            case .link(let owner, let name):
                let property = try store.classInfo(owner).property(name)
                let target = try store.classInfo(property.target!)
                let from = alias
                alias = addToOne(&frame, context, table: target.table, key: "\(from).\(name)", prefix: "j") {
                    "\($0)._key = \(from).\(property.column)"
                }
                className = target.name
            case .mapEntry(let owner, let name, let key):
                let property = try store.classInfo(owner).property(name)
                let target = try store.classInfo(property.target!)
                let keyParameter = parameter(.text(try mapKey(key)))
                let from = alias
                let entry = addToOne(&frame, context, table: property.sideTable, key: "\(from).\(name)[\(keyParameter)]", prefix: "e") {
                    "\($0).owner = \(from)._key AND \($0).key = \(keyParameter)"
                }
                alias = addToOne(&frame, context, table: target.table, key: "\(entry).value", prefix: "j") {
                    "\($0)._key = \(entry).value"
                }
                className = target.name
            case .collection(let owner, let name):
                let property = try store.classInfo(owner).property(name)
                let target = try store.classInfo(property.target!)
                let side = newAlias("s")
                addMany(&frame, property.sideTable, side, on: "\(side).owner = \(alias)._key")
                let object = newAlias("j")
                frame!.from.append("JOIN \(target.table) \(object) ON \(object)._key = \(side).value")
                alias = object
                className = target.name
            case .backlinks(let origin, let name):
                alias = try backlinkRows(origin: origin, property: name, to: alias, &frame)
                className = origin
            }
        }
        return (alias, className)
    }

    /// Adds the objects of `origin` linking to `target` through `name`; returns their alias.
    func backlinkRows(origin: String, property name: String, to target: String, _ frame: inout ManyFrame?) throws -> String {
        let info = try store.classInfo(origin)
        let property = try info.property(name)
        let object = newAlias("b")
        if property.isSingle {
            addMany(&frame, info.table, object, on: "\(object).\(property.column) = \(target)._key")
        } else {
            let side = newAlias("s")
            addMany(&frame, property.sideTable, side, on: "\(side).value = \(target)._key")
            frame!.from.append("JOIN \(info.table) \(object) ON \(object)._key = \(side).owner")
        }
        return object
    }

    /// The rows of a collection relative to `alias`: a frame, the element value and, for links,
    /// the element object's alias.
    func collectionRows(_ collection: PathCollection, _ alias: String) throws -> (ManyFrame, CompiledValue?, String?) {
        var frame: ManyFrame?
        switch collection {
        case .property(let owner, let name):
            let property = try store.classInfo(owner).property(name)
            let side = newAlias("s")
            addMany(&frame, property.sideTable, side, on: "\(side).owner = \(alias)._key")
            if let target = property.target {
                let object = newAlias("j")
                frame!.from.append("JOIN \(try store.classInfo(target).table) \(object) ON \(object)._key = \(side).value")
                return (frame!, nil, object)
            }
            return (frame!, elementValue(property, side), nil)
        case .backlinks(let origin, let name):
            let object = try backlinkRows(origin: origin, property: name, to: alias, &frame)
            return (frame!, nil, object)
        case .allBacklinks:
            preconditionFailure(StoreError.Trap.allBacklinksRows)
        }
    }

    /// The value of a list or set element or map value in side-table row `side`.
    func elementValue(_ property: PropertyInfo, _ side: String) -> CompiledValue {
        if property.isMixed { return CompiledValue(value: "\(side).value", tag: "\(side).type", base: .mixed) }
        if property.setNeedsTypeColumn {
            return CompiledValue(value: "(CASE WHEN \(side).type = 0 THEN NULL ELSE \(side).value END)", tag: nil, base: property.base)
        }
        return CompiledValue(value: "\(side).value", tag: nil, base: property.base)
    }

    /// The text of a map subscript.
    func mapKey(_ key: TypedValue) throws -> String {
        let value = try storeValue(key, for: .string)
        guard case .string(let text) = value else { throw StoreError.mapSubscriptNotString }
        return text
    }
}
