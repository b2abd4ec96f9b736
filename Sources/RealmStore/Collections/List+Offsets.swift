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

    /// Removes the first `number` elements (embedded ones are deleted); more than the list
    /// holds, or a negative number, traps with Realm's message.
    ///
    /// For example:
    ///
    ///     person.dogs.removeFirst(2)
    public func removeFirst(_ number: Int = 1) {
        checkRemovable(number)
        for _ in 0..<number { remove(at: 0) }
    }

    /// Removes the last `number` elements (embedded ones are deleted); more than the list
    /// holds, or a negative number, traps with Realm's message (`removeLast()` of an empty
    /// list too).
    public func removeLast(_ number: Int = 1) {
        checkRemovable(number)
        for _ in 0..<number { remove(at: count - 1) }
    }

    /// Inserts `newElements` in order, the first at `index`.
    ///
    /// For example:
    ///
    ///     person.dogs.insert(contentsOf: [rex, fido], at: 1)
    public func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
        checkBounds(index, limit: count + 1)
        for (offset, element) in newElements.enumerated() { insert(element, at: index + offset) }
    }

    /// Removes the elements of `bounds` (embedded ones are deleted).
    ///
    /// For example:
    ///
    ///     person.dogs.removeSubrange(1...2)
    public func removeSubrange<R: RangeExpression>(_ bounds: R) where R.Bound == Int {
        replaceSubrange(bounds, with: EmptyCollection())
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

    private func checkRemovable(_ number: Int) {
        if number < 0 { RealmMessages.trap(RealmMessages.negativeIndex) }
        if number > count { RealmMessages.trap(RealmMessages.removeMoreThanCount(number, count)) }
    }

    /// Traps with Realm's message unless `0 <= index < limit`.
    func checkBounds(_ index: Int, limit: Int) {
        if index < 0 || index >= limit { RealmMessages.trap(RealmMessages.indexOutOfBounds(index, limit)) }
    }
}

/// A List is a `MutableCollection`, as Realm Swift's is: `list[1..<3] = list[0..<1]` replaces a
/// range (with any number of elements), and `sort()`, `reverse()` or `partition(by:)` work in
/// place (in a write transaction when managed).
extension List: MutableCollection {
    public subscript(bounds: Range<Int>) -> Slice<List<Element>> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: Array(newValue)) }
    }
}
