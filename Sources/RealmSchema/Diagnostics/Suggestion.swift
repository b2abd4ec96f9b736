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
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            guard distance <= limit(target.count, candidate.unicodeScalars.count) else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The most edits a candidate of `count` scalars may be from a word of `wordCount`.
    static func limit(_ wordCount: Int, _ count: Int) -> Int {
        max(1, max(wordCount, count) / 3)
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

/// `Suggestion.closest` over one candidate list asked many times (every misspelt link in a
/// schema of thousands of models): the same answer, without measuring the distance to every
/// candidate. The lowercased candidates form a trie walked depth-first with one edit-distance
/// row per node; a subtree is skipped when the smallest value of its row exceeds the largest
/// edit count any candidate below may have, or cannot beat the best match found so far (the
/// smallest distance, then the earliest candidate).
package struct SuggestionIndex {
    private struct Node {
        var children: [Unicode.Scalar: Int] = [:]
        /// Candidates whose lowercased text ends here: list position, text, scalar count.
        var candidates: [(index: Int, text: String, count: Int)] = []
        /// The longest candidate (in scalars, as written) and the earliest one in this subtree.
        var maximumCount = 0
        var minimumIndex = Int.max
    }

    private var nodes = [Node()]

    package init(_ candidates: [String]) {
        for (index, candidate) in candidates.enumerated() {
            let count = candidate.unicodeScalars.count
            var node = 0
            note(index, count, at: node)
            for scalar in candidate.lowercased().unicodeScalars {
                if let child = nodes[node].children[scalar] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].children[scalar] = nodes.count - 1
                    node = nodes.count - 1
                }
                note(index, count, at: node)
            }
            nodes[node].candidates.append((index, candidate, count))
        }
    }

    private mutating func note(_ index: Int, _ count: Int, at node: Int) {
        nodes[node].maximumCount = max(nodes[node].maximumCount, count)
        nodes[node].minimumIndex = min(nodes[node].minimumIndex, index)
    }

    /// What `Suggestion.closest(to: word, among: candidates)` returns.
    package func closest(to word: String) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (distance: Int, index: Int, text: String)?
        var stack: [(node: Int, row: [Int])] = [(0, Array(0...target.count))]
        while let (node, row) = stack.popLast() {
            let lowest = row.min() ?? 0
            guard lowest <= Suggestion.limit(target.count, nodes[node].maximumCount) else { continue }
            if let best, lowest > best.distance || (lowest == best.distance && nodes[node].minimumIndex > best.index) {
                continue
            }
            let distance = row[target.count]
            for candidate in nodes[node].candidates where candidate.text != word
                && distance <= Suggestion.limit(target.count, candidate.count) {
                if best == nil || distance < best!.distance || (distance == best!.distance && candidate.index < best!.index) {
                    best = (distance, candidate.index, candidate.text)
                }
            }
            for (scalar, child) in nodes[node].children {
                var next = row
                next[0] = row[0] + 1
                for j in target.indices {
                    next[j + 1] = min(row[j + 1] + 1, next[j] + 1, row[j] + (target[j] == scalar ? 0 : 1))
                }
                stack.append((child, next))
            }
        }
        return best?.text
    }
}
