@testable import RealmEngine
import RealmQuery
import XCTest

/// The string rules of `[c]`, `[d]`, LIKE and TEXT, and the SQL function that applies them.
final class QueryTextTests: XCTestCase {
    func testCaseFoldingIsUnicodeAware() {
        XCTAssertEqual(QueryText.fold("ÄRGER Σ ÉLODIE", caseInsensitive: true, diacriticInsensitive: false), "ärger σ élodie")
        XCTAssertEqual(QueryText.fold("Ärger Zoë résumé", caseInsensitive: false, diacriticInsensitive: true), "Arger Zoe resume")
        XCTAssertEqual(QueryText.fold("ÅSA", caseInsensitive: true, diacriticInsensitive: true), "asa")
        XCTAssertTrue(QueryText.matches(.equal, "ΣΊΣΥΦΟΣ", "σίσυφοσ", caseInsensitive: true))
        XCTAssertFalse(QueryText.matches(.equal, "Straße", "STRASSE", caseInsensitive: true))
        XCTAssertTrue(QueryText.matches(.beginsWith, "Élodie", "el", caseInsensitive: true, diacriticInsensitive: true))
        XCTAssertFalse(QueryText.matches(.beginsWith, "Élodie", "el", caseInsensitive: true))
    }

    func testSubstringOperatorsWorkOnBytes() {
        XCTAssertTrue(QueryText.matches(.contains, "nul\0byte", "\0"))
        XCTAssertTrue(QueryText.matches(.endsWith, "x--y;", "y;"))
        XCTAssertTrue(QueryText.matches(.contains, "abc", ""))
        XCTAssertFalse(QueryText.matches(.contains, "ab", "abc"))
        XCTAssertTrue(QueryText.matches(.beginsWith, "", ""))
    }

    func testLikeWildcards() {
        let cases: [(String, String, Bool)] = [
            ("Rex", "R*", true), ("Rex", "?ex", true), ("Rex", "??", false), ("Rex", "*", true), ("", "*", true),
            ("", "?", false), ("日本語", "日?語", true), ("🐶 dog", "? dog", true), ("a*b?c", "a*b?c", true),
            ("abcbc", "a*bc", true), ("abcbd", "a*bc", false), ("mississippi", "m*iss*ppi", true), ("Rex", "r*", false),
        ]
        for (value, pattern, expected) in cases {
            XCTAssertEqual(QueryText.matches(.like, value, pattern), expected, "\(value) LIKE \(pattern)")
        }
        XCTAssertTrue(QueryText.matches(.like, "REX", "r*", caseInsensitive: true))
    }

    func testTextWordsAndFullTextExpression() {
        XCTAssertEqual(QueryText.words("Quick thinking, café-owner!"), ["quick", "thinking", "cafe", "owner"])
        XCTAssertEqual(QueryCompiler.ftsExpression("quick -café fox*"), "\"quick\" AND \"fox\"* NOT \"cafe\"")
        XCTAssertEqual(QueryCompiler.ftsExpression("\" OR x"), "\"or\" AND \"x\"")
        XCTAssertNil(QueryCompiler.ftsExpression("-only"))
    }

    func testSQLFunctionAppliesTheSameRules() throws {
        let store = try QueryTableTests.shared.get().store
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
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.int64(0), expected, "\(operation) \(value) \(pattern)")
            statement.reset()
        }
        statement.bindNull(3)
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.int64(0), 0)
    }
}
