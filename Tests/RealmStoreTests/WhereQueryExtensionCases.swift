import Foundation
import RealmStore
import Testing

typealias DogCase = WhereCase<QDog>

/// Cases for the operators the text language has and Realm Swift's `Query` does not:
/// `ALL`, `NONE`, `@type` and `@links` (hand-worked over QueryData).
enum WhereExtensionCases {
    static let al = QueryData.al

    static let quantifiers: [PersonCase] = [
        PersonCase(label: "all dogs older", typed: { $0.where { $0.dogs.all.age > 3 } }, text: { $0.filter("ALL dogs.age > 3") },
                   expected: [al, "ren"]),
        PersonCase(label: "no dog named", typed: { $0.where { $0.dogs.none.name == "Rex" } },
                   text: { $0.filter("NONE dogs.name == 'Rex'") }, expected: ["Bob", "ren"]),
        PersonCase(label: "all ints", typed: { $0.where { $0.nums.all >= 2 } }, text: { $0.filter("ALL nums >= 2") },
                   expected: ["Bob", al, "ren"]),
        PersonCase(label: "all map values", typed: { $0.where { $0.scores.all > 65 } }, text: { $0.filter("ALL scores > 65") },
                   expected: ["Ann", "ren"]),
        PersonCase(label: "no map value", typed: { $0.where { $0.scores.none == 60 } }, text: { $0.filter("NONE scores == 60") },
                   expected: ["Ann", al, "ren"]),
        PersonCase(label: "all between", typed: { $0.where { $0.dogs.all.age.contains(4...8) } },
                   text: { $0.filter("ALL dogs.age BETWEEN {4, 8}") }, expected: [al, "ren"]),
        PersonCase(label: "none with an option", typed: { $0.where { $0.dogs.none.name.starts(with: "f", options: .caseInsensitive) } },
                   text: { $0.filter("NONE dogs.name BEGINSWITH[c] 'f'") }, expected: [al, "ren"]),
        PersonCase(label: "not all", typed: { $0.where { !($0.dogs.all.age > 3) } }, text: { $0.filter("NOT ALL dogs.age > 3") },
                   expected: ["Ann", "Bob"]),
    ]

    static let mixedTypes: [PersonCase] = [
        PersonCase(label: "type is int", typed: { $0.where { $0.extra.type == .int } }, text: { $0.filter("extra.@type == 'int'") },
                   expected: ["Ann"]),
        PersonCase(label: "type in", typed: { $0.where { $0.extra.type.in([.string, .null]) } },
                   text: { $0.filter("extra.@type IN {'string', 'null'}") }, expected: ["Bob", "ren"]),
        PersonCase(label: "type is not numeric", typed: { $0.where { $0.extra.type != .numeric } },
                   text: { $0.filter("extra.@type != 'numeric'") }, expected: ["Bob", "ren"]),
        PersonCase(label: "type double and a comparison", typed: { $0.where { $0.extra.type == .double && $0.extra > .int(7) } },
                   text: { $0.filter("extra.@type == 'double' AND extra > 7") }, expected: [al]),
    ]

    static let links: [DogCase] = [
        DogCase(label: "links' property", typed: { $0.where { $0.linkingObjects(fromType: QPerson.self, property: "dogs").age > 40 } },
                text: { $0.filter("ANY @links.QPerson.dogs.age > 40") }, expected: ["Rex", "Spot", "Bella"]),
        DogCase(label: "links' count", typed: { $0.where { $0.linkingObjects(fromType: QPerson.self, property: "dogs").count == 1 } },
                text: { $0.filter("@links.QPerson.dogs.@count == 1") }, expected: ["Spot", "Bella"]),
        DogCase(label: "links of a to-one link", typed: { $0.where { $0.linkingObjects(fromType: QPerson.self, property: "best").name == "Ann" } },
                text: { $0.filter("@links.QPerson.best.name == 'Ann'") }, expected: ["Rex"]),
        DogCase(label: "links' max", typed: { $0.where { $0.linkingObjects(fromType: QPerson.self, property: "dogs").age.max < 40 } },
                text: { $0.filter("@links.QPerson.dogs.@max.age < 40") }, expected: ["Fido"]),
        DogCase(label: "all links", typed: { $0.where { $0.linkingObjects(fromType: QPerson.self, property: "dogs").all.age > 20 } },
                text: { $0.filter("ALL @links.QPerson.dogs.age > 20") }, expected: ["Rex", "Spot", "Bella"]),
        DogCase(label: "every link's count", typed: { $0.where { $0.linkingObjectsCount > 3 } },
                text: { $0.filter("@links.@count > 3") }, expected: ["Rex", "Spot"]),
    ]
}
