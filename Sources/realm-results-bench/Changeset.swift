import Foundation
import RealmStore

/// `realm-results-bench changeset FILE WRITES`: the cost of a change notification on Items
/// sorted by age. Observes the sorted Results, waits for the initial notification, then
/// changes the age of WRITES objects spread over the file (so some move) in one write and
/// measures from the commit to the delivered update (the changeset computed); then re-runs
/// the same query from scratch (all its keys). Prints `<deletions+insertions+modifications>
/// <changeset seconds> <re-run seconds>`.
enum Changeset {
    static func run(_ path: String, writes: Int) throws -> String {
        let realm = try Item.realm(path)
        let results = realm.objects(Item.self).sorted(byKeyPath: "age")
        var delivered: (Int, Double)?
        var committed = DispatchTime.now().uptimeNanoseconds
        var initial = false
        let token = results.observe { change in
            switch change {
            case .initial: initial = true
            case .update(_, let deletions, let insertions, let modifications):
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e9
                delivered = (deletions.count + insertions.count + modifications.count, elapsed)
            case .error: break
            }
        }
        while !initial { RunLoop.current.run(until: Date().addingTimeInterval(0.001)) }
        let total = results.count
        let step = max(1, total / max(1, writes))
        try realm.write {
            for id in stride(from: 0, to: total, by: step).prefix(writes) {
                realm.object(ofType: Item.self, forPrimaryKey: id)?.age = (id * 7) % 100
            }
        }
        committed = DispatchTime.now().uptimeNanoseconds
        while delivered == nil { RunLoop.current.run(until: Date().addingTimeInterval(0.001)) }
        token.invalidate()
        let (_, rerun) = seconds {
            let fresh = realm.objects(Item.self).sorted(byKeyPath: "age")
            _ = fresh[0]
            return fresh[fresh.count - 1].id      // the second indexed read takes every key
        }
        return "\(delivered!.0) " + String(format: "%.6f %.6f", delivered!.1, rerun)
    }
}
