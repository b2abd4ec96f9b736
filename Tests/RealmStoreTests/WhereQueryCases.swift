import Foundation
import RealmStore
import Testing

/// One type-safe query and the same query in the Realm Query Language, with the names of the
/// people (or dogs) both must return, in order.
struct WhereCase<Model: Object>: Sendable, CustomTestStringConvertible {
    let label: String
    let typed: @Sendable (Results<Model>) -> Results<Model>
    let text: @Sendable (Results<Model>) -> Results<Model>
    let expected: [String]

    var testDescription: String { label }
}

typealias PersonCase = WhereCase<QPerson>

/// Cases over QueryData's people: every operator family of `Query`.
enum WhereCases {
    static let al = QueryData.al

    static let comparisons: [PersonCase] = [
        PersonCase(label: "greater", typed: { $0.where { $0.age > 18 } }, text: { $0.filter("age > %@", 18) },
                   expected: ["Ann", al]),
        PersonCase(label: "and", typed: { $0.where { $0.age >= 17 && $0.age < 45 } },
                   text: { $0.filter("age >= 17 AND age < 45") }, expected: ["Ann", "Bob"]),
        PersonCase(label: "or, not, bool key path", typed: { $0.where { $0.age == 3 || !$0.active } },
                   text: { $0.filter("age == 3 OR NOT active == true") }, expected: ["Bob", "ren"]),
        PersonCase(label: "bool key path", typed: { $0.where { $0.active } }, text: { $0.filter("active == true") },
                   expected: ["Ann", al]),
        PersonCase(label: "not of and", typed: { $0.where { !($0.age > 10 && $0.active) } },
                   text: { $0.filter("NOT (age > 10 AND active == true)") }, expected: ["Bob", "ren"]),
        PersonCase(label: "less or equal, not equal", typed: { $0.where { $0.age <= 30 && $0.name != "Bob" } },
                   text: { $0.filter("age <= 30 AND name != 'Bob'") }, expected: ["Ann", "ren"]),
        PersonCase(label: "optional double", typed: { $0.where { $0.height > 1.5 } }, text: { $0.filter("height > 1.5") },
                   expected: ["Ann", al]),
        PersonCase(label: "nil", typed: { $0.where { $0.nickname == nil } }, text: { $0.filter("nickname == nil") },
                   expected: ["Bob"]),
        PersonCase(label: "not nil", typed: { $0.where { $0.height != nil } }, text: { $0.filter("height != NULL") },
                   expected: ["Ann", al, "ren"]),
        PersonCase(label: "date", typed: { $0.where { $0.born > Date(timeIntervalSince1970: 1_000_000_000) } },
                   text: { $0.filter("born > %@", Date(timeIntervalSince1970: 1_000_000_000)) }, expected: ["Bob", "ren"]),
        PersonCase(label: "data", typed: { $0.where { $0.photo == Data([4]) } }, text: { $0.filter("photo == %@", Data([4])) },
                   expected: ["Bob"]),
        PersonCase(label: "two properties", typed: { $0.where { $0.age > $0.dogs.count } },
                   text: { $0.filter("age > dogs.@count") }, expected: ["Ann", "Bob", al, "ren"]),
        PersonCase(label: "in", typed: { $0.where { $0.age.in([3, 17]) } }, text: { $0.filter("age IN %@", [3, 17]) },
                   expected: ["Bob", "ren"]),
        PersonCase(label: "between", typed: { $0.where { $0.age.contains(17...30) } },
                   text: { $0.filter("age BETWEEN {%@, %@}", 17, 30) }, expected: ["Ann", "Bob"]),
        PersonCase(label: "half-open range", typed: { $0.where { $0.age.contains(17..<30) } },
                   text: { $0.filter("age >= 17 AND age < 30") }, expected: ["Bob"]),
        PersonCase(label: "optional range", typed: { $0.where { $0.height.contains(1.0...1.6) } },
                   text: { $0.filter("height BETWEEN {1.0, 1.6}") }, expected: ["Ann", "ren"]),
    ]

    static let strings: [PersonCase] = [
        PersonCase(label: "starts case-insensitive", typed: { $0.where { $0.name.starts(with: "R", options: [.caseInsensitive]) } },
                   text: { $0.filter("name BEGINSWITH[c] %@", "R") }, expected: ["ren"]),
        PersonCase(label: "starts", typed: { $0.where { $0.name.starts(with: "A") } }, text: { $0.filter("name BEGINSWITH 'A'") },
                   expected: ["Ann"]),
        PersonCase(label: "quotes and %@ in a value", typed: { $0.where { $0.name.contains("\"%@\" O'") } },
                   text: { $0.filter("name CONTAINS %@", "\"%@\" O'") }, expected: [al]),
        PersonCase(label: "equal with quotes", typed: { $0.where { $0.name == al } }, text: { $0.filter("name == %@", al) },
                   expected: [al]),
        PersonCase(label: "equals [cd]",
                   typed: { $0.where { $0.name.equals("al \"%@\" o'neil", options: [.caseInsensitive, .diacriticInsensitive]) } },
                   text: { $0.filter("name ==[cd] %@", "al \"%@\" o'neil") }, expected: [al]),
        PersonCase(label: "equals [c] keeps diacritics",
                   typed: { $0.where { $0.name.equals("al \"%@\" o'neil", options: [.caseInsensitive]) } },
                   text: { $0.filter("name ==[c] %@", "al \"%@\" o'neil") }, expected: []),
        PersonCase(label: "notEquals [c]", typed: { $0.where { $0.name.notEquals("ANN", options: .caseInsensitive) } },
                   text: { $0.filter("name !=[c] 'ANN'") }, expected: ["Bob", al, "ren"]),
        PersonCase(label: "ends [c]", typed: { $0.where { $0.name.ends(with: "NEIL", options: .caseInsensitive) } },
                   text: { $0.filter("name ENDSWITH[c] 'NEIL'") }, expected: [al]),
        PersonCase(label: "like", typed: { $0.where { $0.name.like("?o*") } }, text: { $0.filter("name LIKE '?o*'") },
                   expected: ["Bob"]),
        PersonCase(label: "like [c]", typed: { $0.where { $0.name.like("A*", caseInsensitive: true) } },
                   text: { $0.filter("name LIKE[c] 'A*'") }, expected: ["Ann"]),
        PersonCase(label: "optional contains [cd]",
                   typed: { $0.where { $0.nickname.contains("rene", options: [.caseInsensitive, .diacriticInsensitive]) } },
                   text: { $0.filter("nickname CONTAINS[cd] 'rene'") }, expected: ["ren"]),
        PersonCase(label: "contains a column [c]", typed: { $0.where { $0.nickname.contains($0.name, options: .caseInsensitive) } },
                   text: { $0.filter("nickname CONTAINS[c] name") }, expected: ["Ann", "ren"]),
        PersonCase(label: "string in", typed: { $0.where { $0.name.in(["Bob", al]) } }, text: { $0.filter("name IN %@", ["Bob", al]) },
                   expected: ["Bob", al]),
    ]
}
