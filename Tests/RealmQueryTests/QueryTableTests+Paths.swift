@testable import RealmEngine
import RealmQuery
import Testing

/// Links, backlinks, maps, SUBQUERY, `@type`, IN/BETWEEN, arguments, combinations and the
/// SORT/DISTINCT/LIMIT suffixes, each compared with the reference evaluator.
extension SharedFixtureTests.QueryTableTests {
    @Test func linksMapsAndBacklinks() throws {
        let c = try comparer()
        let personQueries = [
            "best == nil", "best != nil", "best.name == 'Rex'", "best.name ==[c] 'rex'", "best.age > 3", "best.weight == null",
            "friend.age > 30", "friend.best.name BEGINSWITH 'R'", "friend.friend.age < 10", "friend == nil",
            "best.collar.label CONTAINS 'Rex'", "best.collar.price > 1", "best.collar == nil", "ANY dogs.toys.price > 2",
            "attrs['k1'] == 3", "attrs['k1'] == null", "attrs['k2'] != 3", "attrs['Key'] > 1", "attrs['ä'] ==[c] 'rex'",
            "counts['k1'] > 3", "counts['k2'] == null", "counts['x y'] >= 0", "pets['k1'] == nil", "pets['k1'].name == 'Rex'",
            "pets['k2'].age > 0", "ANY attrs.@keys == 'Key'", "attrs.@keys == 'ä'", "NONE counts.@keys == 'k1'",
            "ALL pets.@values.age > -10", "pets.@count == 0", "age > best.age", "age == friend.age", "name ==[c] best.name",
            "nick == name", "balance >= friend.balance", "born < friend.born", "extra == friend.extra",
            "friend.scores.@count > 1", "ALL friend.scores > 3", "ANY friend.dogs.owners.age > 40", "friend.best.owners.@count >= 1",
            "SUBQUERY(dogs, $d, SUBQUERY($d.toys, $t, $t.price > 1).@count > 0).@count > 0", "friend.friend.friend == nil",
        ]
        for query in personQueries { c.check("Person", query) }
        let dogQueries = [
            "owners.@count > 0", "owners.@count == 2", "ANY owners.age > 10", "ALL owners.active == true", "NONE owners.name == 'Rex'",
            "@links.Person.best.@count > 0", "@links.Person.dogs.@count > 1", "@links.@count > 3", "@links.Person.pets.@count == 0",
            "ANY @links.Person.best.age >= 30", "owners.@avg.age > 10", "owners.@max.born > T0:0", "toys.@count == 0",
            "toys.@max.price > 1", "ANY toys.label ENDSWITH 'x'", "collar.price == 2.5", "SUBQUERY(toys, $t, $t.price > 2).@count > 0",
        ]
        for query in dogQueries { c.check("Dog", query) }
        c.check("Toy", "price > 1")
        c.assertAll(minimum: 50)
    }

