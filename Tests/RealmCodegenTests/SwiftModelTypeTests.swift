import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// Every schema type and collection kind → the `@Persisted` declaration Realm Swift uses.
@Suite struct SwiftModelTypeTests {
    typealias S = Snippet

    @Test func scalarTypes() {
        let body = S.body([
            property("flag", .bool), property("count", .int(.int)), property("tiny", .int(.int8)),
            property("small", .int(.int16)), property("medium", .int(.int32)), property("large", .int(.int64)),
            property("ratio", .float), property("score", .double), property("name", .string),
            property("blob", .data), property("at", .date), property("price", .decimal128),
            property("oid", .objectId), property("uid", .uuid), property("any", .mixed),
        ])
        #expect(body == """
            @Persisted var flag: Bool
            @Persisted var count: Int
            @Persisted var tiny: Int8
            @Persisted var small: Int16
            @Persisted var medium: Int32
            @Persisted var large: Int64
            @Persisted var ratio: Float
            @Persisted var score: Double
            @Persisted var name: String
            @Persisted var blob: Data
            @Persisted var at: Date
            @Persisted var price: Decimal128
            @Persisted var oid: ObjectId
            @Persisted var uid: UUID
            @Persisted var any: AnyRealmValue
            """)
    }

    @Test func optionalScalarsAndMixed() {
        let body = S.body([
            property("age", .int(.int), optional: true), property("when", .date, optional: true),
            property("extra", .mixed, optional: true),
        ])
        #expect(body == """
            @Persisted var age: Int?
            @Persisted var when: Date?
            @Persisted var extra: AnyRealmValue
            """)
    }

    @Test func collections() {
        let body = S.body([
            property("tags", .string, .list), property("nicknames", .string, .set),
            property("scores", .double, .map), property("values", .mixed, .list),
        ])
        #expect(body == """
            @Persisted var tags: List<String>
            @Persisted var nicknames: MutableSet<String>
            @Persisted var scores: Map<String, Double>
            @Persisted var values: List<AnyRealmValue>
            """)
    }

    @Test func optionalCollectionElements() {
        let body = S.body([
            property("a", .int(.int), .list, optional: true), property("b", .uuid, .set, optional: true),
            property("c", .date, .map, optional: true), property("d", .mixed, .map, optional: true),
        ])
        #expect(body == """
            @Persisted var a: List<Int?>
            @Persisted var b: MutableSet<UUID?>
            @Persisted var c: Map<String, Date?>
            @Persisted var d: Map<String, AnyRealmValue>
            """)
    }

    @Test func links() {
        let dog = ModelSchema(name: "Dog", properties: [property("name", .string)])
        let body = S.body([
            property("dog", .object("Dog"), optional: true), property("pet", .object("Dog")),
            property("dogs", .object("Dog"), .list), property("seen", .object("Dog"), .set),
            property("byName", .object("Dog"), .map, optional: true), property("self", .object("Item"), optional: true),
        ], others: [dog])
        #expect(body == """
            @Persisted var dog: Dog?
            @Persisted var pet: Dog?
            @Persisted var dogs: List<Dog>
            @Persisted var seen: MutableSet<Dog>
            @Persisted var byName: Map<String, Dog?>
            @Persisted var `self`: Item?
            """)
    }

    @Test func linkingObjects() {
        let person = ModelSchema(name: "Person", properties: [property("items", .object("Item"), .list)])
        let body = S.body([
            PropertySchema(name: "owners", type: DeclaredType(.linkingObjects(objectType: "Person", property: "items"))),
        ], others: [person])
        #expect(body == #"@Persisted(originProperty: "items") var owners: LinkingObjects<Person>"#)
    }

    @Test func primaryKeyAndIndexes() {
        let text = S.swift([
            property("_id", .objectId, indexed: .regular), property("code", .string, indexed: .regular),
            property("when", .date, indexed: .regular),
        ], primaryKey: "_id")
        #expect(text == """
            final class Item: Object {
                @Persisted(primaryKey: true) var _id: ObjectId
                @Persisted(indexed: true) var code: String
                @Persisted(indexed: true) var when: Date
            }

            """)
    }

    @Test func fullTextIndexIsARegularIndexWithADocLine() {
        let body = S.body([property("bio", .string, optional: true, indexed: .fulltext, doc: "About me.")])
        #expect(body == """
            /// About me.
            /// Full-text indexed.
            @Persisted(indexed: true) var bio: String?
            """)
    }
}
