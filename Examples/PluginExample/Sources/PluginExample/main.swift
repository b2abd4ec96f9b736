import Foundation
import RealmStore

// The models (Author, Book, Address) come from library.yaml through RealmSchemaPlugin.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-example-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
// GeneratedSchema (generated too) carries the schema's version and model types.
var configuration = GeneratedSchema.configuration
configuration.fileURL = directory.appendingPathComponent("library.realm")
guard configuration.schemaVersion == 1, configuration.objectTypes?.count == 3 else {
    print("unexpected generated schema: \(configuration.schemaVersion), \(configuration.objectTypes ?? [])")
    exit(1)
}

let author = Author()
author.name = "Ursula"
author.books.append(Book(value: ["title": "The Dispossessed", "year": 1974, "status": Book.Status.published]))
author.books.append(Book(value: ["title": "Notes"]))
author.genres.insert(objectsIn: ["sf", "fantasy"])
author.ratings["goodreads"] = 5
author.address = Address(value: ["city": "Portland"])
author.extra = .string("Hugo and Nebula")

let realm = try Realm(configuration: configuration)
try realm.write { realm.add(author) }

// Read back through a new Realm on the same file.
let reopened = try Realm(configuration: configuration)
let stored = reopened.objects(Author.self)
guard let first = stored.first, stored.count == 1, first.books.count == 2,
      first.books[0].authors.first?.name == "Ursula", first.books[1].status == .draft,
      first.address?.city == "Portland", first.ratings["goodreads"] == 5 else {
    print("unexpected contents: \(stored)")
    exit(1)
}
let published = first.books.sorted(byKeyPath: "year", ascending: false).map(\.title)
print("\(first.name) (\(first.address?.city ?? "?")): \(published.joined(separator: ", ")); genres \(first.genres.sorted().map { $0 })")
