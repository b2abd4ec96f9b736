import Foundation
import RealmEngine

/// Objects given again with the same content, under `--mode upsert` (Realm's `.all`): data from
/// MongoDB repeats the same sub-document (a dog, an author) inside many documents. An object
/// this run inserted itself, whose class writes only what its input says
/// (`ImportClassPlan.writesOnlyItsInput`), is recorded with its `ObjectFingerprint`; when an
/// object with its primary key comes again with the same fingerprint, it is linked as it is
/// instead of being updated (its embedded objects deleted and created again). The store ends
/// the same but for the internal keys of those embedded objects; the repeat counts as updated,
/// as the upsert would have.
///
/// Any other write of a recorded key (an upsert with other content, a `--drop`, a delete)
/// forgets its record first; objects stored before the run, merges and inserts always take the
/// full path. An object is recorded only once its own create succeeded, so no savepoint undoes a
/// recorded insert (and a rollback of the run drops the records); no fixup sets a property of
/// it (it links to no other class). Records stop at `RepeatRecords.byteLimit`.
///
/// For example (`people.ndjson` gives the dog with `_id` 7 in two documents):
///
///     let importer = try Importer(store: store, options: ImportOptions(className: "Person", mode: .upsert))
///     try importer.importInput(DocumentSource(path: "people.ndjson", options: importer.sourceOptions))
///     importer.repeats.linked    // 1: the second dog 7 was linked, not rewritten
struct RepeatRecords {
    /// One recorded object: its class plan and primary key (with their hash), its key in the
    /// store, and where its fingerprint is in `storage`; `count` is -1 once forgotten.
    private struct Entry {
        var plan: ObjectIdentifier
        var key: StoreValue
        var hash: UInt64
        var object: Int64
        var start: Int
        var count: Int
    }

    /// Every entry recorded, forgotten ones too (an entry is reused when its object is
    /// recorded again).
    private var entries: [Entry] = []
    /// An open-addressing table of `entries`: each slot is an index into it plus one (zero:
    /// empty); a name's slots are probed from its hash on. At most half full.
    private var slots: [Int32] = []
    /// Every recorded fingerprint, end to end: one growing buffer rather than an allocation per
    /// object kept for the whole run.
    private var storage: [UInt8] = []
    /// The fingerprints' bytes plus an estimate of each entry's own memory.
    private(set) var bytes = 0
    /// The most `bytes` recorded (4 MiB); later objects take the full path.
    var byteLimit = 4 << 20
    /// Whether an object did not fit any more: new objects are not fingerprinted then.
    private(set) var isFull = false
    /// How many objects were linked instead of written, and how many of them before being
    /// converted (by the fingerprint the reading thread made).
    private(set) var linked = 0
    fileprivate(set) var linkedUnconverted = 0

    /// The object of `plan` with primary key `key`, when it was recorded with `fingerprint`
    /// (counted as linked). A record with another fingerprint is forgotten: the object is
    /// about to be written with other content.
    mutating func link(_ plan: ImportClassPlan, key: StoreValue, _ fingerprint: [UInt8]) -> ObjectKey? {
        let hash = Self.hash(plan, key)
        guard let index = find(ObjectIdentifier(plan), key, hash: hash).entry, entries[index].count >= 0 else { return nil }
        let entry = entries[index]
        let same = entry.count == fingerprint.count && (fingerprint.isEmpty || storage.withUnsafeBytes { stored in
            fingerprint.withUnsafeBytes { given in
                memcmp(stored.baseAddress! + entry.start, given.baseAddress!, given.count) == 0
            }
        })
        guard same else {
            entries[index].count = -1
            return nil
        }
        linked += 1
        return ObjectKey(className: plan.name, key: entry.object)
    }

    /// Whether an object of `plan` with primary key `key` is recorded.
    func contains(_ plan: ImportClassPlan, key: StoreValue) -> Bool {
        guard let index = find(ObjectIdentifier(plan), key, hash: Self.hash(plan, key)).entry else { return false }
        return entries[index].count >= 0
    }

    mutating func record(_ plan: ImportClassPlan, key: StoreValue, object: ObjectKey, _ fingerprint: [UInt8]) {
        let size = fingerprint.count + 64
        guard bytes + size <= byteLimit else {
            isFull = true
            return
        }
        bytes += size
        let hash = Self.hash(plan, key)
        let found = find(ObjectIdentifier(plan), key, hash: hash)
        if let index = found.entry {
            entries[index].object = object.key
            entries[index].start = storage.count
            entries[index].count = fingerprint.count
        } else {
            entries.append(Entry(plan: ObjectIdentifier(plan), key: key, hash: hash, object: object.key, start: storage.count,
                                 count: fingerprint.count))
            if entries.count * 2 > slots.count {
                rebuildSlots()
            } else {
                slots[found.slot] = Int32(entries.count)
            }
        }
        storage.append(contentsOf: fingerprint)
    }

