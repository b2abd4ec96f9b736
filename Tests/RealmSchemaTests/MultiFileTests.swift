import RealmSchema
import TestSupport
import Testing

/// Several files form one schema: duplicates and version conflicts across files.
@Suite struct MultiFileTests {
    @Test func aTypeDeclaredInTwoFilesIsReportedAtTheSecond() throws {
        let result = SchemaCompiler.compile([
            SchemaSource(path: "a.yaml", text: "models:\n  Dog: {properties: {name: string}}\n"),
            SchemaSource(path: "b.yaml", text: "models:\n  Cat: {properties: {name: string}}\n  Dog: {properties: {age: int}}\n"),
        ])
        #expect(result.schema == nil)
        let error = try #require(result.diagnostics.errors.first)
        #expect(result.diagnostics.errors.count == 1)
        #expect(error.description == """
            b.yaml:3:3: error: Type 'Dog' appears more than once in the schema.
            b.yaml:3:3: note: 'Dog' is first declared at a.yaml:2:3
            """)
    }

    @Test func differentSchemaVersionsConflict() throws {
        let result = SchemaCompiler.compile([
            SchemaSource(path: "a.yaml", text: "schemaVersion: 2\nmodels:\n  A: {properties: {x: int}}\n"),
            SchemaSource(path: "b.yaml", text: "models:\n  B: {properties: {x: int}}\n"),
            SchemaSource(path: "c.yaml", text: "schemaVersion: 3\nmodels:\n  C: {properties: {x: int}}\n"),
        ])
        #expect(result.schema == nil)
        #expect(result.diagnostics.errors.map(\.description) == ["""
            c.yaml:1:16: error: schemaVersion 3 differs from schemaVersion 2 declared in 'a.yaml'.
            c.yaml:1:16: note: all schema files must give the same schemaVersion; the first is at a.yaml:1:16
            """])
    }

    @Test func diagnosticsAreSortedByFileLineAndColumn() {
        let result = SchemaCompiler.compile([
            SchemaSource(path: "b.yaml", text: "models:\n  B: {properties: {x: strin, y: Nope?}}\n"),
            SchemaSource(path: "a.yaml", text: "models:\n  A: {properties: {x: dobule}}\n"),
        ])
        #expect(result.diagnostics.errors.map { $0.location?.description ?? "" } == ["a.yaml:2:23", "b.yaml:2:23", "b.yaml:2:33"])
    }

    @Test func benchSchemaNeedsAnOptionalEmbeddedLink() throws {
        // The shape of the benchmark's generated Person data: a required link to an embedded type.
        let result = compile("""
            models:
              Person:
                properties:
                  name: string
                  address: Address
              Address:
                embedded: true
                properties: {city: string}
            """)
        let error = try #require(result.diagnostics.errors.first)
        #expect(error.message == "Property 'Person.address' of type 'object' must be nullable.")
        #expect(error.notes == ["write 'Address?'"])
    }
}

/// The store names tables and columns without regard to ASCII case (SQLite), so names that differ
/// only in case are refused up front rather than failing when a store is created.
@Suite struct CaseFoldedNameTests {
    @Test func propertiesDifferingOnlyInCase() throws {
        let yaml = """
            models:
              Foo:
                properties:
                  status: string
                  Status: int
                  kind: { type: int, mapTo: KIND }
                  Kind: { type: int, mapTo: kind_code }
            """
        let diagnostics = compile(yaml, path: "case.yaml").diagnostics.errors
        #expect(diagnostics.map(\.message) == [
            "Property 'Foo.Status' differs from 'Foo.status' only in letter case; the store cannot hold both.",
        ])
        #expect(diagnostics.first?.location == SourceLocation(file: "case.yaml", line: 5, column: 7))
    }

    @Test func modelsDifferingOnlyInCase() throws {
        let yaml = "models:\n  Dog: { properties: { a: int } }\n  DOG: { properties: { a: int } }\n"
        let diagnostics = compile(yaml, path: "case.yaml").diagnostics.errors
        #expect(diagnostics.map(\.message) == ["Type 'DOG' differs from type 'Dog' only in letter case; the store cannot hold both."])
        #expect(diagnostics.first?.location?.line == 3)
    }
}
