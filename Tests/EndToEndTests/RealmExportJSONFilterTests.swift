import Foundation
import TestSupport
import Testing

/// `realm-export --query '{…}'`, MongoDB's query document (docs/realm-export.md, section 7.1):
/// every supported operator against the same question in Realm Query Language, on one store.
@Suite struct RealmExportJSONFilterTests {
    static let schema = """
        schemaVersion: 1
        models:
          Member:
            primaryKey: _id
            properties:
              _id: objectId
              name: { type: string, indexed: true }
              age: int?
              height: double?
              joined: date?
              balance: decimal128?
              key: uuid?
              photo: data?
              tags: string[]
              scores: int[]
              address: Address?
              dog: Dog?
              dogs: Dog[]
          Dog:
            primaryKey: name
            properties:
              name: string
              age: int
          Address:
            embedded: true
            properties:
              city: string
              zip: string?
        """

    static let data = """
        {"Dog": [{"name": "Rex", "age": 3}, {"name": "Maui", "age": 5}, {"name": "Fido", "age": 1}],
         "Member": [
          {"_id": {"$oid": "000000000000000000000001"}, "name": "Mercedes Tyler", "age": 41, "height": 1.72,
           "joined": {"$date": "2020-03-01T00:00:00Z"}, "balance": {"$numberDecimal": "100.50"},
           "key": {"$uuid": "3b241101-e2bb-4255-8caf-4136c566a962"}, "photo": {"$binary": {"base64": "AQID", "subType": "00"}},
           "tags": ["admin", "early"], "scores": [90, 75, 82],
           "address": {"city": "London", "zip": "N1"}, "dog": "Rex", "dogs": ["Rex", "Maui"]},
          {"_id": {"$oid": "000000000000000000000002"}, "name": "mercer Lane", "age": 29, "height": 1.80,
           "joined": {"$date": "2021-07-15T12:00:00Z"}, "balance": {"$numberDecimal": "0.00"}, "tags": ["early"],
           "scores": [60], "address": {"city": "Paris", "zip": null}, "dog": "Fido", "dogs": ["Fido"]},
          {"_id": {"$oid": "000000000000000000000003"}, "name": "Ada Byron", "age": null, "height": 1.65,
           "joined": {"$date": "2019-12-31T23:59:59Z"}, "balance": {"$numberDecimal": "2500"}, "tags": [], "scores": [],
           "address": {"city": "London"}, "dogs": []},
          {"_id": {"$oid": "000000000000000000000004"}, "name": "Tyler Durden", "age": 35,
           "joined": {"$date": "2022-01-01T00:00:00Z"}, "tags": ["guest", "admin", "late"], "scores": [100, 85],
           "dog": "Maui", "dogs": ["Maui", "Rex", "Fido"]},
          {"_id": {"$oid": "000000000000000000000005"}, "name": "Zoë Park", "age": 52, "height": 1.58,
           "balance": {"$numberDecimal": "-3.25"}, "tags": ["late"], "scores": [70, 88, 95, 40],
           "address": {"city": "Oslo", "zip": "0150"}, "dogs": ["Rex"]}
         ]}
        """

    /// The number of members in `data`.
    static let memberCount = 5

    /// One store for every case (the exports only read it).
    static let store: Result<String, any Error> = Result(catching: {
        let directory = try Temporary.path("realm-e2e-filter")
        try schema.write(toFile: directory + "/filter.yaml")
        try data.write(toFile: directory + "/filter.json")
        let store = directory + "/filter.sqlite"
        let imported = try Tool.run("realm-import", ["--store", store, "--schema", directory + "/filter.yaml", "--quiet",
                                                     directory + "/filter.json"])
        guard imported.status == 0 else { throw ImportFailed(stderr: imported.stderr) }
        return store
    })

    struct ImportFailed: Error {
        var stderr: String
    }

    /// A JSON filter and the Realm Query Language that asks the same.
    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var rql: String
        var testDescription: String { json }

