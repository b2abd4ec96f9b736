import RealmCodegen
import RealmSchema
import TestSupport
import Testing

/// Classes as a whole: base classes, docs, keywords, `mapTo`, access levels.
@Suite struct SwiftModelDeclarationTests {
    typealias S = Snippet

    @Test func embeddedAndAsymmetricBaseClasses() {
        let address = ModelSchema(name: "Address", kind: .embedded, properties: [property("street", .string)])
        let reading = ModelSchema(name: "Reading", kind: .asymmetric, primaryKey: "_id", properties: [
            PropertySchema(name: "_id", type: DeclaredType(.objectId), isPrimaryKey: true), property("value", .double),
        ])
        #expect(S.swift(models: [address, reading]) == """
            final class Address: EmbeddedObject {
                @Persisted var street: String
            }

            final class Reading: AsymmetricObject {
                @Persisted(primaryKey: true) var _id: ObjectId
                @Persisted var value: Double
            }

            """)
    }

    @Test func docsOnClassesAndProperties() {
        let text = S.swift([
            property("_id", .int(.int)),
            property("name", .string, doc: "The name.\nShown in lists.  \n"),
            property("age", .int(.int)),
        ], primaryKey: "_id", doc: "A person.\n\nWith a second paragraph.")
        #expect(text == """
            /// A person.
            ///
            /// With a second paragraph.
            final class Item: Object {
                @Persisted(primaryKey: true) var _id: Int

                /// The name.
                /// Shown in lists.
                @Persisted var name: String

                @Persisted var age: Int
            }

            """)
    }

    @Test func keywordsAreEscaped() {
        let body = S.body([
            property("default", .int(.int)), property("class", .string), property("Type", .bool),
            property("in", .date), property("get", .double), property("first-name", .string),
        ])
        #expect(body == """
            @Persisted var `default`: Int
            @Persisted var `class`: String
            @Persisted var `Type`: Bool
            @Persisted var `in`: Date
            @Persisted var get: Double
            @Persisted var `first-name`: String
            """)
    }

    @Test func mapToWritesPropertiesMapping() {
        let text = S.swift([
            property("createdAt", .date, mapTo: "created_at"), property("name", .string),
        ])
        #expect(text == """
            final class Item: Object {
                @Persisted var createdAt: Date
                @Persisted var name: String

                override class func propertiesMapping() -> [String: String] { ["createdAt": "created_at"] }
            }

            """)
    }

    @Test func severalMappingsAreOneAPerLine() {
        let text = S.swift([
            property("a", .int(.int), mapTo: "x"), property("b", .int(.int), mapTo: "b"),
            property("c", .int(.int), mapTo: "y"),
        ], access: .public)
        #expect(text.hasSuffix("""
                public override class func propertiesMapping() -> [String: String] {
                    [
                        "a": "x",
                        "c": "y",
                    ]
                }
            }

            """))
    }

    @Test func publicAccess() {
        let other = ModelSchema(name: "Dog", kind: .embedded, properties: [property("name", .string)])
        #expect(S.swift([property("dog", .object("Dog"), optional: true)], others: [other], access: .public) == """
            public final class Item: Object {
                @Persisted public var dog: Dog?
            }

            public final class Dog: EmbeddedObject {
                @Persisted public var name: String
            }

            """)
    }
}
