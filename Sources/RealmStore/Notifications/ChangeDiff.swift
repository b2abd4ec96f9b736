/// The changeset between two versions of a collection, as Realm computes it: rows are matched
/// by identity (an object's key, with a repeat count for Lists that hold an object twice);
/// rows only in the old version are deletions (old indices), rows only in the new one
/// insertions (new indices); of the rows in both, those outside the longest run kept in the
/// same relative order (preferring unmodified rows) moved, and a move is a deletion plus an
/// insertion; a row kept in place whose watched values changed is a modification (old index).
///
/// For example:
///
///     let diff = ChangeDiff(old: [1, 2, 3], new: [3, 1, 2], oldValues: [:], newValues: [:])
///     // diff.deletions == [2], diff.insertions == [0]
struct ChangeDiff<ID: Hashable> {
    private(set) var deletions: [Int] = []
    private(set) var insertions: [Int] = []
    private(set) var modifications: [Int] = []

    var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && modifications.isEmpty }

    /// The diff of the old and new row identities; `oldValues`/`newValues` hold each row's
    /// watched-value digest (rows without one are never modified).
    init(old: [ID], new: [ID], oldValues: [ID: Int], newValues: [ID: Int]) {
        let oldIDs = ChangeDiff.numbered(old)
        let newIDs = ChangeDiff.numbered(new)
        var oldIndex: [Numbered: Int] = [:]
        oldIndex.reserveCapacity(oldIDs.count)
        for (index, id) in oldIDs.enumerated() { oldIndex[id] = index }
        // Old positions of the rows kept, in new order; the longest increasing run stays.
        var kept: [(new: Int, old: Int)] = []
        for (index, id) in newIDs.enumerated() {
            if let old = oldIndex[id] { kept.append((index, old)) } else { insertions.append(index) }
        }
        let changed = kept.map { pair in
            let id = oldIDs[pair.old].id
            return oldValues[id].map { before in newValues[id].map { $0 != before } ?? false } ?? false
        }
        let staying = ChangeDiff.staying(kept.map(\.old), changed)
        var matched = Set<Int>(minimumCapacity: kept.count)
        for (position, pair) in kept.enumerated() {
            matched.insert(pair.old)
            if staying.contains(position) {
                if changed[position] { modifications.append(pair.old) }
            } else {
                deletions.append(pair.old)
                insertions.append(pair.new)
            }
        }
        deletions += oldIDs.indices.filter { !matched.contains($0) }
        deletions.sort()
        insertions.sort()
        modifications.sort()
    }

    /// An identity with its repeat count (the second `3` of a list is `(3, 1)`).
    private struct Numbered: Hashable {
        let id: ID
        let occurrence: Int
    }

    private static func numbered(_ ids: [ID]) -> [Numbered] {
        var seen: [ID: Int] = [:]
        seen.reserveCapacity(ids.count)
        return ids.map { id in
            let count = seen[id, default: 0]
            seen[id] = count + 1
            return Numbered(id: id, occurrence: count)
        }
    }

    /// The rows that stay in place: a longest run in the old order, made of unmodified rows
    /// when one as long exists (so that a row whose change moved it is the one reported as
    /// moved, not its unmodified neighbours).
    private static func staying(_ oldPositions: [Int], _ changed: [Bool]) -> Set<Int> {
        let all = longestIncreasing(oldPositions)
        let unmodified = oldPositions.indices.filter { !changed[$0] }
        guard unmodified.count < oldPositions.count, unmodified.count >= all.count else { return all }
        let run = longestIncreasing(unmodified.map { oldPositions[$0] })
        return run.count == all.count ? Set(run.map { unmodified[$0] }) : all
    }

    /// The positions in `values` of one longest strictly increasing subsequence (patience
    /// sorting, O(n log n)).
    static func longestIncreasing(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []          // positions of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            result.insert(position)
            position = previous[position]
        }
        return result
    }
}
