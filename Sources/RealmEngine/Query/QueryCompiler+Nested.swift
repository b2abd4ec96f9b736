import RealmQuery

/// Values inside the lists and dictionaries mixed values hold, read from `_realm_mixed`
/// (`node` = the holder's value, `slot` = the list index or dictionary key; see `Store`).
extension QueryCompiler {
    /// The element `step` names in the collection `holder` holds: one element (a to-one
    /// `LEFT JOIN`, null when there is none) or each of them (`[*]`, a many frame).
    func nestedElement(of holder: CompiledValue, _ step: NestedStep, _ context: Context,
                       _ frame: inout ManyFrame?) throws -> CompiledValue {
        let holds = Self.holdsCollection(holder)
        switch step {
        case .element(let key):
            let slot = parameter(try nestedSlot(key))
            let alias = addToOne(&frame, context, table: "_realm_mixed", key: "\(holder.value)[\(slot)]", prefix: "n") {
                "\(holds) AND \($0).node = \(holder.value) AND \($0).slot = \(slot)"
            }
            return CompiledValue(value: "\(alias).value", tag: "coalesce(\(alias).type, 0)", base: .mixed)
        case .all:
            let alias = newAlias("n")
            addMany(&frame, "_realm_mixed", alias, on: "\(holds) AND \(alias).node = \(holder.value)")
            return CompiledValue(value: "\(alias).value", tag: "\(alias).type", base: .mixed)
        }
    }

    /// `@size` of a mixed value: its list's or dictionary's element count, else null.
    func nestedSize(of holder: CompiledValue) -> CompiledValue {
        let count = "(SELECT count(*) FROM _realm_mixed WHERE node = \(holder.value))"
        return CompiledValue(value: "(CASE WHEN \(Self.holdsCollection(holder)) THEN \(count) END)", tag: nil, base: .int(.int))
    }

    /// Whether the mixed value holds a list or a dictionary (its value is then a node id).
    private static func holdsCollection(_ holder: CompiledValue) -> String {
        "\(holder.tag ?? "0") IN (\(MixedTag.list), \(MixedTag.dictionary))"
    }

    /// A dictionary key as text, a list index as an integer: the slots they match.
    private func nestedSlot(_ key: TypedValue) throws -> SQLValue {
        switch key {
        case .literal(.string(let text), _): return .text(text)
        case .literal(.number(let digits), _): return .int(Int64(digits) ?? -1)
        case .argument(let index, _):
            switch arguments[index] {
            case .string(let text): return .text(text)
            case .int(let value): return .int(value)
            default: return .null
            }
        default: return .null
        }
    }
}