        init(_ json: String, _ rql: String) {
            self.json = json
            self.rql = rql
        }
    }

    static let cases: [Case] = [
        // Equality, and the comparison operators.
        Case(#"{"name": "Mercedes Tyler"}"#, "name == 'Mercedes Tyler'"),
        Case(#"{"age": 41}"#, "age == 41"),
        Case(#"{"age": null}"#, "age == nil"),
        Case(#"{"height": {"$eq": 1.8}}"#, "height == 1.8"),
        Case(#"{"age": {"$ne": 41}}"#, "age != 41"),
        Case(#"{"age": {"$gt": 35}}"#, "age > 35"),
        Case(#"{"age": {"$gte": 35}}"#, "age >= 35"),
        Case(#"{"height": {"$lt": 1.7}}"#, "height < 1.7"),
        Case(#"{"age": {"$lte": 35}}"#, "age <= 35"),
        Case(#"{"age": {"$gt": 30, "$lt": 50}}"#, "age > 30 AND age < 50"),
        Case(#"{"address.city": "London", "age": {"$exists": true}}"#, "address.city == 'London' AND age != nil"),
        // Sets of values.
        Case(#"{"name": {"$in": ["Ada Byron", "Zoë Park"]}}"#, "name IN {'Ada Byron', 'Zoë Park'}"),
        Case(#"{"age": {"$nin": [41, 29]}}"#, "NOT (age IN {41, 29})"),
        Case(#"{"tags": {"$in": ["guest", "none"]}}"#, "ANY tags IN {'guest', 'none'}"),
        Case(#"{"tags": {"$nin": ["admin"]}}"#, "NONE tags == 'admin'"),
        Case(#"{"name": {"$in": [{"$regularExpression": {"pattern": "^ada", "options": "i"}}, "Zoë Park"]}}"#,
             "name IN {'Zoë Park'} OR name BEGINSWITH[c] 'ada'"),
        Case(#"{"name": {"$nin": [{"$regularExpression": {"pattern": "Tyler", "options": ""}}]}}"#, "NOT name CONTAINS 'Tyler'"),
        // Presence: null in Realm.
        Case(#"{"age": {"$exists": true}}"#, "age != nil"),
        Case(#"{"height": {"$exists": false}}"#, "height == nil"),
        Case(#"{"dog": {"$exists": false}}"#, "dog == nil"),
        // Logic.
        Case(#"{"$and": [{"age": {"$gt": 30}}, {"address.city": "London"}]}"#, "age > 30 AND address.city == 'London'"),
        Case(#"{"$or": [{"age": {"$lt": 30}}, {"name": "Zoë Park"}]}"#, "age < 30 OR name == 'Zoë Park'"),
        Case(#"{"$nor": [{"age": {"$lt": 30}}, {"age": null}]}"#, "NOT (age < 30 OR age == nil)"),
        Case(#"{"age": {"$not": {"$gt": 40}}}"#, "NOT age > 40"),
        // Regular expressions.
        Case(#"{"name": {"$regex": "^merc", "$options": "i"}}"#, "name BEGINSWITH[c] 'merc'"),
        Case(#"{"name": {"$regex": "Tyler"}}"#, "name CONTAINS 'Tyler'"),
        Case(#"{"name": {"$regex": "Park$"}}"#, "name ENDSWITH 'Park'"),
        Case(#"{"name": {"$regex": "^Ada Byron$"}}"#, "name == 'Ada Byron'"),
        Case(#"{"name": {"$regex": "^M.rc.*r"}}"#, "name LIKE 'M?rc*r*'"),
        Case(#"{"name": {"$regex": "e.+n$"}}"#, "name LIKE '*e?*n'"),
        Case(#"{"name": {"$regularExpression": {"pattern": "BYRON", "options": "i"}}}"#, "name CONTAINS[c] 'byron'"),
        Case(#"{"name": {"$not": {"$regex": "^M"}}}"#, "NOT name BEGINSWITH 'M'"),
        Case(#"{"tags": {"$regex": "^ad"}}"#, "ANY tags BEGINSWITH 'ad'"),
        // Lists.
        Case(#"{"tags": "admin"}"#, "ANY tags == 'admin'"),
        Case(#"{"tags": {"$ne": "early"}}"#, "NONE tags == 'early'"),
        Case(#"{"scores": {"$gt": 95}}"#, "ANY scores > 95"),
        Case(#"{"scores": {"$size": 2}}"#, "scores.@count == 2"),
        Case(#"{"tags": {"$size": 0}}"#, "tags.@count == 0"),
        Case(#"{"tags": {"$all": ["admin", "early"]}}"#, "ANY tags == 'admin' AND ANY tags == 'early'"),
        Case(#"{"scores": {"$elemMatch": {"$gte": 80, "$lt": 90}}}"#, "SUBQUERY(scores, $x, $x >= 80 AND $x < 90).@count > 0"),
        Case(#"{"dogs": {"$elemMatch": {"name": "Rex", "age": {"$gte": 3}}}}"#,
             "SUBQUERY(dogs, $x, $x.name == 'Rex' AND $x.age >= 3).@count > 0"),
        Case(#"{"dogs": {"$all": [{"$elemMatch": {"age": 1}}, {"$elemMatch": {"age": 5}}]}}"#,
             "SUBQUERY(dogs, $x, $x.age == 1).@count > 0 AND SUBQUERY(dogs, $x, $x.age == 5).@count > 0"),
        // Dotted paths: embedded objects, links, lists of links.
        Case(#"{"address.city": "London"}"#, "address.city == 'London'"),
        Case(#"{"address.zip": null}"#, "address.zip == nil"),
        Case(#"{"dog.name": "Rex"}"#, "dog.name == 'Rex'"),
        Case(#"{"dogs.age": {"$gte": 5}}"#, "ANY dogs.age >= 5"),
        // Extended JSON values.
        Case(#"{"_id": {"$oid": "000000000000000000000003"}}"#, "_id == oid(000000000000000000000003)"),
        Case(#"{"joined": {"$gte": {"$date": "2021-01-01T00:00:00Z"}}}"#, "joined >= 2021-01-01@00:00:00"),
        Case(#"{"joined": {"$lt": {"$date": {"$numberLong": "1577836800000"}}}}"#, "joined < 2020-01-01@00:00:00"),
        Case(#"{"balance": {"$numberDecimal": "100.5"}}"#, "balance == 100.50"),
        Case(#"{"balance": {"$lt": {"$numberDecimal": "0"}}}"#, "balance < 0"),
        Case(#"{"age": {"$numberLong": "35"}}"#, "age == 35"),
        Case(#"{"age": {"$in": [{"$numberInt": "29"}, 52]}}"#, "age IN {29, 52}"),
        Case(#"{"height": {"$gt": {"$numberDouble": "1.7"}}}"#, "height > 1.7"),
        Case(#"{"key": {"$uuid": "3b241101-e2bb-4255-8caf-4136c566a962"}}"#, "key == uuid(3b241101-e2bb-4255-8caf-4136c566a962)"),
        Case(#"{"photo": {"$binary": {"base64": "AQID", "subType": "00"}}}"#, #"photo == B64"AQID""#),
    ]

    /// The `_id`s `realm-export --query query` writes, in order.
    static func exported(_ query: String, _ extra: [String] = []) throws -> [String] {
        let store = try Self.store.get()
        let result = try Tool.run("realm-export", ["--store", store, "--class", "Member", "--ndjson", "--fields", "_id",
                                                   "--query", query] + extra)
        #expect(result.status == 0, "\(query): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(arguments: cases)
    func aJSONFilterSelectsWhatItsRealmQueryLanguageSelects(_ filter: Case) throws {
        let json = try Self.exported(filter.json)
        let rql = try Self.exported(filter.rql)
        #expect(json == rql, "\(filter.json) against \(filter.rql)")
        // Neither nothing nor everything, so a translation that lost its condition shows.
        #expect(!json.isEmpty && json.count < Self.memberCount, "\(filter.json) selected \(json.count)")
    }

    @Test func anEmptyFilterSelectsEverythingAndSortStillApplies() throws {
        #expect(try Self.exported("{}").count == Self.memberCount)
        #expect(try Self.exported(" { } ") == Self.exported("TRUEPREDICATE"))
        #expect(try Self.exported(#"{"tags": "early"}"#, ["--sort", #"{"age": 1}"#])
                == Self.exported("ANY tags == 'early' SORT(age ASC)"))
    }

    /// A filter that is an error, and the whole of stderr it should give (exit status 1).
    static let errors: [(String, String)] = [
        (#"{"$where": "this.age > 1"}"#, "query:1:3: error: the JSON filter does not support '$where'"),
        (#"{"age": {"$mod": [2, 0]}}"#, "query:1:11: error: the JSON filter does not support '$mod'"),
        (#"{"$text": {"$search": "x"}}"#, "query:1:3: error: the JSON filter does not support '$text'; Realm Query Language "
            + "has TEXT on a property with a full-text index, bio TEXT 'word' (--query without '{')"),
        (#"{"age": {"$type": "int"}}"#, "query:1:11: error: the JSON filter does not support '$type'; Realm Query Language "
            + "has @type on a mixed property, value.@type == 'int' (--query without '{')"),
        (#"{"age": {"$gtt": 1}}"#, "query:1:11: error: unknown operator '$gtt'; did you mean '$gt'?"),
        (#"{"$gt": 1}"#, "query:1:3: error: '$gt' applies to a field, {\"age\": {\"$gt\": …}}; the top of a filter takes "
            + "field names and $and, $or, $nor"),
        (#"{"agee": 3}"#, "query:1:3: error: 'Member' has no property 'agee'; did you mean 'age'?"),
        (#"{"address.cty": "x"}"#, "query:1:11: error: 'Address' has no property 'cty'; did you mean 'city'?"),
        (#"{"name": 3}"#, "query:1:10: error: cannot compare 'Member.name' (string) with number using '=='"),
        (#"{"name": {"$regex": "^(a|b)"}}"#, "query:1:21: error: the JSON filter's $regex does not support '(': it takes "
            + "literal text, '.', '.*', '.+', '\\' before a punctuation character, and ^ and $ at the ends (as LIKE, "
            + "BEGINSWITH, ENDSWITH, CONTAINS or ==)"),
        (#"{"name": {"$regex": "a", "$options": "m"}}"#,
         "query:1:38: error: regular expression option 'm' is not supported; the JSON filter takes 'i' (and 's')"),
        (#"{"tags": ["admin", "early"]}"#,
         "query:1:10: error: comparing with a whole array is not supported; use $all (every value) or $in (any value)"),
        (#"{"address": {"city": "London"}}"#, "query:1:13: error: comparing with a whole embedded document is not "
            + "supported; compare its fields with dotted paths, \"address.city\""),
        (#"{"joined": {"$date": "yesterday"}}"#, "query:1:22: error: invalid value 'yesterday' of type 'string': "
            + "not an ISO-8601 date-time (YYYY-MM-DDTHH:MM:SS[.fraction] and Z or ±HH:MM)"),
        ("{\n  \"age\": {\"$where\": 1}}", "query:2:12: error: the JSON filter does not support '$where'"),
        ("{\n  \"agee\": 3}", "query:2:4: error: 'Member' has no property 'agee'; did you mean 'age'?"),
        (#"{"name": {"$in": [{"$timestamp": {"t": 1, "i": 1}}]}}"#,
         "query:1:19: error: the Extended JSON type '$timestamp' is not supported in a JSON filter"),
        (#"{"age": }"#, "query:1:9: error: "),
    ]

    @Test(arguments: errors)
    func anUnsupportedOrWrongFilterIsALocatedDiagnostic(_ filter: String, _ expected: String) throws {
        let store = try Self.store.get()
        let result = try Tool.run("realm-export", ["--store", store, "--class", "Member", "--query", filter])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        if expected.hasSuffix(": ") {
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        } else {
            #expect(result.stderr == expected + "\n", "\(result.stderr)")
        }
    }
}
