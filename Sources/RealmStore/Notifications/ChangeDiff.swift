/// The changeset between two versions of a collection, as Realm computes it: rows are matched
/// by identity (an object's key, with a repeat count for Lists that hold an object twice);
/// rows only in the old version are deletions (old indices), rows only in the new one
/// insertions (new indices); of the rows in both, those outside the longest run kept in the
/// same relative order (preferring unmodified rows) moved, and a move is a deletion plus an
/// insertion; a row kept in place whose watched values changed is a modification (old index).
/// A row that moved and changed is reported as moved only, as Realm does (realm-core drops
/// the modifications of inserted rows from those in old indices).
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
        var oldIndex: [Numbered: Int] = [:]
        oldIndex.reserveCapacity(oldIDs.count)
        for (index, id) in oldIDs.enumerated() { oldIndex[id] = index }
        let positions = ChangeDiff.numbered(new).map { oldIndex[$0] ?? -1 }
        self.init(oldIndex: positions, oldCount: old.count) { before, after in
            let id = oldIDs[before].id
            return oldValues[id].map { digest in newValues[id].map { $0 != digest } ?? false } ?? false
        }
    }

    /// The diff given where each new row was (`oldIndex`, -1 for a row new to the collection;
    /// no old index twice) among `oldCount` old rows; `changed(old, new)` tells whether a row
    /// kept from old index `old` to new index `new` changed its watched values. Arrays only:
    /// no row is hashed.
    init(oldIndex: [Int], oldCount: Int, changed: (_ old: Int, _ new: Int) -> Bool) {
        var keptOld: [Int] = [], keptNew: [Int] = []
        keptOld.reserveCapacity(oldIndex.count)
        keptNew.reserveCapacity(oldIndex.count)
        for (index, old) in oldIndex.enumerated() {
            if old < 0 {
                insertions.append(index)
            } else {
                keptOld.append(old)
                keptNew.append(index)
            }
        }
        let modified = keptOld.indices.map { changed(keptOld[$0], keptNew[$0]) }
        let staying = ChangeDiff.staying(keptOld, modified)
        var matched = [Bool](repeating: false, count: oldCount)
        for position in keptOld.indices {
            matched[keptOld[position]] = true
            if staying[position] {
                if modified[position] { modifications.append(keptOld[position]) }
            } else {
                deletions.append(keptOld[position])
                insertions.append(keptNew[position])
            }
        }
        for index in 0..<oldCount where !matched[index] { deletions.append(index) }
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

    /// Which kept rows stay in place: a longest run in the old order, made of unmodified rows
    /// when one as long exists (so that a row whose change moved it is the one reported as
    /// moved, not its unmodified neighbours).
    private static func staying(_ oldPositions: [Int], _ changed: [Bool]) -> [Bool] {
        let all = longestIncreasing(oldPositions)
        let unmodified = oldPositions.indices.filter { !changed[$0] }
        guard unmodified.count < oldPositions.count, unmodified.count >= all.length else { return all.marks }
        let run = longestIncreasing(unmodified.map { oldPositions[$0] })
        guard run.length == all.length else { return all.marks }
        var marks = [Bool](repeating: false, count: oldPositions.count)
        for (position, row) in unmodified.enumerated() where run.marks[position] { marks[row] = true }
        return marks
    }

    /// Whether `values` increase strictly.
    private static func isIncreasing(_ values: [Int]) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            buffer.count < 2 || (1..<buffer.count).allSatisfy { buffer[$0 - 1] < buffer[$0] }
        }
    }

    /// One longest strictly increasing subsequence of `values` (patience sorting, O(n log n)):
    /// which positions are in it, and its length.
    static func longestIncreasing(_ values: [Int]) -> (marks: [Bool], length: Int) {
        if isIncreasing(values) { return ([Bool](repeating: true, count: values.count), values.count) }
        var tails = [Int](repeating: 0, count: values.count)   // positions of the smallest tail of each length
        var length = 0
        var previous = [Int](repeating: -1, count: values.count)
        values.withUnsafeBufferPointer { values in
            tails.withUnsafeMutableBufferPointer { tails in
                previous.withUnsafeMutableBufferPointer { previous in
                    for position in 0..<values.count {
                        let value = values[position]
                        var low = 0, high = length
                        while low < high {
                            let middle = (low + high) / 2
                            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
                        }
                        if low > 0 { previous[position] = tails[low - 1] }
                        tails[low] = position
                        if low == length { length += 1 }
                    }
                }
            }
        }
        var marks = [Bool](repeating: false, count: values.count)
        var position = length > 0 ? tails[length - 1] : -1
        while position >= 0 {
            marks[position] = true
            position = previous[position]
        }
        return (marks, length)
    }
}
