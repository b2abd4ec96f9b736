import Foundation
import RealmEngine
import RealmInterchange
import RealmQuery
import RealmSchema
import TestSupport
import Testing

/// `MongoFilter` as a library: a JSON filter compiles to the SQL its Realm Query Language
/// compiles to, so the same indexes serve it (the answers themselves: EndToEndTests'
/// RealmExportJSONFilterTests).
@Suite struct MongoFilterTests {
    static let schema = """
        schemaVersion: 1
        models:
          Member:
            primaryKey: _id
            properties:
              _id: objectId
              name: { type: string, indexed: true }
              age: int?
              tags: string[]
              address: Address?
          Address:
            embedded: true
            properties:
              city: string
        """

    func store() throws -> Store {
        let path = try Temporary.path("mongo-filter") + "/store.sqlite"
        return try Store(path: path, schema: try schemaFromYAML(Self.schema))
    }

    @Test(arguments: [
        (#"{"name": "Ada"}"#, "name == 'Ada'"),
        (#"{"_id": {"$oid": "000000000000000000000001"}}"#, "_id == oid(000000000000000000000001)"),
        (#"{"name": {"$in": ["Ada", "Zoë"]}, "age": {"$gt": 3}}"#, "name IN {'Ada', 'Zoë'} AND age > 3"),
        (#"{"name": {"$regex": "^Ad"}}"#, "name BEGINSWITH 'Ad'"),
        (#"{"$or": [{"tags": "a"}, {"address.city": "Oslo"}]}"#, "ANY tags == 'a' OR address.city == 'Oslo'"),
        (#"{"tags": {"$elemMatch": {"$gte": "b"}}}"#, "SUBQUERY(tags, $x, $x >= 'b').@count > 0"),
    ])
    func aFilterHasItsRealmQueryLanguagesPlan(_ json: String, _ rql: String) throws {
        let store = try store()
        let filter = try MongoFilter(json)
        #expect(try store.queryPlan("Member", filter.query) == store.queryPlan("Member", rql), "\(json)")
    }

    @Test func equalityOnAnIndexedPropertyUsesTheIndex() throws {
        let plan = try store().queryPlan("Member", try MongoFilter(#"{"name": "Ada"}"#).query).joined(separator: "\n")
        #expect(plan.contains("USING INDEX Member.name.index") || plan.contains("USING COVERING INDEX Member.name.index"), "\(plan)")
    }

    @Test func aTypeErrorIsLocatedOnItsLineOfTheJSON() throws {
        let filter = try MongoFilter("{\n  \"age\": 1,\n  \"name\": {\"$gt\": true}}")
        do {
            _ = try store().queryPlan("Member", filter.query)
            Issue.record("no error")
        } catch let error as QueryError {
            #expect(filter.located(error).description
                    == "query:3:19: error: cannot compare 'Member.name' (string) with bool using '>'")
        }
    }

    @Test func aJSONFilterKeepsThePrimaryKeyOrder() {
        // "SORT" in a JSON filter's values is no Realm Query Language SORT(…).
        let keys = ExportSelection(query: #"{"name": "SORT"}"#).sortKeys(primaryKey: "_id")
        #expect(keys.map(\.keyPath) == ["_id"] && keys.map(\.ascending) == [true])
    }

    @Test func malformedJSONIsADiagnosticOfTheQuery() {
        #expect(throws: Diagnostic.self) { try MongoFilter(#"{"age": 1,}"#) }
        #expect(MongoFilter.isFilter("  {\"a\": 1}") && !MongoFilter.isFilter("age > 3") && !MongoFilter.isFilter(""))
    }
}
