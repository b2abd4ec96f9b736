/// "Did you mean …?" hints: the closest candidate by edit distance, ignoring case, and the
/// wording of the hint, which the query and export messages use too.
package enum Suggestion {
    /// The hint naming `candidate`: `did you mean 'Dog'?`.
    package static func didYouMean(_ candidate: String) -> String {
        "did you mean '\(candidate)'?"
    }

    /// The candidate nearest to `word`, if it is near enough to be a plausible typo
    /// (at most a third of the word's length in edits, and at least one edit allowed).
    /// Ties go to the earlier candidate, so callers control the preference order.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            let limit = max(1, max(target.count, candidate.unicodeScalars.count) / 3)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance (insertions, deletions and substitutions each cost 1).
    package static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
