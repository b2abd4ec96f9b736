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
///     try importer.importInput(JSONDocumentSource(path: "people.ndjson", options: importer.sourceOptions))
///     importer.repeats.linked    // 1: the second dog 7 was linked, not rewritten
struct RepeatRecords {
    /// One recorded object: its key, and where its fingerprint is in `storage`.
    private struct Entry {
        var object: Int64
        var start: Int
        var count: Int
    }

    /// An object by its class plan and primary key.
    private struct Name: Hashable {
        var plan: ObjectIdentifier
        var key: StoreValue
    }

    private var entries: [Name: Entry] = [:]
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
        let name = Name(plan: ObjectIdentifier(plan), key: key)
        guard let entry = entries[name] else { return nil }
        guard storage[entry.start..<(entry.start + entry.count)].elementsEqual(fingerprint) else {
            entries[name] = nil
            return nil
        }
        linked += 1
        return ObjectKey(className: plan.name, key: entry.object)
    }

    /// Whether an object of `plan` with primary key `key` is recorded.
    func contains(_ plan: ImportClassPlan, key: StoreValue) -> Bool {
        entries[Name(plan: ObjectIdentifier(plan), key: key)] != nil
    }

    mutating func record(_ plan: ImportClassPlan, key: StoreValue, object: ObjectKey, _ fingerprint: [UInt8]) {
        let size = fingerprint.count + 64
        guard bytes + size <= byteLimit else {
            isFull = true
            return
        }
        bytes += size
        entries[Name(plan: ObjectIdentifier(plan), key: key)] = Entry(object: object.key, start: storage.count, count: fingerprint.count)
        storage.append(contentsOf: fingerprint)
    }

    /// Forgets the record of `key` (every record of `plan` when `key` is nil: an object whose
    /// key is not given, or a class emptied). The bytes stay counted.
    mutating func forget(_ plan: ImportClassPlan, key: StoreValue?) {
        guard !entries.isEmpty else { return }
        if let key {
            entries[Name(plan: ObjectIdentifier(plan), key: key)] = nil
        } else {
            entries = entries.filter { $0.key.plan != ObjectIdentifier(plan) }
        }
    }

    mutating func removeAll() {
        entries = [:]
        storage = []
        bytes = 0
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
    /// Before converting `object`: the key of the object it repeats, when the reading thread
    /// converted it whole and its fingerprint is recorded (its preparation is taken, as
    /// converting would have). Otherwise nil; `check` is then what to do after converting it
    /// (nil when that is still to be found out).
    func linkRepeat(_ object: JSONValue, _ plan: ImportClassPlan, policy: UpdatePolicy, check: inout RepeatCheck?) -> ObjectKey? {
        guard policy == .all, linksRepeats, plan.isRepeatable, let position = Self.primaryKeyPosition(plan) else { return nil }
        let prepared: PreparedObject?
        var nestedIndex: Int?
        if let root = preparation, root.isFor(object, plan) {
            prepared = root
        } else {
            nestedIndex = nestedPreparations.prefix(8).firstIndex { $0.isFor(object, plan) }
            prepared = nestedIndex.map { nestedPreparations[$0] }
        }
        guard let prepared, let fingerprint = prepared.fingerprint, case .value(let key)? = prepared.inputs[position] else {
            return nil
        }
        guard let linked = repeats.link(plan, key: key, fingerprint) else {
            check = .record(key, fingerprint)
            return nil
        }
        // Taken as `takePreparation` takes it: a whole preparation has no nested ones.
        if let nestedIndex {
            nestedPreparations = nestedPreparations[(nestedIndex + 1)...]
            nestedPreparationsTaken += 1
        } else {
            preparation = nil
            nestedPreparations = prepared.nested[...]
        }
        repeats.linkedUnconverted += 1
        countLinked(plan)
        return linked
    }

    /// After converting an object into `fields` without problems, before it is written: links
    /// to the object it repeats, if recorded; otherwise forgets any record of its primary key
    /// (it is about to be written) and says whether to record it once inserted. `check` is
    /// what `linkRepeat(_:_:policy:check:)` found before converting, if anything.
    func linkRepeat(_ fields: FieldsByPosition, _ plan: ImportClassPlan, policy: UpdatePolicy, check: RepeatCheck?) -> RepeatCheck {
        if let check { return check }
        guard plan.isRepeatable, let position = Self.primaryKeyPosition(plan) else { return .write }
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
    private static func primaryKeyPosition(_ plan: ImportClassPlan) -> Int? {
        guard let primaryKey = plan.primaryKey else { return nil }
        return plan.properties.firstIndex { $0 === primaryKey }
    }

    /// Counts a linked repeat as the upsert it stands for: an update.
    private func countLinked(_ plan: ImportClassPlan) {
        summary.classes[plan.name, default: ImportSummary.Counts()].updated += 1
        objectCount += 1
    }
}
