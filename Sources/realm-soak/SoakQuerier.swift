import Foundation
import RealmStore

/// `realm-soak query STORE SECONDS`: a reader asking questions through `Results` in a loop
/// until SECONDS have passed. Each round moves to the newest version (`refresh()`) and, within
/// that one version, checks that the object count never went down, that it is `Batch.size`
/// times the number of batches (objects with `seq == 0`: no half batch visible), that a batch
/// chosen at random is whole, and (every tenth round) that `seq` sums to a whole number of
/// batches. Prints `rounds N` and `queries N`; exits 1 when an invariant broke, each on stderr.
enum SoakQuerier {
    static func run(store: String, seconds: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        let realm = try SoakItem.realm(store)
        let all = realm.objects(SoakItem.self)
        let heads = all.filter("seq == 0")
        var problems: [String] = []
        var rounds = 0, queries = 0, last = 0
        while Date() < deadline && problems.count < SoakMessages.problemsShown {
            _ = realm.refresh()
            let count = all.count, batches = heads.count
            queries += 2
            if count < last { problems.append(SoakMessages.countWentDown(from: last, to: count)) }
            if count != batches * Batch.size { problems.append(SoakMessages.partBatchVisible(objects: count, batches: batches)) }
            if batches > 0 {
                let name = heads[Int.random(in: 0..<batches)].batch
                let objects = all.filter("batch == %@", name).count
                queries += 2
                if objects != Batch.size { problems.append(SoakMessages.partBatch(name, objects: objects)) }
            }
            if rounds % 10 == 0 {
                let seqs: Int = all.sum(ofProperty: "seq")
                queries += 1
                if seqs != batches * Batch.seqSum { problems.append(SoakMessages.seqSum(seqs, batches: batches)) }
            }
            last = count
            rounds += 1
            Thread.sleep(forTimeInterval: 0.002)
        }
        print("rounds \(rounds)\nqueries \(queries)\nobjects \(last)")
        for problem in problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
        return problems.isEmpty ? 0 : 1
    }
}
