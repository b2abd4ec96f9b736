import Foundation
import RealmEngine
import TestSupport
import Testing

/// `realm-import --drop` without `--class`: a multi-class input empties every class it names, in
/// the import's transaction, and references between those classes find the new objects.
@Suite struct ImportDropTests {
    static let schema = """
        models:
          Owner:
            primaryKey: id
            properties:
              id: int
              pet: Pet?
              pets: Pet[]
              item: Item?
              tag: Tag?
              address: Address?
              addresses: Address[]
          Pet:
            primaryKey: id
            properties:
              id: int
              name: string?
          Item:
            primaryKey: sku
            properties:
              sku: string
              pet: Pet?
          Tag:
            properties:
              label: string
          Address:
            embedded: true
            properties:
              city: string
        """

    /// A store holding Owner 1 (pet 3, an address), Pets 1-3 and Item A (pet 3), Tag "old".
    func seeded() throws -> String {
        let directory = try Temporary.path("realm-drop")
        try Self.schema.write(toFile: directory + "/schema.yaml", atomically: true, encoding: .utf8)
        let seed = #"{"Pet": [{"id": 1, "name": "old1"}, {"id": 2, "name": "old2"}, {"id": 3, "name": "old3"}], "#
            + #""Item": [{"sku": "A", "pet": 3}], "Tag": [{"label": "old"}], "#
            + #""Owner": [{"id": 1, "pet": 3, "pets": [1, 2], "address": {"city": "Oslo"}, "addresses": [{"city": "Rome"}]}]}"#
        let result = try importTool(["--schema", "schema.yaml", "-"], in: directory, input: seed)
        #expect(result.status == 0, "\(result.stderr)")
        return directory
    }

    func importTool(_ arguments: [String], in directory: String, input: String) throws -> ProcessResult {
        try Tool.run("realm-import", ["--store", "s.sqlite"] + arguments, in: directory, input: Data(input.utf8))
    }

    /// The primary keys (or labels, cities) of a class's objects, sorted.
    func values(_ className: String, _ property: String, in directory: String) throws -> [String] {
        let store = try Store(path: directory + "/s.sqlite")
        var result: [String] = []
        try store.forEachObject(className) { result.append(try store.get($0, property).description) }
        return result.sorted()
    }

    /// The `name` of the Pet `owner`'s `property` links to (a to-one link or each list element).
    func petNames(_ className: String, _ key: StoreValue, _ property: String, in directory: String) throws -> [String] {
        let store = try Store(path: directory + "/s.sqlite")
        let object = try #require(try store.object(className, primaryKey: key))
        let links: [StoreValue] = switch try store.get(object, property) {
        case .list(let items): items
        case let single: [single]
        }
        return try links.map { link in
            guard case .object(let pet) = link else { return "null" }
            return try store.get(pet, "name").description
        }
    }

    @Test func multiClassDropReplacesEveryNamedClassAndLinksFindTheNewObjects() throws {
        let directory = try seeded()
        // Owner comes first and refers to Pets 3 and 4 before the Pet class is emptied and refilled.
        let input = #"{"Owner": [{"id": 2, "pet": 3, "pets": [4, 3], "item": "A", "address": {"city": "Bern"}}], "#
            + #""Pet": [{"id": 3, "name": "new3"}, {"id": 4, "name": "new4"}]}"#
        let result = try importTool(["--drop", "-"], in: directory, input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("4 objects deleted\n"), "1 Owner and 3 Pets: \(result.stderr)")
        #expect(try values("Owner", "id", in: directory) == ["2"])
        #expect(try values("Pet", "name", in: directory) == ["new3", "new4"])
        #expect(try petNames("Owner", .int(2), "pet", in: directory) == ["new3"])
        #expect(try petNames("Owner", .int(2), "pets", in: directory) == ["new4", "new3"])
        // A class the input does not name keeps its objects; links to them resolve as usual,
        // and its links into an emptied class went with the objects they pointed at.
        #expect(try values("Item", "sku", in: directory) == ["A"])
        #expect(try values("Tag", "label", in: directory) == ["old"])
        #expect(try petNames("Item", .string("A"), "pet", in: directory) == ["null"])
        let store = try Store(path: directory + "/s.sqlite")
        let owner = try #require(try store.object("Owner", primaryKey: .int(2)))
        guard case .object(let item) = try store.get(owner, "item") else {
            Issue.record("Owner.item is not set")
            return
        }
        #expect(try store.get(item, "sku") == .string("A"))
    }

