import RealmSchema
import TestSupport
import Testing

/// List and map types inside YAML's flow collections (`{ … }`, `[ … ]`): there `[` and `{`
/// start a collection, so `int[]` must be quoted; the syntax error says so (docs/schema-rules.md,
/// section 1.1).
@Suite struct FlowCollectionTypeTests {
    /// The errors of a compilation, each as `line:column: message` and its notes.
    private func errors(_ yaml: String) -> [String] {
        compile(yaml).diagnostics.errors.map { error in
            let location = error.location.map { "\($0.line):\($0.column): " } ?? ""
            return ([location + error.message] + error.notes.map { "note: \($0)" }).joined(separator: "\n")
        }
    }

    @Test func anUnquotedListTypeInAFlowMappingSaysToQuoteIt() {
        #expect(errors("models:\n  Dog:\n    properties: { indices: int[] }\n") == [
            "3:28: YAML syntax error: list and map types must be quoted inside { }: write \"int[]\""
                + "\nnote: while parsing a flow mapping at line 3, column 17",
        ])
    }

    @Test func anUnquotedMapTypeInAFlowMappingSaysToQuoteIt() {
        #expect(errors("models:\n  Dog:\n    properties:\n      scores: { type: double{}, default: 1 }\n") == [
            "4:23: YAML syntax error: list and map types must be quoted inside { }: write \"double{}\""
                + "\nnote: while parsing a flow mapping at line 4, column 15",
        ])
    }

    @Test func anUnquotedOptionalElementTypeInAFlowSequence() {
        #expect(errors("models:\n  Dog:\n    properties: { a: int }\n    doc: [Dog?[]]\n") == [
            "4:11: YAML syntax error: list and map types must be quoted inside [ ]: write \"Dog?[]\""
                + "\nnote: while parsing a flow sequence at line 4, column 10",
        ])
    }

    /// `<` and `>` start nothing in YAML, so a set type needs no quotes, even inside `{ }`.
    @Test func setTypesAndQuotedTypesLoadInFlowMappings() throws {
        let schema = try schemaFromYAML("""
            models:
              Dog:
                properties: { tags: string<>, indices: "int[]", scores: 'double{}', owners: { type: "Person?{}" } }
              Person:
                properties: { name: string, dogs: { type: "Dog[]" } }
            """)
        let dog = try #require(schema.model(named: "Dog"))
        #expect(dog.properties.map(\.type.description) == ["string<>", "int[]", "double{}", "Person?{}"])
        #expect(schema.model(named: "Person")?.property(named: "dogs")?.type.description == "Dog[]")
    }

    /// Other syntax errors keep libyaml's words: a space before `[]` is not a type suffix.
    @Test func otherFlowErrorsKeepLibyamlsProblem() {
        #expect(errors("models:\n  Dog:\n    properties: { indices: int [] }\n") == [
            "3:32: YAML syntax error: did not find expected ',' or '}'"
                + "\nnote: while parsing a flow mapping at line 3, column 17",
        ])
    }
}
