import Foundation
import RealmEngine
import RealmStore

/// `realm-soak writer STORE SECONDS`: the Swift API writer, the process whose memory must stay
/// flat. Until SECONDS have passed it adds one batch per `write {}` (and changes the `qty` of
/// an object of an earlier batch in the same transaction), records the batch in its ledger once
/// `write` returned, reads the batch back through `Results`, and turns its run loop so that a
/// `Results.observe` block on the batches' first objects (`seq == 0`: one per batch, whoever
/// wrote it) receives every process's commits; each changeset must fit the counts before and
/// after. Prints `name value` lines (writes, busy, changes, notifications, problems); exits 1
/// when an invariant broke, each on stderr.
final class SoakWriter {
    /// How long the run loop turns between writes.
    static let pause = 0.05

    var writes = 0, busy = 0, changes = 0, notifications = 0
    var problems: [String] = []
    private var seen = 0

    static func run(store: String, seconds: Double) throws -> Int32 {
        let writer = SoakWriter()
        try writer.loop(store: store, until: Date().addingTimeInterval(seconds))
        print("writes \(writer.writes)\nbusy \(writer.busy)\nchanges \(writer.changes)\nnotifications \(writer.notifications)")
        for problem in writer.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        return writer.problems.isEmpty ? 0 : 1
    }

    private func loop(store: String, until deadline: Date) throws {
        let realm = try SoakItem.realm(store)
        let ledger = try SoakLedger(writer: "writer", in: URL(fileURLWithPath: store).deletingLastPathComponent().path)
        let heads = realm.objects(SoakItem.self).filter("seq == 0")
        let token = heads.observe { [self] change in observed(change) }
        defer { token.invalidate() }
        var number = 0
        while Date() < deadline && problems.count < SoakMessages.problemsShown {
            let batch = Batch(name: "w-\(number)")
            number += 1
            do {
                try realm.write {
                    for seq in 0..<Batch.size {
                        realm.add(SoakItem(value: ["sku": batch.sku(seq), "batch": batch.name, "seq": seq, "qty": number]))
                    }
                    let earlier = Batch(name: "w-\(Int.random(in: 0..<max(1, number - 1)))").sku(Int.random(in: 0..<Batch.size))
                    if number > 1, let object = realm.object(ofType: SoakItem.self, forPrimaryKey: earlier) {
                        object.qty = number
                        changes += 1
                    }
                }
                ledger.record(batch.name)
                writes += 1
                readBack(batch, in: realm)
            } catch let error where "\(error)".contains(StoreError.busyPhrase) {
                _ = error
                busy += 1
            } catch {
                problems.append(SoakMessages.writeFailed(batch.name, error))
            }
            RunLoop.current.run(until: Date().addingTimeInterval(Self.pause))
        }
    }

    /// The batch just written, read through `Results`: whole, and each object where it belongs.
    private func readBack(_ batch: Batch, in realm: Realm) {
        let objects = realm.objects(SoakItem.self).filter("batch == %@", batch.name)
        let seqs: Int = objects.sum(ofProperty: "seq")
        if objects.count != Batch.size || seqs != Batch.seqSum || objects.contains(where: { !$0.sku.hasPrefix(batch.name + "/") }) {
            problems.append(SoakMessages.readBack(batch.name, objects: objects.count))
        }
    }

    /// A changeset must take the previous count to the new one, with indices in range and in
    /// order, and nothing deleted (the soak never deletes).
    private func observed(_ change: RealmCollectionChange<Results<SoakItem>>) {
        notifications += 1
        switch change {
        case .initial(let heads):
            seen = heads.count
        case .update(let heads, let deletions, let insertions, let modifications):
            let now = heads.count
            let ordered = { (indices: [Int], bound: Int) in zip(indices, indices.dropFirst()).allSatisfy(<) && indices.allSatisfy { $0 >= 0 && $0 < bound } }
            if !deletions.isEmpty || seen + insertions.count != now || !ordered(insertions, now) || !ordered(modifications, seen) {
                problems.append(SoakMessages.changeset(before: seen, after: now, deletions: deletions.count,
                                                       insertions: insertions.count, modifications: modifications.count))
            }
            seen = now
        case .error(let error):
            problems.append(SoakMessages.observeFailed(error))
        }
    }
}
