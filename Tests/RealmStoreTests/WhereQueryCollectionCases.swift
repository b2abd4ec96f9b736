import Foundation
import RealmStore
import Testing

/// Cases through collections, maps, links, subqueries and `AnyRealmValue`.
extension WhereCases {
    static let collections: [PersonCase] = [
        PersonCase(label: "list of links, any", typed: { $0.where { $0.dogs.name == "Rex" } },
                   text: { $0.filter("ANY dogs.name == %@", "Rex") }, expected: ["Ann", al]),
        PersonCase(label: "list of links, implicit any", typed: { $0.where { $0.dogs.age > 6 } }, text: { $0.filter("dogs.age > 6") },
                   expected: [al]),
        PersonCase(label: "count", typed: { $0.where { $0.dogs.count > 1 } }, text: { $0.filter("dogs.@count > 1") },
                   expected: ["Ann", al]),
        PersonCase(label: "max of a property", typed: { $0.where { $0.dogs.age.max > 5 } }, text: { $0.filter("dogs.@max.age > 5") },
                   expected: [al]),
        PersonCase(label: "avg of a property", typed: { $0.where { $0.dogs.age.avg < 4 } }, text: { $0.filter("dogs.@avg.age < 4") },
                   expected: ["Ann", "Bob"]),
        PersonCase(label: "sum and min", typed: { $0.where { $0.dogs.age.sum == 17 || $0.dogs.age.min == 2 } },
                   text: { $0.filter("dogs.@sum.age == 17 OR dogs.@min.age == 2") }, expected: ["Ann", "Bob", al]),
        PersonCase(label: "list of ints: max, sum", typed: { $0.where { $0.nums.max >= 9 || $0.nums.sum == 2 } },
                   text: { $0.filter("nums.@max >= 9 OR nums.@sum == 2") }, expected: ["Ann", "Bob"]),
        PersonCase(label: "list of ints: avg", typed: { $0.where { $0.nums.avg > 2 } }, text: { $0.filter("nums.@avg > 2") },
                   expected: ["Ann"]),
        PersonCase(label: "list of ints: contains", typed: { $0.where { $0.nums.contains(5) } }, text: { $0.filter("%@ IN nums", 5) },
                   expected: ["Ann"]),
        PersonCase(label: "list of ints: any element", typed: { $0.where { $0.nums > 4 } }, text: { $0.filter("ANY nums > 4") },
                   expected: ["Ann"]),
        PersonCase(label: "list of ints: range of every element", typed: { $0.where { $0.nums.contains(1...5) } },
                   text: { $0.filter("nums.@min >= 1 AND nums.@max <= 5") }, expected: ["Bob"]),
        PersonCase(label: "set: contains", typed: { $0.where { $0.tags.contains("green") } }, text: { $0.filter("'green' IN tags") },
                   expected: ["Bob"]),
        PersonCase(label: "set: containsAny", typed: { $0.where { $0.tags.containsAny(in: ["red", "green"]) } },
                   text: { $0.filter("ANY tags IN %@", ["red", "green"]) }, expected: ["Ann", "Bob"]),
        PersonCase(label: "set: count", typed: { $0.where { $0.tags.count == 0 } }, text: { $0.filter("tags.@count == 0") },
                   expected: [al, "ren"]),
        PersonCase(label: "set: element equality", typed: { $0.where { $0.tags == "blue" } }, text: { $0.filter("ANY tags == 'blue'") },
                   expected: ["Ann"]),
        PersonCase(label: "set of links", typed: { $0.where { $0.pack.age < 3 && $0.pack.count == 3 } },
                   text: { $0.filter("ANY pack.age < 3 AND pack.@count == 3") }, expected: [al]),
        PersonCase(label: "to-one link", typed: { $0.where { $0.best.name == "Rex" } }, text: { $0.filter("best.name == 'Rex'") },
                   expected: ["Ann"]),
        PersonCase(label: "nil link", typed: { $0.where { $0.best == nil } }, text: { $0.filter("best == nil") },
                   expected: ["Bob", "ren"]),
        PersonCase(label: "object", typed: { people in
            let spot = people.realm!.objects(QDog.self).where { $0.name == "Spot" }.first!
            return people.where { $0.best == spot }
        }, text: { people in
            people.filter("best == %@", people.realm!.objects(QDog.self).filter("name == 'Spot'").first!)
        }, expected: [al]),
    ]

