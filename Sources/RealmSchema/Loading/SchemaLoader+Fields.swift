/// Reading keys and simple values of YAML mappings, with a diagnostic for each misfit.
extension SchemaLoader {
    /// The pairs of a mapping by key, after reporting keys that are not allowed here.
    mutating func fields(of pairs: [YAMLPair], allowed: [String], subject: String) -> [String: YAMLPair] {
        var fields: [String: YAMLPair] = [:]
        for pair in pairs {
            guard let key = keyText(of: pair) else { continue }
            guard allowed.contains(key) else {
                let suggestion = Suggestion.closest(to: key, among: allowed)
                diagnostics.error(SchemaMessages.unknownKey(key, in: subject, suggestion: suggestion, validKeys: allowed),
                                  at: pair.key.location)
                continue
            }
            fields[key] = pair
        }
        return fields
    }

    /// A key's text; keys that are sequences or mappings are reported.
    mutating func keyText(of pair: YAMLPair) -> String? {
        guard let text = pair.keyText else {
            diagnostics.error(SchemaMessages.keyNotText(found: pair.key.kindDescription), at: pair.key.location)
            return nil
        }
        return text
    }

    /// The value of a `true`/`false` key.
    mutating func bool(_ pair: YAMLPair, of subject: String) -> Bool? {
        if case .bool(let flag)? = pair.value.scalar?.resolved { return flag }
        diagnostics.error(SchemaMessages.expectedBool(pair.keyText ?? "", of: subject, found: describe(pair.value)),
                          at: pair.value.location)
        return nil
    }

    /// The value of a key that holds text (`doc`, `mapTo`, `primaryKey`, `objectType`, …).
    mutating func text(_ pair: YAMLPair, of subject: String) -> String? {
        if case .string(let text)? = pair.value.scalar?.resolved { return text }
        diagnostics.error(SchemaMessages.expectedText(pair.keyText ?? "", of: subject, found: describe(pair.value)),
                          at: pair.value.location)
        return nil
    }

    /// A value as messages show it: `'text'` for scalars, else the kind of node.
    func describe(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        if scalar.isPlain && scalar.resolved == .null { return "null" }
        return "'\(scalar.text)'"
    }
}
