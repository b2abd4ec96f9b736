import Foundation
import RealmEngine
import RealmSchema
@testable import RealmStore
import Testing

/// The generated models carry their schema statically: it must agree with the YAML it came
/// from, and a store created from the YAML must open through the models.
@Suite struct GeneratedSchemaTests {
    @Test func typedSchemaAgreesWithYAML() throws {
        let yaml = try TestRealms.yamlSchema()
        for type in TestRealms.types {
            let model = TypeInfo.of(type).model
            let declared = try #require(yaml.model(named: model.name))
            #expect(SchemaCompatibility.agree(stored: declared, swift: model), "\(model.name) differs from its YAML")
        }
        #expect(yaml.models.count == TestRealms.types.count)
    }

    @Test func objectSchemaListsProperties() {
        let schema = Person().objectSchema
        #expect(schema.className == "Person")
        #expect(schema.primaryKeyProperty?.name == "_id")
        #expect(schema["dogs"]?.isArray == true)
        #expect(schema["dogs"]?.objectClassName == "Dog")
        #expect(schema["nicknames"]?.isSet == true)
        #expect(schema["scores"]?.isMap == true)
        #expect(schema["createdAt"]?.isIndexed == true)
    }

    @Test func storeCreatedFromYAMLOpensThroughModels() throws {
        let url = try TestRealms.path()
        let yaml = try TestRealms.yamlSchema()
        do {
            let store = try Store(path: url.path, schema: yaml)
            try store.write {
                let product = try store.create("Product", value: ["sku": "A-1", "title": "Lamp"])
                try store.create("Order", value: ["number": 7, "featured": [.value(.object(product))], "total": .value(.decimal128(Decimal128(12)))])
            }
        }
        let realm = try Realm(configuration: TestRealms.configuration(url))
        let order = try #require(realm.object(ofType: Order.self, forPrimaryKey: 7))
        #expect(order.featured.first?.title == "Lamp")
        #expect(order.priority == .value2)
        #expect(order.total == Decimal128(12))
        #expect(realm.objects(Product.self).first?.featuredIn.count == 1)
        // The stored schema (with its enum lists and full-text index) is kept.
        #expect(realm.store.schema.model(named: "Product")?.property(named: "title")?.indexed == .fulltext)
    }

    @Test func defaultsComeFromTheDeclarations() throws {
        let defaults = Defaults()
        #expect(defaults.flag)
        #expect(defaults.count == -42)
        #expect(defaults.huge == .infinity)
        let price = try Decimal128(string: "12.50")
        #expect(defaults.price == price)
        #expect(defaults.anyInt == .int(5))
        #expect(defaults.mode == Defaults.Mode.none)
        #expect(defaults.level == .value2)
    }
}
