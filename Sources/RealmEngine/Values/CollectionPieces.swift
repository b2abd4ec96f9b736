// Collection pieces: a List, MutableSet or Map input too large to hold at once, handed to the store a piece at a time.

/// A List, MutableSet or Map input handed to the store in pieces, for a collection too large
/// to hold converted at once (the importer's elements of one huge JSON array or object).
///
/// Each call of `next` returns the following piece: `.collection` elements for a list or a
/// set (in order; a list's positions continue from piece to piece), `.map` entries for a map;
/// nil after the last. The store writes each piece before asking for the next, inside the
/// object's own `create`, so an error thrown by `next` (or by the store) undoes the whole
/// object. A key given again in a later piece of a map is a `DuplicateMapKey` error.
///
/// For example:
///
///     var pieces = [[1, 2], [3]].makeIterator()
///     fields.stream(CollectionPieces { pieces.next().map { .collection($0.map { .value(.int($0)) }) } }, at: 1)
package final class CollectionPieces {
    private let nextPiece: () throws -> InputValue?

    package init(_ next: @escaping () throws -> InputValue?) {
        nextPiece = next
    }

    /// The next piece; nil at the end.
    func next() throws -> InputValue? {
        try nextPiece()
    }
}

/// A map key that a `CollectionPieces` gave twice: the map would keep only one of them.
package struct DuplicateMapKey: Error {
    /// The stored key.
    package let key: String
    /// The map property's name.
    package let property: String
}