    @Test func subqueriesTypesListsAndArguments() throws {
        let c = try comparer()
        for query in [
            "SUBQUERY(dogs, $d, $d.age > 3 AND $d.name BEGINSWITH 'R').@count > 0", "SUBQUERY(dogs, $d, $d.age > 100).@count == 0",
            "SUBQUERY(scores, $s, $s > 5).@count >= 1", "SUBQUERY(tags, $t, $t ==[c] 'b').@count == 1",
            "SUBQUERY(bag, $b, $b.@type == 'string').@count > 0", "SUBQUERY(pets.@values, $p, $p.age > 0).@count > 1",
        ] { c.check("Person", query) }
        for name in ["null", "int", "double", "float", "decimal", "string", "bool", "date", "objectId", "binary", "object",
                     "list", "dictionary", "numeric"] {
            c.check("Person", "extra.@type == '\(name)'")
            c.check("Person", "extra.@type != '\(name)'")
            c.check("Person", "ANY bag.@type == '\(name)'")
            c.check("Person", "attrs['k1'].@type == '\(name)'")
        }
        c.check("Person", "extra.@type IN {'int', 'double'}")
        for query in ["age IN {1, 3, 7}", "age IN {}", "name IN {'Rex', 'rex'}", "name IN[c] {'REX'}", "balance IN {1.5, 3}",
                      "age BETWEEN {1, 10}", "born BETWEEN {1900-01-01@00:00:00, T0:0}", "ANY scores BETWEEN {0, 2}",
                      "ANY scores IN {3, 4, 5}", "3 IN scores", "'a' IN tags", "extra IN {3, 'rex', null}", "nick IN {null, ''}"] {
            c.check("Person", query)
        }
        let oid = try ObjectId(string: "000000000000000000000001")
        let dog = c.fixture.dogs[0]
        let argumentCases: [(String, [StoreValue])] = [
            ("age > $0", [3]), ("age > %@ AND name BEGINSWITH[c] %@", [3, "r"]), ("%K == %@", ["city", "Oslo"]),
            ("name IN $0", [.list(["Rex", "rex", "Zoë"])]), ("code == $0", [.objectId(oid)]), ("best == $0", [.object(dog)]),
            ("ANY dogs == $0", [.object(dog)]), ("extra == $0", [.object(dog)]), ("born < $0", [.date(Timestamp(seconds: 0))]),
            ("balance == $0", [.decimal128("1.5")]), ("weight == $0", [0.1]), ("height > $0", [.float(1.5)]),
            ("age BETWEEN $0", [.list([0, 7])]), ("name == $0", ["x--y; DROP TABLE Person"]), ("name == $1", [1, "nul\0byte"]),
            ("attrs[$0] == 3", ["k1"]), ("age == $0", [.null]), ("extra == $0", [3.0]),
        ]
        for (query, arguments) in argumentCases { c.check("Person", query, arguments) }
        c.assertAll(minimum: 80)
    }

    @Test func combinationsAndSuffixes() throws {
        let c = try comparer()
        let atoms = ["age > 3", "name BEGINSWITH[c] 'r'", "ANY scores > 5", "best.age < 5", "extra == 3", "nick == nil",
                     "tags.@count == 0", "balance > 1.4", "born < T0:0", "TRUEPREDICATE", "FALSEPREDICATE", "active == true"]
        for (i, a) in atoms.enumerated() {
            c.check("Person", "NOT \(a)")
            c.check("Person", "!(\(a))")
            for b in atoms[(i + 1)...] {
                c.check("Person", "\(a) AND \(b)")
                c.check("Person", "\(a) || NOT \(b)")
                c.check("Person", "NOT (\(a) OR \(b)) && \(atoms[(i + 3) % atoms.count])")
            }
        }
        for sort in ["age ASC", "age DESC", "name ASC", "balance DESC", "born ASC, name DESC", "best.age DESC", "nick ASC",
                     "counts['k1'] ASC", "city ASC, id DESC"] {
            c.check("Person", "TRUEPREDICATE SORT(\(sort))")
            c.check("Person", "age > 0 SORT(\(sort)) LIMIT(5)")
        }
        for distinct in ["city", "age", "balance", "city, active", "best.name"] {
            c.check("Person", "TRUEPREDICATE DISTINCT(\(distinct))")
            c.check("Person", "TRUEPREDICATE SORT(age DESC, id ASC) DISTINCT(\(distinct)) LIMIT(4)")
        }
        for limit in [0, 1, 3, 100] { c.check("Person", "name != '' LIMIT(\(limit))") }
        c.check("Person", "TRUEPREDICATE SORT(name ASCENDING) SORT(age DESCENDING) LIMIT(10) LIMIT(3)")
        for text in ["quick", "QUICK", "fox*", "quick -café", "dogs day", "cafe", "-quick fox", "hound*"] {
            c.check("Person", "bio TEXT \(literal(text))")
        }
        c.assertAll(minimum: 250)
    }
}
