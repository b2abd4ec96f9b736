/// What the open write transaction changed, in order, for the change log (Store+ChangeLog).
///
/// Each change is an event: an insertion or deletion of a range of keys of one class, or a
/// modification of one object's properties. Consecutive keys inserted into one class extend
/// one event (a bulk load of a class logs a few key ranges, not one event per object). SQLite
/// gives a new object the key after the class's highest, so only deleting the newest object
/// (the open range's end) lets the next insertion reuse a key: that deletion ends the open
/// range, so the reused key is logged after its deletion; deleting an older object (an
/// upsert replacing a List of embedded objects) leaves the range open.
/// Past `limit` (100,000) events the recorder keeps none and the commit is logged as an overflow, for
/// which observers re-read everything (`Store.changes(from:to:)` answers nil).
struct ChangeRecorder {
    /// The kind of an event, as stored in `_realm_changes.kind`.
    enum Kind: Int64 {
        case insert = 0, delete = 1, modify = 2, overflow = 3
        /// A commit that changed no object (every logged commit has a row).
        case none = 4
    }

    struct Event {
        var kind: Kind
        var classID: Int64
        var low: Int64
        var high: Int64
        var properties: Set<String> = []
    }

    /// The most events one transaction logs one by one.
    var limit = 100_000

    private(set) var events: [Event] = []
    private(set) var overflowed = false
    /// Per class: the index of its insertion event still open for the next key. A list, not a
    /// dictionary: an import inserts into a few classes, and comparing their ids costs less
    /// than hashing one.
    private var openInserts: [(classID: Int64, event: Int)] = []

    var isEmpty: Bool { events.isEmpty && !overflowed }

    mutating func inserted(_ classID: Int64, _ key: Int64) {
        let open = openInserts.firstIndex { $0.classID == classID }
        if let open, events[openInserts[open].event].high &+ 1 == key {
            events[openInserts[open].event].high = key
            return
        }
        guard append(Event(kind: .insert, classID: classID, low: key, high: key)) else { return }
        if let open {
            openInserts[open].event = events.count - 1
        } else {
            openInserts.append((classID, events.count - 1))
        }
    }

    mutating func deleted(_ classID: Int64, _ key: Int64) {
        if let open = openInserts.firstIndex(where: { $0.classID == classID }), key >= events[openInserts[open].event].high {
            openInserts.remove(at: open)
        }
        if let last = events.last, last.kind == .delete, last.classID == classID, last.high &+ 1 == key {
            events[events.count - 1].high = key
            return
        }
        append(Event(kind: .delete, classID: classID, low: key, high: key))
    }

    mutating func modified(_ classID: Int64, _ key: Int64, _ properties: some Sequence<String>) {
        if let last = events.last, last.kind == .modify, last.classID == classID, last.low == key {
            events[events.count - 1].properties.formUnion(properties)
            return
        }
        append(Event(kind: .modify, classID: classID, low: key, high: key, properties: Set(properties)))
    }

    /// Where a savepoint starts: the event count and the ends of the open insertion ranges
    /// (which later insertions may extend); `rollBack(to:)` forgets what came after it.
    struct Mark {
        let count: Int
        let ends: [Int: Int64]
    }

    var mark: Mark {
        Mark(count: overflowed ? -1 : events.count,
             ends: Dictionary(uniqueKeysWithValues: openInserts.map { ($0.event, events[$0.event].high) }))
    }

    mutating func rollBack(to mark: Mark) {
        guard mark.count >= 0, !overflowed else { return }
        if mark.count < events.count { events.removeSubrange(mark.count...) }
        for (index, end) in mark.ends where index < events.count { events[index].high = end }
        openInserts.removeAll { mark.ends[$0.event] == nil }
    }

    mutating func removeAll() {
        events = []
        openInserts = []
        overflowed = false
    }

    @discardableResult
    private mutating func append(_ event: Event) -> Bool {
        guard !overflowed else { return false }
        guard events.count < limit else {
            overflowed = true
            events = []
            openInserts = []
            return false
        }
        events.append(event)
        return true
    }
}
