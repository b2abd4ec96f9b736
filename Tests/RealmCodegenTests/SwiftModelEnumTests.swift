import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// `enum:` lists → nested `PersistableEnum` types, their names and case names.
@Suite struct SwiftModelEnumTests {
    typealias S = Snippet

    @Test func stringEnum() {
        let body = S.body([
            property("status", .string, default: .string("active"), enum: [.string("active"), .string("retired")]),
        ])
        #expect(body == """
            @Persisted var status: Status = .active

            enum Status: String, PersistableEnum {
                case active
                case retired
            }
            """)
    }

    @Test func caseNamesFromFreeTextKeepTheirRawValues() {
        let values: [SchemaValue] = [
            .string("in-progress"), .string("in_progress"), .string("DONE"), .string("default"),
            .string("1st"), .string(""), .string("HTTPServer"), .string("none"),
        ]
        let body = S.body([property("state", .string, enum: values)])
        #expect(body == """
            @Persisted var state: State

            enum State: String, PersistableEnum {
                case inProgress = "in-progress"
                case inProgress2 = "in_progress"
                case done = "DONE"
                case `default`
                case _1st = "1st"
                case empty = ""
                case httpServer = "HTTPServer"
                case none
            }
            """)
    }

    @Test func integerEnumWithNegativeValues() {
        let body = S.body([
            property("level", .int(.int16), optional: true, default: .int(-1), enum: [.int(1), .int(-1), .int(0)]),
        ])
        #expect(body == """
            @Persisted var level: Level? = .valueMinus1

            enum Level: Int16, PersistableEnum {
                case value1 = 1
                case valueMinus1 = -1
                case value0 = 0
            }
            """)
    }

    @Test func enumAsCollectionElement() {
        let body = S.body([
            property("tags", .string, .list, enum: [.string("a")]),
            property("flags", .string, .set, optional: true, enum: [.string("b")]),
            property("ranks", .int(.int), .map, enum: [.int(1)]),
        ])
        #expect(body.hasPrefix("""
            @Persisted var tags: List<Tags>
            @Persisted var flags: MutableSet<Flags?>
            @Persisted var ranks: Map<String, Ranks>

            """))
    }

    @Test func enumNamesAvoidModelsTypesPropertiesAndEachOther() {
        let other = ModelSchema(name: "Status", properties: [property("x", .int(.int))])
        let body = S.body([
            property("status", .string, enum: [.string("a")]),
            property("data", .string, enum: [.string("b")]),
            property("type", .string, enum: [.string("c")]),
            property("task_state", .string, enum: [.string("d")]),
            property("taskState", .string, enum: [.string("e")]),
            property("item", .string, enum: [.string("f")]),
        ], others: [other])
        let declarations = body.split(separator: "\n").filter { $0.hasPrefix("@Persisted") || $0.hasPrefix("enum") }
        #expect(declarations == [
            "@Persisted var status: StatusEnum",
            "@Persisted var data: DataEnum",
            "@Persisted var type: TypeEnum",
            "@Persisted var task_state: TaskState",
            "@Persisted var taskState: TaskStateEnum",
            "@Persisted var item: ItemEnum",
            "enum StatusEnum: String, PersistableEnum {",
            "enum DataEnum: String, PersistableEnum {",
            "enum TypeEnum: String, PersistableEnum {",
            "enum TaskState: String, PersistableEnum {",
            "enum TaskStateEnum: String, PersistableEnum {",
            "enum ItemEnum: String, PersistableEnum {",
        ])
    }

    @Test func anEnumPrimaryKey() {
        let text = S.swift([property("kind", .int(.int), enum: [.int(1), .int(2)])], primaryKey: "kind")
        #expect(text.contains("@Persisted(primaryKey: true) var kind: Kind\n"))
        #expect(text.contains("enum Kind: Int, PersistableEnum {"))
    }

    @Test func publicEnums() {
        let text = S.swift([property("mood", .string, enum: [.string("ok")])], access: .public)
        #expect(text == """
            public final class Item: Object {
                @Persisted public var mood: Mood

                public enum Mood: String, PersistableEnum {
                    case ok
                }
            }

            """)
    }
}
