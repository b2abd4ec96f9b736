import Foundation
import RealmEngine
import RealmQuery
@testable import RealmStore
import Testing

/// What `where { … }` builds: the query language's AST itself (the parse of its text form,
/// columns and all), values as arguments, and the type checker's errors located in that text.
@Suite struct WhereQueryASTTests {
    typealias Predicate = @Sendable (Query<QPerson>) -> Query<Bool>

    static let predicates: [(String, Predicate)] = [
        ("age > $0", { $0.age > 3 }),
        ("age > $0 AND name BEGINSWITH[c] $1", { $0.age > 3 && $0.name.starts(with: "R", options: .caseInsensitive) }),
        ("(age > $0 AND active == $1) OR NOT name CONTAINS[cd] $2",
         { $0.age > 3 && $0.active || !$0.name.contains("x", options: [.caseInsensitive, .diacriticInsensitive]) }),
        ("age > $0 AND (active == $1 OR nickname == $2)", { $0.age > 3 && ($0.active || $0.nickname == nil) }),
        ("age BETWEEN {$0, $1}", { $0.age.contains(1...9) }),
        ("age IN $0", { $0.age.in([1, 2]) }),
        ("dogs.name == $0", { $0.dogs.name == "Rex" }),
        ("dogs.@max.age >= $0", { $0.dogs.age.max >= 4 }),
        ("$0 IN tags", { $0.tags.contains("red") }),
        ("scores[$0] > $1", { $0.scores["math"] > 90 }),
        ("scores.@keys LIKE $0", { $0.scores.keys.like("m*") }),
        ("pets.@values.name == $0", { $0.pets.values.name == "Spot" }),
        ("SUBQUERY(dogs, $s1, $s1.age > $0 AND $s1.name != $1).@count >= $2",
         { ($0.dogs.age > 3 && $0.dogs.name != "Rex").count >= 1 }),
        ("nickname CONTAINS name", { $0.nickname.contains($0.name) }),
        ("extra == $0", { $0.extra == .string("x") }),
        ("ALL dogs.age > $0", { $0.dogs.all.age > 3 }),
        ("NONE dogs.age BETWEEN {$0, $1}", { $0.dogs.none.age.contains(1...2) }),
        ("NOT NONE nums == $0", { !($0.nums.none == 2) }),
        ("extra.@type == 'int'", { $0.extra.type == .int }),
        ("extra.@type IN {'string', 'null'} AND age > $0", { $0.extra.type.in([.string, .null]) && $0.age > 1 }),
        ("SUBQUERY(dogs, $s1, ALL $s1.owners.age > $0).@count > $1", { ($0.dogs.owners.all.age > 3).count > 1 }),
        ("name TEXT $0", { $0.name.matches(text: "rex -fido") }),
    ]

    static let dogPredicates: [(String, @Sendable (Query<QDog>) -> Query<Bool>)] = [
        ("@links.QPerson.dogs.name == $0", { $0.linkingObjects(fromType: QPerson.self, property: "dogs").name == "Ann" }),
        ("@links.QPerson.best.@count > $0", { $0.linkingObjects(fromType: QPerson.self, property: "best").count > 0 }),
        ("@links.QPerson.dogs.@max.age < $0", { $0.linkingObjects(fromType: QPerson.self, property: "dogs").age.max < 40 }),
        ("@links.@count == $0", { $0.linkingObjectsCount == 0 }),
    ]

    @Test(arguments: dogPredicates.indices) func builtLinksASTIsTheParseOfItsText(_ index: Int) throws {
        let (text, predicate) = Self.dogPredicates[index]
        let built = BuiltQuery(predicate(Query<QDog>()))
        #expect(built.text == text)
        #expect(built.query == (try QueryParser.parse(text)), "\(text)")
    }

    @Test(arguments: predicates.indices) func builtASTIsTheParseOfItsText(_ index: Int) throws {
        let (text, predicate) = Self.predicates[index]
        let built = BuiltQuery(predicate(Query<QPerson>()))
        #expect(built.text == text)
        #expect(built.query == (try QueryParser.parse(text)), "\(text)")
    }

    @Test func valuesBecomeArgumentsInOrder() {
        let built = BuiltQuery(Query<QPerson>().name == "a'\"%@" && Query<QPerson>().scores["k"] > 2)
        #expect(built.arguments == [.string("a'\"%@"), .string("k"), .int(2)])
        #expect(built.text == "name == $0 AND scores[$1] > $2")
    }

    @Test func aRejectedQueryHasTheTypeCheckersLocatedMessage() throws {
        let realm = try QueryData.realm()
        let built = BuiltQuery(Query<QPerson>().photo.contains(Data([2])))
        var typedError: QueryError?
        do {
            _ = try realm.store.filtered(ResultsQuery(className: "QPerson"), built.query, arguments: built.arguments)
        } catch let error as QueryError { typedError = error }
        var textError: QueryError?
        do {
            _ = try realm.store.query("QPerson", "photo CONTAINS $0", arguments: [.data(Data([2]))])
        } catch let error as QueryError { textError = error }
        let error = try #require(typedError)
        #expect(error == textError)
        #expect(error.column == 7)
        #expect(built.message(for: error) == """
            query:1:7: error: \(error.message)
                where { photo CONTAINS $0 }
                              ^
            """)
    }

    @Test func keyPathsNameTheirProperties() {
        #expect(KeyPathNames.name(of: \QPerson.age) == "age")
        #expect(KeyPathNames.name(of: \QPerson.dogs) == "dogs")
        #expect(KeyPathNames.name(of: \QPerson.extra) == "extra")
        #expect(KeyPathNames.name(of: \QDog.owners) == "owners")
    }
}
