import Foundation

/// Range and offset mutations of a List, as Realm Swift's `List` has them (the last two are
/// what SwiftUI's `onDelete` and `onMove` hand over).
extension List {
    /// Replaces the elements of `subrange` with `newElements` (removed embedded objects are
    /// deleted; linked objects stay).
    ///
    /// For example:
    ///
    ///     person.dogs.replaceSubrange(0..<2, with: [rex])
    public func replaceSubrange<C: Collection, R>(_ subrange: R, with newElements: C)
    where C.Iterator.Element == Element, R: RangeExpression, List<Element>.Index == R.Bound {
        let range = subrange.relative(to: 0..<count)
        checkBounds(range.upperBound, limit: count + 1)
        for index in range.reversed() { remove(at: index) }
        for (offset, element) in newElements.enumerated() { insert(element, at: range.lowerBound + offset) }
    }

    /// Removes the elements at `offsets`.
    ///
    /// For example:
    ///
    ///     person.dogs.remove(atOffsets: IndexSet([0, 2]))
    public func remove(atOffsets offsets: IndexSet) {
        if let last = offsets.last { checkBounds(last, limit: count) }
        for index in offsets.reversed() { remove(at: index) }
    }

    /// Moves the elements at `offsets`, in order, to before the element now at `destination`
    /// (`count`: to the end), as `Array.move(fromOffsets:toOffset:)` does.
    ///
    /// For example:
    ///
    ///     person.dogs.move(fromOffsets: IndexSet([0]), toOffset: 3)   // [a, b, c] → [b, c, a]
    public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
        if let last = offsets.last { checkBounds(last, limit: count) }
        checkBounds(destination, limit: count + 1)
        var order = Array(0..<count)
        let moving = offsets.map { order[$0] }
        let before = offsets.count(where: { $0 < destination })
        order.removeAll { offsets.contains($0) }
        order.insert(contentsOf: moving, at: destination - before)
        // Bring each element to its place, front to back, with single moves.
        var current = Array(0..<count)
        for (target, original) in order.enumerated() {
            let from = current.firstIndex(of: original)!
            guard from != target else { continue }
            move(from: from, to: target)
            current.insert(current.remove(at: from), at: target)
        }
    }

    /// Traps with Realm's message unless `0 <= index < limit`.
    func checkBounds(_ index: Int, limit: Int) {
        if index < 0 || index >= limit { RealmMessages.trap(RealmMessages.indexOutOfBounds(index, limit)) }
    }
}
