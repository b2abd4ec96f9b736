@testable import RealmEngine
import RealmQuery
import Testing

extension SharedFixtureTests {
    /// The string rules of `[c]`, `[d]`, LIKE and TEXT, and the SQL function that applies them.
    @Suite struct QueryTextTests {
        @Test func caseFoldingIsUnicodeAware() {
            #expect(QueryText.fold("ÄRGER Σ ÉLODIE", caseInsensitive: true, diacriticInsensitive: false) == "ärger σ élodie")
            #expect(QueryText.fold("Ärger Zoë résumé", caseInsensitive: false, diacriticInsensitive: true) == "Arger Zoe resume")
            #expect(QueryText.fold("ÅSA", caseInsensitive: true, diacriticInsensitive: true) == "asa")
            #expect(QueryText.matches(.equal, "ΣΊΣΥΦΟΣ", "σίσυφοσ", caseInsensitive: true))
            #expect(!QueryText.matches(.equal, "Straße", "STRASSE", caseInsensitive: true))
            #expect(QueryText.matches(.beginsWith, "Élodie", "el", caseInsensitive: true, diacriticInsensitive: true))
            #expect(!QueryText.matches(.beginsWith, "Élodie", "el", caseInsensitive: true))
        }

        @Test func substringOperatorsWorkOnBytes() {
            #expect(QueryText.matches(.contains, "nul\0byte", "\0"))
            #expect(QueryText.matches(.endsWith, "x--y;", "y;"))
            #expect(QueryText.matches(.contains, "abc", ""))
            #expect(!QueryText.matches(.contains, "ab", "abc"))
            #expect(QueryText.matches(.beginsWith, "", ""))
        }

        @Test(arguments: [
            ("Rex", "R*", true), ("Rex", "?ex", true), ("Rex", "??", false), ("Rex", "*", true), ("", "*", true),
            ("", "?", false), ("日本語", "日?語", true), ("🐶 dog", "? dog", true), ("a*b?c", "a*b?c", true),
            ("abcbc", "a*bc", true), ("abcbd", "a*bc", false), ("mississippi", "m*iss*ppi", true), ("Rex", "r*", false),
        ])
        func likeWildcards(_ value: String, _ pattern: String, _ expected: Bool) {
            #expect(QueryText.matches(.like, value, pattern) == expected, "\(value) LIKE \(pattern)")
        }

        @Test func likeWithTheCaseModifier() {
            #expect(QueryText.matches(.like, "REX", "r*", caseInsensitive: true))
        }

        @Test func textWordsAndFullTextExpression() {
            #expect(QueryText.words("Quick thinking, café-owner!") == ["quick", "thinking", "cafe", "owner"])
            #expect(QueryCompiler.ftsExpression("quick -café fox*") == "\"quick\" AND \"fox\"* NOT \"cafe\"")
            #expect(QueryCompiler.ftsExpression("\" OR x") == "\"or\" AND \"x\"")
            #expect(QueryCompiler.ftsExpression("-only") == nil)
        }

        @Test func sqlFunctionAppliesTheSameRules() throws {
            let store = try QueryFixture.shared.get().store
            let statement = try store.queryStatement("SELECT rq_match(?1, ?2, ?3, ?4)", cached: false)
            let cases: [(QueryText.Operation, Int64, String, String, Int64)] = [
                (.equal, 1, "ÄRGER", "ärger", 1), (.equal, 0, "ÄRGER", "ärger", 0), (.like, 3, "Élodie", "el*", 1),
                (.contains, 0, "nul\0byte", "\0b", 1), (.beginsWith, 2, "résumé", "resu", 1),
            ]
            for (operation, flags, value, pattern, expected) in cases {
                statement.bind(1, Int64(operation.rawValue))
                statement.bind(2, flags)
                statement.bind(3, value)
                statement.bind(4, pattern)
                #expect(try statement.step())
                #expect(statement.int64(0) == expected, "\(operation) \(value) \(pattern)")
                statement.reset()
            }
            statement.bindNull(3)
            #expect(try statement.step())
            #expect(statement.int64(0) == 0)
        }
    }
}
