import Foundation
import RealmCLI

/// `--sort` values: key paths (`-age`, `name`), or mongoexport's JSON form
/// `{"age": -1, "name": 1}` (keys quoted or bare, 1 ascending, -1 descending, in order).
///
/// For example:
///
///     try SortOrder.keyPaths(["{\"age\": -1, name: 1}"])   // ["-age", "name"]
enum SortOrder {
    /// The key paths of every value, in order; usage errors for a JSON form that is malformed.
    static func keyPaths(_ values: [String]) throws(UsageError) -> [String] {
        var result: [String] = []
        for value in values {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("{") {
                result += try jsonForm(trimmed)
            } else {
                result.append(value)
            }
        }
        return result
    }

    /// `{"a": 1, "b.c": -1}` → `["a", "-b.c"]`.
    private static func jsonForm(_ text: String) throws(UsageError) -> [String] {
        guard text.hasSuffix("}") else { throw badSort(text) }
        let body = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        if body.isEmpty { throw badSort(text) }
        var keys: [String] = []
        for entry in body.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw badSort(text) }
            var key = parts[0].trimmingCharacters(in: .whitespaces)
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = String(key.dropFirst().dropLast())
            }
            guard !key.isEmpty, !key.contains(where: { $0 == "\"" || $0 == "'" || $0 == " " }) else { throw badSort(text) }
            switch parts[1].trimmingCharacters(in: .whitespaces) {
            case "1", "+1": keys.append(key)
            case "-1": keys.append("-" + key)
            default: throw badSort(text)
            }
        }
        return keys
    }

    static func badSort(_ text: String) -> UsageError {
        UsageError("The value '\(text)' is invalid for '--sort'; expected key paths ('-age') or {\"age\": -1, \"name\": 1}.")
    }
}