    /// Forgets the record of `key` (every record of `plan` when `key` is nil: an object whose
    /// key is not given, or a class emptied). The bytes stay counted.
    mutating func forget(_ plan: ImportClassPlan, key: StoreValue?) {
        guard !entries.isEmpty else { return }
        if let key {
            if let index = find(ObjectIdentifier(plan), key, hash: Self.hash(plan, key)).entry { entries[index].count = -1 }
        } else {
            for index in entries.indices where entries[index].plan == ObjectIdentifier(plan) { entries[index].count = -1 }
        }
    }

    mutating func removeAll() {
        entries = []
        slots = []
        storage = []
        bytes = 0
    }

    /// The entry of `plan` and `key` if there is one, and the slot that holds it or, if not,
    /// the empty slot where it would go.
    private func find(_ plan: ObjectIdentifier, _ key: StoreValue, hash: UInt64) -> (entry: Int?, slot: Int) {
        guard !slots.isEmpty else { return (nil, 0) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return (nil, slot) }
            let entry = entries[stored - 1]
            if entry.hash == hash && entry.plan == plan && entry.key == key { return (stored - 1, slot) }
            slot = (slot + 1) & mask
        }
    }

    /// Makes `slots` twice as large as `entries` needs and fills it again.
    private mutating func rebuildSlots() {
        var count = 64
        while count < entries.count * 4 { count *= 2 }
        var slots = [Int32](repeating: 0, count: count)
        let mask = count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
        self.slots = slots
    }

    /// The hash of an object's name: its primary key's (`PrimaryKeyFilter.hash`, no `Hasher`)
    /// mixed with its plan's identity.
    private static func hash(_ plan: ImportClassPlan, _ key: StoreValue) -> UInt64 {
        PrimaryKeyFilter.hash(key) ^ UInt64(UInt(bitPattern: ObjectIdentifier(plan)) &* 0x9E37_79B9_7F4A_7C15)
    }
}

/// What to do with an object about to be written (`Importer.linkRepeat`).
enum RepeatCheck {
    /// Link to this object instead: it was written with the same content.
    case linked(ObjectKey)
    /// Write it, then record it under its primary key if it was inserted.
    case record(StoreValue, [UInt8])
    /// Write it.
    case write
}

extension Importer {
    /// Before converting an object: the key of the object it repeats, when the reading thread
    /// converted it whole (`prepared`, already taken) and its fingerprint is recorded.
    /// Otherwise nil; `check` is then what to do after converting it (nil when that is still
    /// to be found out).
    func linkRepeat(_ prepared: PreparedObject?, _ plan: ImportClassPlan, policy: UpdatePolicy,
                    check: inout RepeatCheck?) -> ObjectKey? {
        guard policy == .all, let prepared, let fingerprint = prepared.fingerprint, linksRepeats,
              let position = plan.primaryKeyPosition, case .value(let key)? = prepared.inputs[position] else { return nil }
        guard let linked = repeats.link(plan, key: key, fingerprint) else {
            check = .record(key, fingerprint)
            return nil
        }
        repeats.linkedUnconverted += 1
        countLinked(plan)
        return linked
    }

    /// After converting an object into `fields` without problems, before it is written, when
    /// `linkRepeat(_:_:policy:check:)` found nothing to do before converting: links to the
    /// object it repeats, if recorded; otherwise forgets any record of its primary key (it is
    /// about to be written) and says whether to record it once inserted.
    func linkRepeat(_ fields: FieldsByPosition, _ plan: ImportClassPlan, policy: UpdatePolicy) -> RepeatCheck {
        guard plan.isRepeatable, let position = plan.primaryKeyPosition else { return .write }
        guard case .value(let key)? = fields.inputs[position] else {
            repeats.forget(plan, key: nil)
            return .write
        }
        // Past the cap only a recorded object needs its fingerprint.
        let isRecorded = repeats.contains(plan, key: key)
        guard policy == .all, linksRepeats, fields.streams.isEmpty, isRecorded || !repeats.isFull,
              let fingerprint = ObjectFingerprint.encode(fields.inputs) else {
            if isRecorded { repeats.forget(plan, key: key) }
            return .write
        }
        if isRecorded, let linked = repeats.link(plan, key: key, fingerprint) {
            countLinked(plan)
            return .linked(linked)
        }
        return .record(key, fingerprint)
    }

    /// Records an object of `plan` this run just inserted, when `check` says so.
    func recordInserted(_ object: ObjectKey, _ plan: ImportClassPlan, _ check: RepeatCheck) {
        guard case .record(let key, let fingerprint) = check else { return }
        repeats.record(plan, key: key, object: object, fingerprint)
    }

    /// The position of `plan`'s primary key among its properties.
    /// Counts a linked repeat as the upsert it stands for: an update.
    private func countLinked(_ plan: ImportClassPlan) {
        plan.counts.updated += 1
        objectCount += 1
    }
}
