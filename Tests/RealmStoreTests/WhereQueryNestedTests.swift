import Foundation
import RealmEngine
import RealmQuery
@testable import RealmStore
import Testing

/// A model whose mixed values hold nested lists and dictionaries.
final class QBox: Object {
    @Persisted var name = ""
    @Persisted var value: AnyRealmValue
    @Persisted var map: Map<String, AnyRealmValue>
    @Persisted var list: List<AnyRealmValue>
}

typealias BoxCase = WhereCase<QBox>

/// Subscripts into the collections a mixed value holds (`value[0]`, `value['key']`,
/// `value[*]`, `.@size`): `where {}` with Realm Swift's signatures and the text language give
/// the same boxes, hand-worked; misuse is refused with located messages.
@Suite struct WhereQueryNestedTests {
    /// a: [1, "two", {k: 5}], map x: [10, 20]; b: {name: "Rex", tags: ["red", "blue"], n: 5},
    /// map x: {y: 1}; c: []; d: 5; e: {name: "Fido", tags: [], n: 7.5}.
    static func boxes() throws -> Results<QBox> {
        let realm = try makeRealm([QBox.self])
        try realm.write {
            func box(_ name: String, _ value: AnyRealmValue, x: AnyRealmValue? = nil) {
                let box = realm.create(QBox.self, value: ["name": name])
                box.value = value
                if let x { box.map["x"] = x }
            }
            box("a", .fromArray([.int(1), .string("two"), .fromDictionary(["k": .int(5)])]), x: .fromArray([.int(10), .int(20)]))
            box("b", .fromDictionary(["name": .string("Rex"), "tags": .fromArray([.string("red"), .string("blue")]), "n": .int(5)]),
                x: .fromDictionary(["y": .int(1)]))
            box("c", .fromArray([]))
            box("d", .int(5))
            box("e", .fromDictionary(["name": .string("Fido"), "tags": .fromArray([]), "n": .double(7.5)]))
        }
        return realm.objects(QBox.self)
    }

    static let cases: [BoxCase] = [
        BoxCase(label: "index", typed: { $0.where { $0.value[0] == .int(1) } }, text: { $0.filter("value[0] == 1") }, expected: ["a"]),
        BoxCase(label: "key", typed: { $0.where { $0.value["name"] == .string("Rex") } },
                text: { $0.filter("value['name'] == 'Rex'") }, expected: ["b"]),
        BoxCase(label: "any element", typed: { $0.where { $0.value.any == .int(5) } }, text: { $0.filter("value[*] == 5") },
                expected: ["b"]),
        BoxCase(label: "index then key", typed: { $0.where { $0.value[2]["k"] == .int(5) } },
                text: { $0.filter("value[2]['k'] == 5") }, expected: ["a"]),
        BoxCase(label: "key then index", typed: { $0.where { $0.value["tags"][1] == .string("blue") } },
                text: { $0.filter("value['tags'][1] == 'blue'") }, expected: ["b"]),
        BoxCase(label: "key then any", typed: { $0.where { $0.value["tags"].any == .string("red") } },
                text: { $0.filter("value['tags'][*] == 'red'") }, expected: ["b"]),
        BoxCase(label: "size zero", typed: { $0.where { $0.value.count == 0 } }, text: { $0.filter("value.@size == 0") },
                expected: ["c"]),
        BoxCase(label: "size", typed: { $0.where { $0.value.count >= 3 } }, text: { $0.filter("value.@size >= 3") },
                expected: ["a", "b", "e"]),
        BoxCase(label: "nested size", typed: { $0.where { $0.value["tags"].count == 0 } },
                text: { $0.filter("value['tags'].@count == 0") }, expected: ["e"]),
        BoxCase(label: "numbers across types", typed: { $0.where { $0.value["n"] > .int(6) } },
                text: { $0.filter("value['n'] > 6") }, expected: ["e"]),
        BoxCase(label: "any element's type", typed: { $0.where { $0.value.any.type == .list } },
                text: { $0.filter("value[*].@type == 'list'") }, expected: ["b", "e"]),
        BoxCase(label: "missing is null", typed: { $0.where { $0.value[1] == .none } }, text: { $0.filter("value[1] == nil") },
                expected: ["b", "c", "d", "e"]),
        BoxCase(label: "map value's element", typed: { $0.where { $0.map["x"][1] == .int(20) } },
                text: { $0.filter("map['x'][1] == 20") }, expected: ["a"]),
        BoxCase(label: "map value's key", typed: { $0.where { $0.map["x"]["y"] == .int(1) } },
                text: { $0.filter("map['x']['y'] == 1") }, expected: ["b"]),
        BoxCase(label: "argument index and key", typed: { $0.where { $0.value[2]["k"] == .int(5) || $0.value["n"] == .int(5) } },
                text: { $0.filter("value[%@][%@] == 5 OR value[%@] == 5", 2, "k", "n") }, expected: ["a", "b"]),
        BoxCase(label: "not any", typed: { $0.where { !($0.value.any == .int(1)) } }, text: { $0.filter("NOT value[*] == 1") },
                expected: ["b", "c", "d", "e"]),
    ]

    @Test(arguments: cases) func subscriptsAsTheTextLanguage(_ query: BoxCase) throws {
        let boxes = try Self.boxes()
        let typed = query.typed(boxes).map(\.name)
        #expect(typed == query.text(boxes).map(\.name), "\(query.label)")
        #expect(typed == query.expected, "\(query.label)")
    }

    @Test func builtASTIsTheParseOfItsText() throws {
        let built = BuiltQuery(Query<QBox>().value[2]["k"] == .int(5) && Query<QBox>().value.any.count > 1)
        #expect(built.text == "value[$0][$1] == $2 AND value[*].@size > $3")
        #expect(built.arguments == [.int(2), .string("k"), .int(5), .int(1)])
        #expect(built.query == (try QueryParser.parse(built.text)))
    }

    static let misuses: [(query: String, column: Int, message: String)] = [
        ("value[1.5] == 1", 6, "a subscript of a mixed value must be a string key or an integer index"),
        ("value[true] == 1", 6, "a subscript of a mixed value must be a string key or an integer index"),
        ("name[*] == 'a'", 5, "a [*] subscript needs a mixed value holding a list or dictionary, not string"),
        ("value['a'].name == 1", 12, "mixed"),
        ("list[0] == 1", 5, "a subscript cannot follow a list's or set's elements"),
        ("list[*] == 1", 5, "a subscript cannot follow a list's or set's elements"),
    ]

    @Test(arguments: misuses.indices) func misuseIsALocatedError(_ index: Int) throws {
        let (query, column, message) = Self.misuses[index]
        let realm = try Self.boxes().realm!
        let error = #expect(throws: QueryError.self) { _ = try realm.store.query("QBox", query) }
        #expect(error?.column == column, "\(query)")
        #expect(error?.message.contains(message) == true, "\(query): \(String(describing: error?.message))")
    }
}
