import RealmSchema
import TestSupport
import Testing

/// `SuggestionIndex` answers exactly as `Suggestion.closest` scanning every candidate: the
/// smallest edit distance within the limit, ties to the earlier candidate, never the word itself.
@Suite struct SuggestionIndexTests {
    /// Short words over a small alphabet (so that near misses and ties are common), with
    /// letters whose lowercase form differs in length (`İ`) or needs more than one byte.
    private static let letters: [Character] = ["a", "b", "c", "A", "B", "d", "e", "1", "_", "İ", "é", "ß"]

    private func word(_ random: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...7, using: &random)).map { _ in random.pick(Self.letters) })
    }

    /// The word with one letter replaced, dropped or added.
    private func misspelt(_ word: String, _ random: inout SeededRandom) -> String {
        var letters = Array(word)
        let position = Int.random(in: 0...letters.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where position < letters.count: letters[position] = random.pick(Self.letters)
        case 1 where position < letters.count: letters.remove(at: position)
        default: letters.insert(random.pick(Self.letters), at: position)
        }
        return String(letters)
    }

    @Test func answersAsTheScanOfEveryCandidateDoes() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<300 {
            let candidates = (0..<Int.random(in: 0..<40, using: &random)).map { _ in word(&random) }
            let index = SuggestionIndex(candidates)
            for _ in 0..<20 {
                let asked = !candidates.isEmpty && random.chance(60) ? misspelt(random.pick(candidates), &random)
                    : random.chance(10) && !candidates.isEmpty ? random.pick(candidates) : word(&random)
                #expect(index.closest(to: asked) == Suggestion.closest(to: asked, among: candidates),
                        "'\(asked)' among \(candidates)")
            }
        }
    }

    @Test func prefersTheEarlierOfEquallyCloseCandidates() {
        let index = SuggestionIndex(["Cat", "Dot", "Dog", "Dug"])
        #expect(index.closest(to: "Dig") == "Dog")
        #expect(index.closest(to: "Dox") == "Dot")
        #expect(index.closest(to: "dog") == "Dog")
        #expect(index.closest(to: "Dog") == "Dot")
        #expect(index.closest(to: "Zebra") == nil)
    }
}
