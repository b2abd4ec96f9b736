@testable import RealmStore
import TestSupport
import Testing

/// The array-only changeset of distinct keys (`KeyIndex` + `ChangeDiff(oldIndex:)`, what a
/// delivery of a Results uses) against the general diff by hashed identities, and applied.
struct KeyDiffTests {
    @Test func keyIndexFindsDenseAndSparseKeysAndTellsRepeats() {
        let dense = KeyIndex([7, 5, 6])
        #expect(dense.isDistinct)
        #expect([5, 6, 7, 8, 4, Int64.min, Int64.max].map(dense.index(of:)) == [1, 2, 0, -1, -1, -1, -1])
        let sparse = KeyIndex([1, 1 << 40, -3])
        #expect(sparse.isDistinct)
        #expect([1, 1 << 40, -3, 2].map(sparse.index(of:)) == [0, 1, 2, -1])
        #expect(!KeyIndex([1, 2, 1]).isDistinct)
        #expect(KeyIndex([1, 2, 3]).positions(of: [3, 3, 9, 1], count: 3) == [2, -1, -1, 0], "a repeat is new")
    }

    @Test func theArrayDiffEqualsTheHashedDiffAndTurnsOldIntoNew() {
        var random = SeededRandom(seed: 14)
        for round in 0..<200 {
            let count = Int.random(in: 0...60, using: &random)
            let old = (0..<Int64(count)).map { $0 * (round % 3 == 0 ? 1_000_003 : 1) }.shuffled(using: &random)
            var new = old.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                new.insert(Int64(10_000_000_000 + Int.random(in: 0...1_000_000, using: &random)),
                           at: Int.random(in: 0...new.count, using: &random))
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) where new.count > 1 {
                let moved = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(moved, at: Int.random(in: 0...new.count, using: &random))
            }
            new = Array(withoutRepeats(new))
            let oldDigests = old.map { _ in Int.random(in: 0..<3, using: &random) }
            let newDigests = new.map { _ in Int.random(in: 0..<3, using: &random) }
            let general = ChangeDiff(old: old, new: new, oldValues: Dictionary(uniqueKeysWithValues: zip(old, oldDigests)),
                                     newValues: Dictionary(uniqueKeysWithValues: zip(new, newDigests)))
            let index = KeyIndex(old)
            let fast = ChangeDiff<Int64>(oldIndex: index.positions(of: new, count: old.count), oldCount: old.count) {
                oldDigests[$0] != newDigests[$1]
            }
            #expect(fast.deletions == general.deletions && fast.insertions == general.insertions
                    && fast.modifications == general.modifications, "round \(round)")
            var applied = old
            for index in fast.deletions.reversed() { applied.remove(at: index) }
            for index in fast.insertions { applied.insert(new[index], at: index) }
            #expect(applied == new, "round \(round)")
            #expect(Set(fast.modifications).isDisjoint(with: fast.deletions), "a moved row is not also modified")
        }
    }
}

/// The elements in order without repeats.
private func withoutRepeats(_ keys: [Int64]) -> [Int64] {
    var seen = Set<Int64>()
    return keys.filter { seen.insert($0).inserted }
}
