import Foundation
import RealmStore
import Testing

/// Misuses Realm Swift rejects at run time trap (in a child process) with a located message.
@Suite struct WhereQueryTrapTests {
    /// The standard error of an exit test.
    func text(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aQueryTheCheckerRejectsTrapsWithItsLocatedMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).where { $0.age > 1 && $0.photo.contains(Data([2])) }
        }
        #expect(text(result).contains("query:1:20: error: operator 'CONTAINS' is not supported on 'QPerson.photo'"))
        #expect(text(result).contains("where { age > $0 AND photo CONTAINS $1 }"))
    }

    /// A computed property that reads no persisted property names none (as in Realm Swift, one
    /// that reads a persisted property names that property).
    @Test func aComputedPropertyReadingNothingPersistedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).where { $0.greeting == "hello" }
        }
        #expect(text(result).contains("A Swift key path does not name a persisted property of 'QPerson'"))
    }

    @Test func aSubqueryCountNeedsACollection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).where { ($0.age > 3).count > 1 }
        }
        #expect(text(result).contains("A subquery's count needs a predicate over the elements of a collection"))
    }

    @Test func aSubqueryMayUseOneCollection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).where { ($0.dogs.age > 3 && $0.nums > 1).count > 1 }
        }
        #expect(text(result).contains("A subquery's predicate may only use the elements of one collection."))
    }

    @Test func aComparisonIsNoKeyPath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try QueryData.realm()
            _ = realm.objects(QPerson.self).where { $0.active == ($0.age > 3) }
        }
        #expect(text(result).contains("A key path, a comparison or an aggregate cannot follow a comparison in a query."))
    }
}
