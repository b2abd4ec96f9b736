import Testing
@testable import RealmFile

@Test func scratch() throws {
    for name in ["all-types.realm", "all-types-writecopy.realm", "people-1000.realm", "empty-schema-v3.realm"] {
        do {
            let file = try RealmFile(path: Fixtures.path(name))
            print(name, file.formatVersion, file.isStreamingForm, file.schemaVersion as Any, file.otherTables)
            for cls in file.classes {
                print("  ", cls.name, cls.kind, cls.primaryKey as Any, cls.properties.map { "\($0.name):\($0.type):\($0.collection)\($0.isOptional ? "?" : "")\($0.isIndexed ? "i" : "")" }, cls.backlinks.map { "\($0.originTable).\($0.originProperty)" })
                let objects = try file.objects(in: cls)
                print("   count", objects.count, objects.prefix(1).map { "\($0.key) \(String(describing: $0.values).prefix(1500)) \($0.backlinks)" })
            }
            print(try file.summary())
        } catch {
            print(name, "ERROR", error)
        }
    }
}
