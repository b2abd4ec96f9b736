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
/// Any other write of a recorded key (an upsert with other content, a `--drop`) forgets its
/// record first; objects stored before the run, merges and inserts always take the full path.
/// Records stop at `RepeatRecords.byteLimit`.
///
/// For example (`people.ndjson` gives the dog with `_id` 7 in two documents):
///
///     let importer = try Importer(store: store, options: ImportOptions(className: "Person", mode: .upsert))
///     try importer.importInput(JSONDocumentSource(path: "people.ndjson", options: importer.sourceOptions))
///     importer.repeats.linked    // 1: the second dog 7 was linked, not rewritten
struct RepeatRecords {
    struct Entry {
        var key: ObjectKey
        var fingerprint: [UInt8]
    }

    /// By class plan, then primary key.
    private var entries: [ObjectIdentifier: [StoreValue: Entry]] = [:]
    /// The fingerprints' bytes plus an estimate of each entry's own memory.
    private(set) var bytes = 0
    /// The most `bytes` recorded (16 MiB); later objects take the full path.
    var byteLimit = 16 << 20
    /// How many objects were linked instead of written, and how many of them before being
    /// converted (by the fingerprint the reading thread made).
    private(set) var linked = 0
    fileprivate(set) var linkedUnconverted = 0

    /// The object `fingerprint` (of an object of `plan` with primary key `key`) was recorded
    /// with, counted as linked.
    mutating func match(_ plan: ImportClassPlan, key: StoreValue, _ fingerprint: [UInt8]) -> ObjectKey? {
        guard let entry = entries[ObjectIdentifier(plan)]?[key], entry.fingerprint == fingerprint else { return nil }
        linked += 1
        return entry.key
    }

    mutating func record(_ plan: ImportClassPlan, key: StoreValue, object: ObjectKey, _ fingerprint: [UInt8]) {
        let size = fingerprint.count + 96
        guard bytes + size <= byteLimit else { return }
        bytes += size
        entries[ObjectIdentifier(plan), default: [:]][key] = Entry(key: object, fingerprint: fingerprint)
    }

    /// Forgets the record of `key` (every record of `plan` when `key` is nil: an object whose
    /// key is not given, or a class emptied).
    mutating func forget(_ plan: ImportClassPlan, key: StoreValue?) {
        guard entries[ObjectIdentifier(plan)] != nil else { return }
        if let key {
            entries[ObjectIdentifier(plan)]?[key] = nil
        } else {
            entries[ObjectIdentifier(plan)] = nil
        }
    }

    mutating func removeAll() {
        entries = [:]
        bytes = 0
    }
}

/// What to do with an object about to be written (`Importer.linkRepeat(_:_:policy:fingerprint:)`).
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
    /// converting would have). Otherwise nil, with `fingerprint` set to the preparation's.
    func linkRepeat(_ object: JSONValue, _ plan: ImportClassPlan, policy: UpdatePolicy,
                    fingerprint: inout [UInt8]?) -> ObjectKey? {
        guard policy == .all, linksRepeats, plan.isRepeatable, let pk = plan.primaryKey else { return nil }
        let prepared = preparation.flatMap { $0.isFor(object, plan) ? $0 : nil }
            ?? nestedPreparations.prefix(8).first { $0.isFor(object, plan) }
        guard let prepared, let found = prepared.fingerprint, let position = plan.positions[pk.key],
              case .value(let key)? = prepared.inputs[position] else { return nil }
        fingerprint = found
        guard let linked = repeats.match(plan, key: key, found) else { return nil }
        _ = takePreparation(for: object, plan)
        repeats.linkedUnconverted += 1
        countLinked(plan)
        return linked
    }

    /// After converting an object into `fields` without problems, before it is written: links
    /// to the object it repeats, if recorded (`fingerprint`: the preparation's, if made);
    /// otherwise forgets any record of its primary key (it is about to be written) and says
    /// whether to record it once inserted.
    func linkRepeat(_ fields: FieldsByPosition, _ plan: ImportClassPlan, policy: UpdatePolicy,
                    fingerprint: [UInt8]?) -> RepeatCheck {
        guard let pk = plan.primaryKey, let position = plan.positions[pk.key] else { return .write }
        guard case .value(let key)? = fields.inputs[position] else {
            repeats.forget(plan, key: nil)
            return .write
        }
        guard policy == .all, linksRepeats, plan.isRepeatable, fields.streams.isEmpty,
              let fingerprint = fingerprint ?? ObjectFingerprint.encode(fields.inputs) else {
            repeats.forget(plan, key: key)
            return .write
        }
        if let linked = repeats.match(plan, key: key, fingerprint) {
            countLinked(plan)
            return .linked(linked)
        }
        repeats.forget(plan, key: key)
        return .record(key, fingerprint)
    }

    /// Records an object of `plan` this run just inserted, when `check` says so.
    func recordInserted(_ object: ObjectKey, _ plan: ImportClassPlan, _ check: RepeatCheck) {
        guard case .record(let key, let fingerprint) = check else { return }
        repeats.record(plan, key: key, object: object, fingerprint)
    }

    /// Counts a linked repeat as the upsert it stands for: an update.
    private func countLinked(_ plan: ImportClassPlan) {
        summary.classes[plan.name, default: ImportSummary.Counts()].updated += 1
        objectCount += 1
    }
}
