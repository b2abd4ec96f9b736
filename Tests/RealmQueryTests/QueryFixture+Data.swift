import Foundation
@testable import RealmEngine
import RealmSchema
import TestSupport

/// The fixture store: 8 dogs and 48 people built from `FixtureValues` by a seeded generator,
/// plus hand-picked edge cases (empty collections, nulls everywhere, dates before 1970).
final class QueryFixture {
    /// The fixture the query suites share (built once; they run one test at a time, see
    /// `SharedFixtureTests`).
    nonisolated(unsafe) static let shared = Result { try QueryFixture() }

    let directory = TemporaryDirectory()
    let store: Store
    var people: [ObjectKey] = []
    var dogs: [ObjectKey] = []

    static let mixedValues: [StoreValue] = [
        .null, 3, 3.0, .decimal128("3"), "3", true, false, "Rex", "rex", .float(2.5), -1,
        .date(Timestamp(seconds: -86_400)), .objectId("000000000000000000000001"), .data(Data([1, 2])),
        .list([1, "two"]), .dictionary(["k": 1]), .decimal128("1.50"), 1e3, "Ärger",
    ]

    init() throws {
        store = try Store(path: directory.path(), schema: fixtureSchema)
        try store.write {
            try makeDogs()
            try makePeople()
        }
    }

    func makeDogs() throws {
        let names = ["Rex", "rex", "Fido", "Bäsh", "Max", "Luna", "Ölaf", "Spot"]
        for (index, name) in names.enumerated() {
            var toys: [InputValue] = []
            for toy in 0..<(index % 3) {
                let price: InputValue = toy == 0 ? .value(.null) : .value(.decimal128(Decimal128(Int64(index * toy))))
                toys.append(["label": .value(.string("toy\(toy)-\(name)")), "price": price])
            }
            let collar: InputValue = index % 2 == 0 ? ["label": .value(.string("collar \(name)")), "price": .value(.decimal128("2.5"))] : nil
            dogs.append(try store.create("Dog", value: [
                "name": .value(.string(name)), "age": .value(.int(Int64(index * 2 - 3))),
                "weight": index % 4 == 3 ? nil : .value(.double(Double(index) * 4.5)),
                "toys": .collection(toys), "collar": collar,
            ]))
        }
    }

    func makePeople() throws {
        var random = FixtureRandom(state: 7)
        for index in 0..<48 {
            let empty = index % 11 == 5
            var value: [String: InputValue] = [
                "id": .value(.int(Int64(index))),
                "name": .value(.string(FixtureValues.names[index % FixtureValues.names.count])),
                "nick": .value(random.pick(FixtureValues.nicks)), "age": .value(random.pick(FixtureValues.ages)),
                "height": .value(random.pick(FixtureValues.heights)), "weight": .value(random.pick(FixtureValues.weights)),
                "balance": .value(random.pick(FixtureValues.decimals)), "born": .value(random.pick(FixtureValues.dates)),
                "active": .value(random.pick(FixtureValues.bools)), "code": .value(random.pick(FixtureValues.objectIds)),
                "token": .value(random.pick(FixtureValues.uuids)), "photo": .value(random.pick(FixtureValues.photos)),
                "bio": .value(random.pick(FixtureValues.bios)), "city": .value(.string(random.pick(FixtureValues.cities))),
                "extra": .value(index == 47 ? .object(dogs[0]) : QueryFixture.mixedValues[index % QueryFixture.mixedValues.count]),
            ]
            if !empty {
                value["scores"] = .collection((0..<random.next(4)).map { _ in .value(.int(Int64(random.next(20) - 5))) })
                value["tags"] = .collection((0..<random.next(4)).map { _ in .value(.string(random.pick(FixtureValues.tags))) })
                value["heights"] = .collection((0..<random.next(3)).map { _ in .value(.double(Double(random.next(100)) / 4 - 5)) })
                value["nums"] = .collection((0..<random.next(3)).map { _ in random.next(3) == 0 ? nil : .value(.int(Int64(random.next(9)))) })
                value["amounts"] = .collection((0..<random.next(3)).map { _ in .value(random.pick(Array(FixtureValues.decimals.dropFirst()))) })
                var attrs: [String: InputValue] = [:]
                for _ in 0..<random.next(3) { attrs[random.pick(FixtureValues.mapKeys)] = .value(random.pick(QueryFixture.mixedValues.filter { !$0.isCollection })) }
                value["attrs"] = .map(attrs)
                var counts: [String: InputValue] = [:]
                for _ in 0..<random.next(3) { counts[random.pick(FixtureValues.mapKeys)] = .value(.int(Int64(random.next(10)))) }
                value["counts"] = .map(counts)
                var pets: [String: InputValue] = [:]
                for _ in 0..<random.next(3) { pets[random.pick(FixtureValues.mapKeys)] = random.next(4) == 0 ? nil : .value(.object(random.pick(dogs))) }
                value["pets"] = .map(pets)
                value["dogs"] = .collection((0..<random.next(4)).map { _ in .value(.object(random.pick(dogs))) })
                value["bag"] = .collection((0..<random.next(3)).map { _ in .value(random.pick(QueryFixture.mixedValues.filter { !$0.isCollection })) })
            }
            value["best"] = random.next(3) == 0 ? nil : .value(.object(random.pick(dogs)))
            if index > 0 && random.next(2) == 0 { value["friend"] = .value(.object(random.pick(people))) }
            people.append(try store.create("Person", value: value))
        }
    }
}

extension StoreValue {
    var isCollection: Bool {
        switch self {
        case .list, .dictionary: true
        default: false
        }
    }
}
