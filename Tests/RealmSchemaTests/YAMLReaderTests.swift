import RealmSchema
import Testing

/// The libyaml wrapper: ordered nodes, 1-based positions, and located errors.
@Suite struct YAMLReaderTests {
    private func parse(_ text: String) -> (YAMLNode?, Diagnostics) {
        parseYAML(SchemaSource(path: "t.yaml", text: text))
    }

    private func position(_ node: YAMLNode?) -> [Int]? {
        node.map { [$0.location.line, $0.location.column] }
    }

    @Test func mappingsKeepDocumentOrderAndOneBasedPositions() throws {
        let (root, diagnostics) = parse("zeta: 1\nalpha:\n  - x\n  - 'y'\n")
        #expect(diagnostics.all.isEmpty)
        let pairs = try #require(root?.pairs)
        #expect(pairs.map(\.keyText) == ["zeta", "alpha"])
        #expect(position(pairs[0].key) == [1, 1])
        #expect(position(pairs[0].value) == [1, 7])
        let items = try #require(pairs[1].value.items)
        #expect(position(items[0]) == [3, 5])
        #expect(items[0].scalar == YAMLScalar(text: "x", isPlain: true))
        #expect(items[1].scalar == YAMLScalar(text: "y", isPlain: false))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é", "ß" and "🐕" take 2, 2 and 4 bytes in UTF-8 but one column each.
        let (root, diagnostics) = parse("name: {a: éß🐕, b: value}\nkey: {a: 'ü', b: value}\n")
        #expect(diagnostics.all.isEmpty)
        let pairs = try #require(root?.pairs)
        #expect(position(pairs[0].value.pairs?[1].value) == [1, 19])
        #expect(position(pairs[1].value.pairs?[1].value) == [2, 18])
        let (_, errors) = parse("x: 'ü' 'ö' z\n")
        #expect(errors.all.map { [$0.location?.line, $0.location?.column] } == [[1, 8]])
    }

    @Test func syntaxErrorsCarryLibyamlsProblemAndMark() throws {
        let (root, diagnostics) = parse("models:\n  Dog:\n    properties: {name: string\n")
        #expect(root == nil)
        let error = try #require(diagnostics.errors.first)
        #expect(error.message == "YAML syntax error: did not find expected ',' or '}'")
        #expect(error.location == RealmSchema.SourceLocation(file: "t.yaml", line: 4, column: 1))
        #expect(error.notes == ["while parsing a flow mapping at line 3, column 17"])
    }

    @Test func tabsInIndentationAreASyntaxError() throws {
        let (root, diagnostics) = parse("models:\n\tDog: {}\n")
        #expect(root == nil)
        let error = try #require(diagnostics.errors.first)
        #expect(error.message == "YAML syntax error: found character that cannot start any token")
        #expect(error.location?.line == 2 && error.location?.column == 1)
    }

    @Test func duplicateKeysAreReportedAtTheSecondKey() throws {
        let (root, diagnostics) = parse("a: 1\nb: 2\na: 3\n")
        #expect(root?.pairs?.map(\.keyText) == ["a", "b"])
        let error = try #require(diagnostics.errors.first)
        #expect(error.message == "Duplicate key 'a'.")
        #expect(error.location?.line == 3 && error.location?.column == 1)
        #expect(error.notes == ["'a' is first defined at line 1, column 1"])
    }

    @Test func anchorsAndAliasesAreRejectedWithoutCrashing() {
        let (root, diagnostics) = parse("a: &x 1\nb: *x\n")
        #expect(root == nil)
        #expect(diagnostics.errors.map(\.message) == [
            "YAML anchors ('&x') are not supported in schema files.",
            "YAML aliases ('*x') are not supported in schema files.",
        ])
        #expect(diagnostics.errors.map { $0.location?.line } == [1, 2])
    }

    @Test func emptyInputHasNoDocument() {
        for text in ["", "   \n", "# only a comment\n"] {
            let (root, diagnostics) = parse(text)
            #expect(root == nil)
            #expect(diagnostics.all.isEmpty)
        }
    }

    @Test func invalidUTF8IsAReaderErrorAtItsPosition() throws {
        let bytes = Array("a: 1\nb: x".utf8) + [0xFF, 0x0A]
        let (root, diagnostics) = parseYAML(path: "bad.yaml", bytes: bytes)
        #expect(root == nil)
        let error = try #require(diagnostics.errors.first)
        #expect(error.message == "YAML syntax error: invalid leading UTF-8 octet")
        #expect(error.location == RealmSchema.SourceLocation(file: "bad.yaml", line: 2, column: 5))
    }

    @Test func aSecondDocumentIsRejected() {
        let (root, diagnostics) = parse("a: 1\n---\nb: 2\n")
        #expect(root == nil)
        #expect(diagnostics.errors.map(\.message) == ["A schema file must hold a single YAML document; found a second one."])
    }

    @Test func deepNestingIsCappedInsteadOfRecursing() {
        let text = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let (root, diagnostics) = parse(text)
        #expect(root == nil)
        #expect(diagnostics.errors.map(\.message) == ["YAML nesting is deeper than 100 levels."])
    }

    @Test func explicitStringTagMakesAPlainScalarAString() {
        let (root, diagnostics) = parse("a: !!str 12\n")
        #expect(diagnostics.all.isEmpty)
        #expect(root?.pairs?.first?.value.scalar?.resolved == .string("12"))
        let (tagged, errors) = parse("a: !custom 1\nb: !!int 2\n")
        #expect(tagged == nil)
        #expect(errors.errors.map(\.message) == [
            "YAML tag '!custom' is not supported in schema files.",
            "YAML tag 'tag:yaml.org,2002:int' is not supported in schema files.",
        ])
    }

    @Test(arguments: [
        ("true", true, YAMLValue.bool(true)), ("False", true, .bool(false)), ("'true'", false, .string("true")),
        ("~", true, .null), ("null", true, .null), ("", true, .null), ("42", true, .int(42)), ("-7", true, .int(-7)),
        ("0x1F", true, .int(31)), ("0o17", true, .int(15)), ("1.5", true, .double(1.5)), ("-2e3", true, .double(-2000)),
        (".inf", true, .double(.infinity)), ("yes", true, .string("yes")), ("1.2.3", true, .string("1.2.3")),
        ("99999999999999999999", true, .bigInt("99999999999999999999")), ("\"42\"", false, .string("42")),
    ])
    func scalarsResolveUnderTheCoreSchema(text: String, isPlain: Bool, expected: YAMLValue) {
        let unquoted = isPlain ? text : String(text.dropFirst().dropLast())
        #expect(YAMLScalar(text: unquoted, isPlain: isPlain).resolved == expected)
    }
}
