@testable import RealmCodegen
import Testing

/// Identifier rules of generated Swift: escaping, camel case, unique names.
@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("name", "name"), ("_id", "_id"), ("default", "`default`"), ("class", "`class`"), ("self", "`self`"),
        ("Self", "`Self`"), ("Type", "`Type`"), ("Protocol", "`Protocol`"), ("init", "`init`"), ("_", "`_`"),
        ("get", "get"), ("type", "type"), ("async", "async"), ("first-name", "`first-name`"), ("9lives", "`9lives`"),
        ("émile", "`émile`"),
    ])
    func escaping(name: String, expected: String) {
        #expect(SwiftNaming.escaped(name) == expected)
    }

    @Test(arguments: [
        ("active", "active"), ("in-progress", "inProgress"), ("IN_PROGRESS", "inProgress"), ("Active", "active"),
        ("HTTPServer", "httpServer"), ("iPhone", "iPhone"), ("2fa", "_2fa"), ("", "empty"), ("!!", "value"),
        ("a b  c", "aBC"), ("café au lait", "cafAuLait"), ("URL", "url"), ("x1", "x1"), ("get URL", "getURL"),
    ])
    func lowerCamelCase(text: String, expected: String) {
        #expect(SwiftNaming.lowerCamelCase(text) == expected)
    }

    @Test(arguments: [
        ("status", "Status"), ("task_status", "TaskStatus"), ("createdAt", "CreatedAt"), ("_kind", "Kind"),
        ("1st", "_1st"), ("__", "Value"),
    ])
    func upperCamelCase(text: String, expected: String) {
        #expect(SwiftNaming.upperCamelCase(text) == expected)
    }

    @Test func integerCaseNames() {
        #expect(SwiftNaming.caseName(forInteger: 0) == "value0")
        #expect(SwiftNaming.caseName(forInteger: 42) == "value42")
        #expect(SwiftNaming.caseName(forInteger: -1) == "valueMinus1")
        #expect(SwiftNaming.caseName(forInteger: Int64.min) == "valueMinus9223372036854775808")
    }

    @Test func uniqueNames() {
        #expect(SwiftNaming.unique("a", avoiding: []) == "a")
        #expect(SwiftNaming.unique("a", avoiding: ["a"]) == "a2")
        #expect(SwiftNaming.unique("a", avoiding: ["a", "a2", "a3"]) == "a4")
    }
}
