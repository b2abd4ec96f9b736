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
