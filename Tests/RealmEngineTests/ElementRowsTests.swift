@testable import RealmEngine
import RealmSchema
import TestSupport
import Testing

/// Collections written in batches of rows (`ElementRows`): longer than a batch, with a
/// remainder, duplicates across batches, every column layout, and a nested object that
/// writes the same property while an outer batch is half bound.
@Suite struct ElementRowsTests {
    let directory = TemporaryDirectory()

    /// One more than two batches: two full statements and a lone row.
    let count = 2 * ElementRows.batch + 1

    static let schema = CompiledSchema(schemaVersion: 1, models: [
        model("Bag", primaryKey: "id", [
            property("id", .int(.int), primaryKey: true), property("ints", .int(.int), .list),
            property("names", .string, .set), property("maybe", .int(.int), .set, optional: true),
            property("scores", .double, .map), property("any", .mixed, .list), property("anyMap", .mixed, .map),
            property("anySet", .mixed, .set), property("root", .object("Node"), optional: true),
        ]),
        model("Node", kind: .embedded, [property("label", .string), property("children", .object("Node"), .list)]),
    ])

    @Test func longCollectionsOfEveryLayoutReadBackInOrder() throws {
        let store = try Store.temporary(directory, Self.schema)
        let ints = (0..<count).map { InputValue.value(.int(Int64($0 * 7))) }
        let names = (0..<count).map { InputValue.value(.string("n\($0 % 20)")) }
        let maybe = (0..<count).map { $0 % 3 == 0 ? InputValue.value(.null) : .value(.int(Int64($0))) }
        let scores = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", InputValue.value(.double(Double($0) / 2))) })
        let any = (0..<count).map { $0 % 2 == 0 ? InputValue.value(.string("s\($0)")) : .value(.int(Int64($0))) }
        let anyMap = Dictionary(uniqueKeysWithValues: (0..<count).map { ("m\($0)", InputValue.value(.bool($0 % 2 == 0))) })
        let bag = try store.write {
            try store.create("Bag", value: ["id": 1, "ints": .collection(ints), "names": .collection(names),
                                            "maybe": .collection(maybe), "scores": .map(scores), "any": .collection(any),
                                            "anyMap": .map(anyMap), "anySet": .collection(any + any)])
        }
        #expect(try store.get(bag, "ints") == .list((0..<count).map { .int(Int64($0 * 7)) }))
        #expect(try store.get(bag, "any") == .list(any.map { $0.mixedValue }))
        #expect(try store.get(bag, "scores") == .dictionary(scores.mapValues { $0.mixedValue }))
        #expect(try store.get(bag, "anyMap") == .dictionary(anyMap.mapValues { $0.mixedValue }))
        #expect(try setElements(store, bag, "names") == Set((0..<20).map { StoreValue.string("n\($0)") }),
                "duplicates in other batches are ignored")
        #expect(try setElements(store, bag, "maybe") == Set(maybe.map { $0.mixedValue }))
        #expect(try setElements(store, bag, "anySet") == Set(any.map { $0.mixedValue }))
        #expect(try store.count(bag, "anySet") == count)
    }

    @Test func replacingLongCollectionsLeavesOnlyTheNewElements() throws {
        let store = try Store.temporary(directory, Self.schema)
        let first = (0..<count).map { InputValue.value(.int(Int64($0))) }
        let second = (0..<(count - 5)).map { InputValue.value(.int(Int64(100 + $0))) }
        let bag = try store.write { try store.create("Bag", value: ["id": 1, "ints": .collection(first)]) }
        for policy in [UpdatePolicy.all, .modified] {
            try store.write { _ = try store.create("Bag", value: ["id": 1, "ints": .collection(second)], update: policy) }
            #expect(try store.get(bag, "ints") == .list(second.map { $0.mixedValue }), "\(policy)")
            try store.write { _ = try store.create("Bag", value: ["id": 1, "ints": .collection(first)], update: policy) }
            #expect(try store.get(bag, "ints") == .list(first.map { $0.mixedValue }), "\(policy)")
        }
    }

    /// The outer list's statement for two rows is half bound when its second element creates
    /// a node whose own two children use a statement for two rows of the same property.
    @Test func nestedObjectsWritingTheSamePropertyKeepTheirOwnRows() throws {
        let store = try Store.temporary(directory, Self.schema)
        func node(_ label: String, _ children: [InputValue] = []) -> InputValue {
            .object(["label": .value(.string(label)), "children": .collection(children)])
        }
        let tree = node("root", [node("a", [node("a1"), node("a2")]), node("b", [node("b1"), node("b2")])])
        let bag = try store.write { try store.create("Bag", value: ["id": 1, "root": tree]) }
        #expect(try labels(store, try store.get(bag, "root")) == "root(a(a1,a2),b(b1,b2))")
    }

    private func setElements(_ store: Store, _ object: ObjectKey, _ property: String) throws -> Set<StoreValue> {
        guard case .list(let elements) = try store.get(object, property) else { return [] }
        return Set(elements)
    }

    /// `label(child,child)` of a node and its descendants.
    private func labels(_ store: Store, _ value: StoreValue) throws -> String {
        guard case .object(let node) = value, case .string(let label) = try store.get(node, "label"),
              case .list(let children) = try store.get(node, "children") else { return "?" }
        if children.isEmpty { return label }
        return label + "(" + (try children.map { try labels(store, $0) }).joined(separator: ",") + ")"
    }
}
