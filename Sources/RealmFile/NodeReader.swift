/// Loads nodes for one decoding job: checks every ref (aligned, inside the file), bounds the depth
/// of any descent, catches a ref that comes back along the current path (a cycle) and caps the
/// total number of node visits so that no file, however shared or looped its refs, can make the
/// reader hang.
///
/// One reader serves one job (opening the file, or streaming one class); it is not shared.
final class NodeReader {
    /// The deepest descent through trees and nested collections accepted.
    static let maxDepth = 64

    let bytes: FileBytes
    /// The end of the node area (the file size, or the streaming footer's offset).
    let end: Int
    /// The file format version (22, 23 or 24).
    let formatVersion: Int
    /// Table names by table key, for typed links (filled in once the group is read).
    var tableNamesByKey: [Int64: String] = [:]
    private var path: [Int] = []
    private var visitsLeft: Int

    init(bytes: FileBytes, end: Int, formatVersion: Int) {
        self.bytes = bytes
        self.end = end
        self.formatVersion = formatVersion
        visitsLeft = max(end, 0) &+ 10_000
    }

    /// The node at `ref`, which was read from the slot at byte `source`.
    func node(_ ref: Int64, from source: Int) throws(RealmFileError) -> Node {
        visitsLeft &-= 1
        guard visitsLeft >= 0 else {
            throw RealmFileError(.cycle, RealmFileMessages.tooManyVisits, offset: source)
        }
        guard ref != 0 else {
            throw RealmFileError(.badReference, RealmFileMessages.nullRef, offset: source)
        }
        guard ref > 0, ref % 8 == 0 else {
            throw RealmFileError(.badReference, RealmFileMessages.misalignedRef(ref), offset: source)
        }
        guard ref >= 24, ref <= Int64(end &- 8) else {
            throw RealmFileError(.badReference, RealmFileMessages.refOutside(ref, end: end), offset: source)
        }
        return try Node(ref: Int(ref), bytes: bytes, end: end)
    }

    /// The node at `ref` (read from byte `source`), which must be an integer node (no width type
    /// other than bits).
    func intNode(_ ref: Int64, from source: Int) throws(RealmFileError) -> Node {
        let node = try node(ref, from: source)
        guard node.widthType == .bits else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedIntegerNode, offset: node.ref)
        }
        return node
    }

    /// The node at `ref` (read from byte `source`), which must have refs and at least `minimum` slots.
    func refsNode(_ ref: Int64, from source: Int, minimum: Int, role: String) throws(RealmFileError) -> Node {
        let node = try intNode(ref, from: source)
        guard node.hasRefs, node.count >= minimum else {
            throw RealmFileError(.badNode, RealmFileMessages.badShape(role, slots: node.count, minimum: minimum),
                                 offset: node.ref)
        }
        return node
    }

    /// Runs `body` with `ref` on the current path: refuses a ref already on it (a cycle) and a
    /// path deeper than `maxDepth`.
    func descend<T>(into ref: Int, _ body: () throws(RealmFileError) -> T) throws(RealmFileError) -> T {
        guard !path.contains(ref) else {
            throw RealmFileError(.cycle, RealmFileMessages.cycle(ref), offset: ref)
        }
        guard path.count < Self.maxDepth else {
            throw RealmFileError(.tooDeep, RealmFileMessages.tooDeep(Self.maxDepth), offset: ref)
        }
        path.append(ref)
        defer { path.removeLast() }
        return try body()
    }
}

extension Node {
    /// The offset of slot `index`'s bytes for 64-bit-wide nodes, or the node's payload otherwise:
    /// the place an error about what the slot refers to points at.
    func slotOffset(_ index: Int) -> Int {
        width >= 8 ? payload &+ index &* (width / 8) : payload
    }

    /// Whether slot `index` of a has-refs node holds a ref (even and non-zero).
    func isRef(_ index: Int) -> Bool {
        let value = int(index)
        return value != 0 && value & 1 == 0
    }

    /// The tagged integer in slot `index` of a has-refs node (stored as `value << 1 | 1`).
    func tagged(_ index: Int) throws(RealmFileError) -> Int64 {
        let value = int(index)
        guard value & 1 == 1 else {
            throw RealmFileError(.badNode, RealmFileMessages.expectedTagged(slot: index), offset: slotOffset(index))
        }
        return value >> 1
    }

    /// Like `tagged`, but a plain 0 (an unset slot) reads as 0.
    func taggedOrZero(_ index: Int) throws(RealmFileError) -> Int64 {
        int(index) == 0 ? 0 : try tagged(index)
    }
}