    @Test func embeddedObjectsGoWithTheirOwners() throws {
        let directory = try seeded()
        #expect(try values("Address", "city", in: directory) == ["Oslo", "Rome"])
        let input = #"{"Owner": [{"id": 1, "addresses": [{"city": "Bern"}, {"city": "Lima"}]}]}"#
        let result = try importTool(["--drop", "-"], in: directory, input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try values("Address", "city", in: directory) == ["Bern", "Lima"])
        let embedded = try importTool(["--drop", "-"], in: directory, input: #"{"Address": [{"city": "Kyiv"}]}"#)
        #expect(embedded.status == 1, "an embedded class is not named at the top level, --drop or not")
        #expect(try values("Address", "city", in: directory) == ["Bern", "Lima"])
    }

    @Test func aFailedDropImportLeavesEveryClassAsItWas() throws {
        let directory = try seeded()
        let input = #"{"Pet": [{"id": 9, "name": "new9"}], "Owner": [{"id": 5, "pet": 9}, {"id": "six"}]}"#
        let failed = try importTool(["--drop", "-"], in: directory, input: input)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(try values("Pet", "name", in: directory) == ["old1", "old2", "old3"])
        #expect(try values("Owner", "id", in: directory) == ["1"])
        #expect(try values("Address", "city", in: directory) == ["Oslo", "Rome"])
        #expect(try petNames("Owner", .int(1), "pet", in: directory) == ["old3"])
        let dryRun = try importTool(["--drop", "--dry-run", "-"], in: directory, input: #"{"Pet": [{"id": 9}]}"#)
        #expect(dryRun.status == 0 && dryRun.stderr.contains("3 objects would be deleted"), "\(dryRun.stderr)")
        #expect(try values("Pet", "name", in: directory) == ["old1", "old2", "old3"])
        // The Pets were emptied, so the reference to the old Pet 2 finds nothing.
        let dangling = try importTool(["--drop", "-"], in: directory, input: #"{"Pet": [{"id": 9}], "Owner": [{"id": 7, "pet": 2}]}"#)
        #expect(dangling.status == 1 && dangling.stderr.contains("error:"), "\(dangling.stderr)")
        #expect(try values("Pet", "name", in: directory) == ["old1", "old2", "old3"])
    }

    /// Objects this input creates inside others, before their class's own array, survive it.
    @Test func nestedObjectsOfALaterClassAreKept() throws {
        let directory = try seeded()
        let input = #"{"Owner": [{"id": 3, "pet": {"id": 7, "name": "nested7"}, "tag": {"label": "nested"}}], "#
            + #""Pet": [{"id": 8, "name": "new8"}], "Tag": [{"label": "top"}]}"#
        let result = try importTool(["--drop", "-"], in: directory, input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try values("Pet", "name", in: directory) == ["nested7", "new8"])
        #expect(try values("Tag", "label", in: directory) == ["nested", "top"])
        #expect(try petNames("Owner", .int(3), "pet", in: directory) == ["nested7"])
    }

    @Test func aClassNamedWithNoObjectsIsEmptiedToo() throws {
        let directory = try seeded()
        let result = try importTool(["--drop", "-"], in: directory, input: #"{"Pet": [], "Tag": [{"label": "t"}]}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try values("Pet", "id", in: directory).isEmpty)
        #expect(try values("Tag", "label", in: directory) == ["t"])
        #expect(try values("Owner", "id", in: directory) == ["1"])
        #expect(try petNames("Owner", .int(1), "pets", in: directory).isEmpty)
    }
}
