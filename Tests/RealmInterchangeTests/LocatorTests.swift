import RealmInterchange
import RealmSchema
import Testing

/// JSON paths and finding a value's line and column again on the error path.
@Suite struct LocatorTests {
    @Test func pathsPrintAndParseWithRFC6901Escapes() {
        let path: JSONPath = [3, "dogs", 0, "a/b~c"]
        #expect(path.description == "/3/dogs/0/a~1b~0c")
        #expect(JSONPath(pointer: "/3/dogs/0/a~1b~0c") == ["3", "dogs", "0", "a/b~c"])
        #expect(JSONPath(pointer: "") == [])
        #expect(JSONPath(pointer: "/") == [""])
        #expect(JSONPath(pointer: "a") == nil)
        #expect(JSONPath(pointer: "/a~2") == nil)
        #expect((["a"] as JSONPath) + [1] == ["a", 1])
    }

    static func position(_ path: JSONPath, _ text: String, target: JSONLocator.Target = .value) -> String? {
        JSONLocator.position(of: path, target: target, in: Array(text.utf8)).map { "\($0.line):\($0.column)" }
    }

    @Test func findsValuesByPath() {
        let text = """
            {"name": "Zoë ☃", "dogs": [
              {"age": 3},
              {"name": "Rex", "age": "x", "toys": [1, [2, {"p": 5}]]}
            ], "a/b": {"~c": true}, "é\\"q": null, "\\u00e9": 7}
            """
        #expect(Self.position([], text) == "1:1")
        #expect(Self.position(["dogs"], text) == "1:27")
        #expect(Self.position(["dogs", 0, "age"], text) == "2:11")
        #expect(Self.position(["dogs", 1, "age"], text) == "3:26")
        #expect(Self.position(["dogs", 1, "toys", 1, 1, "p"], text) == "3:53")
        #expect(Self.position(JSONPath(pointer: "/dogs/1/toys/1/1/p")!, text) == "3:53")
        #expect(Self.position(["a/b", "~c"], text) == "4:18")
        #expect(Self.position(JSONPath(pointer: "/a~1b/~0c")!, text) == "4:18")
        #expect(Self.position(["é\"q"], text) == "4:33")
        #expect(Self.position(["é"], text) == "4:49")
        #expect(Self.position(["dogs", 1, "age"], text, target: .key) == "3:19")
        #expect(Self.position(["dogs", 2], text) == nil)
        #expect(Self.position(["missing"], text) == nil)
        #expect(Self.position(["name", "x"], text) == nil)
    }

    @Test func positionsAreRelativeToTheWholeFile() {
        let start = TextPosition(offset: 100, line: 7, column: 5)
        let text = Array(#"{"a": {"b": 1}}"#.utf8)
        #expect(JSONLocator.position(of: ["a", "b"], in: text, startingAt: start) == TextPosition(offset: 112, line: 7, column: 17))
        let multiline = Array("{\n\"a\": 1}".utf8)
        #expect(JSONLocator.position(of: ["a"], in: multiline, startingAt: start) == TextPosition(offset: 107, line: 8, column: 6))
    }

    @Test func sourceDiagnosticForAValueError() throws {
        let source = Fixtures.source("[{\"name\": \"Zoë\"},\n {\"name\": \"Ada\", \"dogs\": [{\"age\": 1.5}]}]")
        _ = try source.next()
        let document = try #require(try source.next())
        let age = PropertySchema(name: "age", type: DeclaredType(.int(.int)))
        let error = document.withRoot { root -> ExtendedJSONError? in
            do throws(ExtendedJSONError) {
                _ = try ExtendedJSON.int(root["dogs"]![0]!["age"]!)
                return nil
            } catch {
                return error
            }
        }
        let diagnostic = source.diagnostic(for: try #require(error), at: ["dogs", 0, "age"], in: document,
                                           property: age, className: "Dog")
        #expect(diagnostic.description == """
            input.json:2:35: error: Invalid value '1.5' of type 'real' for 'int' property 'Dog.age'.
            input.json:2:35: note: at JSON path /1/dogs/0/age
            """)
    }
}
