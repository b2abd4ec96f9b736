import Foundation
import RealmEngine
import RealmQuery
@testable import RealmStore
import Testing

/// A model with a full-text index declared by `fullTextIndexedProperties()`.
final class QNote: Object {
    @Persisted var title = ""
    @Persisted var body = ""

    override class func fullTextIndexedProperties() -> [String] { ["body"] }
}

/// `TEXT` from `where {}` (`matches(text:)`): the same notes as the text language's `TEXT`,
/// hand-worked; without a full-text index both refuse it with the same located message.
@Suite struct WhereQueryFullTextTests {
    static let cases: [(terms: String, expected: [String])] = [
        ("swift", ["a"]),
        ("data -java", ["a", "c"]),
        ("swift*", ["a", "b"]),
        ("data store", ["a"]),
        ("cobol", []),
    ]

    private func notes() throws -> Results<QNote> {
        let realm = try makeRealm([QNote.self])
        try realm.write {
            for (title, body) in [("a", "Swift data store"), ("b", "swiftly moving java data"), ("c", "the DATA")] {
                realm.create(QNote.self, value: ["title": title, "body": body])
            }
        }
        return realm.objects(QNote.self)
    }

    @Test(arguments: cases.indices) func textMatchesAsTheTextLanguage(_ index: Int) throws {
        let (terms, expected) = Self.cases[index]
        let notes = try notes()
        let typed = notes.where { $0.body.matches(text: terms) }.map(\.title)
        #expect(typed == notes.filter("body TEXT %@", terms).map(\.title), "\(terms)")
        #expect(typed == expected, "\(terms)")
    }

    @Test func theIndexIsAFullTextOne() throws {
        let notes = try notes()
        let schema = try #require(notes.realm?.store.schema.model(named: "QNote"))
        #expect(schema.property(named: "body")?.indexed == .fulltext)
        #expect(schema.property(named: "title")?.indexed != .fulltext)
    }

    @Test func withoutAFullTextIndexTextIsRefusedWhereItIs() throws {
        let realm = try QueryData.realm()
        let built = BuiltQuery(Query<QPerson>().name.matches(text: "rex"))
        var typedError: QueryError?
        do {
            _ = try realm.store.filtered(ResultsQuery(className: "QPerson"), built.query, arguments: built.arguments)
        } catch let error as QueryError { typedError = error }
        let error = try #require(typedError)
        #expect(error.column == 6)
        #expect(error.message.contains("TEXT needs a string property with 'indexed: fulltext'"))
    }
}

/// A model whose property names are those of the `where {}` extensions.
final class QKind: Object {
    @Persisted var type = ""
    @Persisted var all = 0
    @Persisted var none = false
    @Persisted var any = 0.0
}

@Suite struct WhereQueryExtensionNameTests {
    /// `type`, `all`, `none` and `any` are members of constrained `Query`s only: a model's
    /// properties of those names stay reachable by key path.
    @Test func propertiesNamedLikeTheExtensions() throws {
        let realm = try makeRealm([QKind.self])
        try realm.write {
            realm.create(QKind.self, value: ["type": "x", "all": 1, "none": true, "any": 2.5])
            realm.create(QKind.self, value: ["type": "y", "all": 2, "none": false, "any": 0.5])
        }
        let kinds = realm.objects(QKind.self)
        #expect(kinds.where { $0.type == "x" && $0.all == 1 && $0.none && $0.any > 2 }.map(\.type) == ["x"])
        #expect(kinds.where { $0.type != "x" }.map(\.all) == [2])
    }
}