    static let maps: [PersonCase] = [
        PersonCase(label: "map subscript", typed: { $0.where { $0.scores["math"] > 90 } },
                   text: { $0.filter("scores['math'] > 90") }, expected: ["Ann"]),
        PersonCase(label: "map subscript with quotes", typed: { $0.where { $0.scores["ma'th\"%@"] > 0 || $0.scores["math"] < 70 } },
                   text: { $0.filter("scores[%@] > 0 OR scores['math'] < 70", "ma'th\"%@") }, expected: ["Bob"]),
        PersonCase(label: "map keys", typed: { $0.where { $0.scores.keys == "music" } },
                   text: { $0.filter("ANY scores.@keys == 'music'") }, expected: [al]),
        PersonCase(label: "map keys starts", typed: { $0.where { $0.scores.keys.starts(with: "ar") } },
                   text: { $0.filter("ANY scores.@keys BEGINSWITH 'ar'") }, expected: ["Ann", al]),
        PersonCase(label: "map values", typed: { $0.where { $0.scores.values > 90 } },
                   text: { $0.filter("ANY scores.@values > 90") }, expected: ["Ann", al]),
        PersonCase(label: "map any value", typed: { $0.where { $0.scores < 55 } }, text: { $0.filter("ANY scores < 55") },
                   expected: [al]),
        PersonCase(label: "map max and count", typed: { $0.where { $0.scores.max > 95 || $0.scores.count == 1 } },
                   text: { $0.filter("scores.@max > 95 OR scores.@count == 1") }, expected: ["Bob", al]),
        PersonCase(label: "map range of every value", typed: { $0.where { $0.scores.contains(50...95) } },
                   text: { $0.filter("scores.@min >= 50 AND scores.@max <= 95") }, expected: ["Ann", "Bob"]),
        PersonCase(label: "map contains", typed: { $0.where { $0.scores.contains(60) } }, text: { $0.filter("60 IN scores") },
                   expected: ["Bob"]),
        PersonCase(label: "map containsAny", typed: { $0.where { $0.scores.containsAny(in: [50, 70]) } },
                   text: { $0.filter("ANY scores IN {50, 70}") }, expected: ["Ann", al]),
        PersonCase(label: "map of links: values' property", typed: { $0.where { $0.pets.values.name == "Bella" } },
                   text: { $0.filter("ANY pets.@values.name == 'Bella'") }, expected: [al]),
    ]

    static let subqueries: [PersonCase] = [
        PersonCase(label: "subquery", typed: { $0.where { ($0.dogs.age > 3 && $0.dogs.name != "Rex").count >= 1 } },
                   text: { $0.filter("SUBQUERY(dogs, $d, $d.age > 3 AND $d.name != 'Rex').@count >= 1") }, expected: [al]),
        PersonCase(label: "subquery with a string option", typed: { $0.where { ($0.dogs.name.starts(with: "r", options: .caseInsensitive)).count == 1 } },
                   text: { $0.filter("SUBQUERY(dogs, $d, $d.name BEGINSWITH[c] 'r').@count == 1") }, expected: ["Ann", al]),
        PersonCase(label: "subquery over ints", typed: { $0.where { ($0.nums > 1).count == 2 } },
                   text: { $0.filter("SUBQUERY(nums, $n, $n > 1).@count == 2") }, expected: ["Ann"]),
        PersonCase(label: "nested where's count", typed: { $0.where { $0.dogs.where { $0.age > 3 && $0.name != "Rex" }.count >= 1 } },
                   text: { $0.filter("SUBQUERY(dogs, $d, $d.age > 3 AND $d.name != 'Rex').@count >= 1") }, expected: [al]),
        PersonCase(label: "nested where as a predicate", typed: { $0.where { $0.dogs.where { $0.age > 6 } } },
                   text: { $0.filter("ANY dogs.age > 6") }, expected: [al]),
        PersonCase(label: "subquery and a comparison", typed: { $0.where { ($0.dogs.age < 5).count > 0 && $0.age < 40 } },
                   text: { $0.filter("SUBQUERY(dogs, $d, $d.age < 5).@count > 0 AND age < 40") }, expected: ["Ann", "Bob"]),
    ]

    static let enums: [PersonCase] = [
        PersonCase(label: "enum equal", typed: { $0.where { $0.mood == .happy } }, text: { $0.filter("mood == 'happy'") },
                   expected: ["Ann", "ren"]),
        PersonCase(label: "enum in", typed: { $0.where { $0.mood.in([.sad, .calm]) } }, text: { $0.filter("mood IN {'sad', 'calm'}") },
                   expected: ["Bob", al]),
        PersonCase(label: "enum raw value", typed: { $0.where { $0.mood.rawValue.ends(with: "D", options: .caseInsensitive) } },
                   text: { $0.filter("mood ENDSWITH[c] 'D'") }, expected: ["Bob"]),
    ]

    static let mixed: [PersonCase] = [
        PersonCase(label: "mixed equal int", typed: { $0.where { $0.extra == .int(7) } }, text: { $0.filter("extra == 7") },
                   expected: ["Ann"]),
        PersonCase(label: "mixed greater", typed: { $0.where { $0.extra > .int(7) } }, text: { $0.filter("extra > %@", 7) },
                   expected: [al]),
        PersonCase(label: "mixed string", typed: { $0.where { $0.extra == .string("seven") } },
                   text: { $0.filter("extra == 'seven'") }, expected: ["Bob"]),
        PersonCase(label: "mixed null", typed: { $0.where { $0.extra == .none } }, text: { $0.filter("extra == nil") },
                   expected: ["ren"]),
        PersonCase(label: "mixed in", typed: { $0.where { $0.extra.in([.int(7), .string("seven")]) } },
                   text: { $0.filter("extra IN {7, 'seven'}") }, expected: ["Ann", "Bob"]),
    ]
}
