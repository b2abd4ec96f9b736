/// "Did you mean": the option a misspelt flag (`--limt`) or another tool's flag (`-c` of
/// mongoimport, `--nl` of sqlite-utils) stands for in this command.
///
/// For example:
///
///     OptionSuggestions.suggestion(for: "--limt", in: exportSpec)   // "--limit"
///     OptionSuggestions.suggestion(for: "-c", in: importSpec)       // "--class"
public enum OptionSuggestions {
    /// Flags of mongoimport/mongoexport and sqlite-utils, with what this project says instead;
    /// the first word of a suggestion must be an option of the command for it to be offered.
    static let foreign: [String: [String]] = [
        "-c": ["--class"], "--collection": ["--class"], "--table": ["--class"],
        "-d": ["--store"], "--db": ["--store"], "--uri": ["--store"], "--host": ["--store"],
        "--out": ["--output"], "--file": ["--output"],
        "--jsonFormat": ["--canonical"], "--nl": ["--ndjson"],
        "-q": ["--query"], "--filter": ["--query"],
        "--upsert": ["--mode upsert"], "--replace": ["--mode upsert"], "--upsertFields": ["--mode upsert"],
        "--stopOnError": ["--max-errors 1"], "--alter": ["--schema"], "--pk": ["--schema"],
        "--csv": ["--type csv"], "--tsv": ["--type tsv"], "--headerline": ["--type csv"],
        "--gzip": ["--gzip"], "--silent": ["--quiet"], "--dryRun": ["--dry-run"],
        "--truncate": ["--drop"], "--where": ["--query"], "--order": ["--sort"], "--offset": ["--skip"],
        "--columns": ["--fields"], 
    ]

    /// What to suggest for `spelling`, which `spec` does not know: another tool's name for one of
    /// its options, else the nearest of its own spellings within a small edit distance.
    public static func suggestion(for spelling: String, in spec: CommandSpec) -> String? {
        let visible = (spec.options + OptionSpec.builtins).filter { !$0.isHidden }
        let known = Set(visible.flatMap(\.names))
        if let candidates = foreign[spelling] {
            if let match = candidates.first(where: { known.contains(String($0.split(separator: " ")[0])) }) {
                return match
            }
        }
        return nearest(spelling, among: visible.flatMap(\.names).filter { $0.hasPrefix("--") })
    }

    /// The candidate closest to `word` (case ignored) within one edit, two for names of seven
    /// characters or more; nil when none is that close.
    ///
    ///     OptionSuggestions.nearest("codgen", among: ["validate", "codegen"])   // "codegen"
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        let wanted = word.lowercased()
        var best: (name: String, distance: Int)?
        for name in candidates {
            let distance = editDistance(wanted, name.lowercased())
            let allowed = name.count >= 7 ? 2 : 1
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// The Damerau–Levenshtein distance (a swap of two neighbours counts as one edit).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

extension UsageError {
    /// "Unknown option '--limt'; did you mean '--limit'?", or "Unknown option '--nope'."
    public static func unknownOption(_ spelling: String, in spec: CommandSpec) -> UsageError {
        guard let suggestion = OptionSuggestions.suggestion(for: spelling, in: spec) else {
            return UsageError("Unknown option '\(spelling)'.")
        }
        return UsageError("Unknown option '\(spelling)'; did you mean '\(suggestion)'?")
    }
}
