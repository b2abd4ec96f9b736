import RealmQuery
import RealmSchema
import Testing

/// The lexer and parser: the grammar listed in docs/queries.md, section 1, and located syntax errors.
@Suite struct QueryParserTests {
    func parse(_ text: String) throws -> ParsedQuery {
        try QueryParser.parse(text)
    }

    func assertError(_ text: String, column: Int, contains fragment: String,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = #expect(throws: QueryError.self, sourceLocation: sourceLocation, performing: {
            try QueryParser.parse(text)
        }) else { return }
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.diagnostic.location == RealmSchema.SourceLocation(file: "query", line: 1, column: column), sourceLocation: sourceLocation)
    }

    @Test func precedenceNotAndOr() throws {
        let query = try parse("a == 1 || b == 2 && !c == 3")
        guard case .or(let alternatives) = query.predicate, alternatives.count == 2, case .and(let both) = alternatives[1],
              both.count == 2, case .not = both[1] else { Issue.record("\(query.predicate)"); return }
        let words = try parse("NOT a == 1 AND (b == 2 OR c == 3)")
        guard case .and(let both) = words.predicate, both.count == 2, case .not = both[0], case .or = both[1] else { Issue.record("\(words.predicate)"); return }
    }

    @Test(arguments: [
        ("=", QueryOperator.equal), ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<", .less),
        ("<=", .lessOrEqual), ("=<", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual),
        ("=>", .greaterOrEqual), ("beginswith", .beginsWith), ("ENDSWITH", .endsWith), ("Contains", .contains),
        ("LIKE", .like), ("TEXT", .text),
    ])
    func operatorSpellings(_ text: String, _ op: QueryOperator) throws {
        guard case .comparison(let c) = try parse("x \(text) 'v'").predicate else { Issue.record("\(text)"); return }
        #expect(c.op == op, "\(text)")
    }

    /// `0x` with no hex digit is not a number (found by the query fuzz target: the checker
    /// accepted `extra == 0x` and the store then rejected it).
    @Test func hexPrefixWithoutDigitsIsASyntaxError() {
        #expect(throws: QueryError.self) { try QueryParser.parse("extra == 0x") }
        #expect(throws: QueryError.self) { try QueryParser.parse("extra == 0X") }
    }

    /// A number must be whole: `age BETWEEN {1, 4E}` type-checked and then failed in the store
    /// (found by the query fuzz target).
    @Test(arguments: [("age BETWEEN {1, 4E}", 17), ("x == 1e+", 6), ("x == 1.2.3", 6), ("x == -2e", 6), ("x == .5e-", 6)])
    func malformedNumbersAreSyntaxErrors(_ text: String, _ column: Int) {
        assertError(text, column: column, contains: "is not a number")
    }

    @Test func caseAndDiacriticModifiers() throws {
        guard case .comparison(let c) = try parse("x ==[cd] 'v'").predicate else { Issue.record(); return }
        #expect(c.caseInsensitive && c.diacriticInsensitive)
    }

    @Test(arguments: [
        ("null", .null), ("nil", .null), ("TRUE", .bool(true)), ("false", .bool(false)), ("-12", .number("-12")),
        ("0x1F", .number("0x1F")), ("1.5e3", .number("1.5e3")), ("-inf", .number("-inf")), ("'a\\'b\\u00e9'", .string("a'bé")),
        ("\"dq\"", .string("dq")), ("B64\"AQI=\"", .data([1, 2])), ("T12:34", .timestamp(seconds: 12, nanoseconds: 34)),
        ("T-1:-5", .timestamp(seconds: -1, nanoseconds: -5)), ("1970-01-02@00:00:01", .timestamp(seconds: 86_401, nanoseconds: 0)),
        ("1969-12-31T23:59:59:5", .timestamp(seconds: 0, nanoseconds: -999_999_995)),
        ("oid(65A0C0FFEE0000000000ABCD)", .objectId("65a0c0ffee0000000000abcd")),
        ("uuid(3B241101-E2BB-4255-8CAF-4136C566A962)", .uuid("3b241101-e2bb-4255-8caf-4136c566a962")),
    ] as [(String, QueryLiteral)])
    func literals(_ text: String, _ literal: QueryLiteral) throws {
        guard case .comparison(let c) = try parse("x == \(text)").predicate, case .literal(let parsed, _) = c.rhs else {
            Issue.record("\(text)")
            return
        }
        #expect(parsed == literal, "\(text)")
    }

    @Test func keyPathsArgumentsAndSuffixes() throws {
        let query = try parse("ANY m['k'].x.@count > $1 AND SUBQUERY(l, $v, $v.y > %@).@count == %@ AND %K != 1 AND @links.C.p.@count > 0 SORT(a ASC, b.c DESC) DISTINCT(d) LIMIT(7)")
        #expect(query.sort.map(\.ascending) == [true, false])
        #expect(query.distinct.count == 1)
        #expect(query.limit == 7)
        guard case .and(let terms) = query.predicate, terms.count == 4, case .comparison(let first) = terms[0],
              case .comparison(let second) = terms[1], case .comparison(let third) = terms[2], case .comparison(let fourth) = terms[3]
        else { Issue.record("\(query.predicate)"); return }
        #expect(first.quantifier == .any)
        guard case .keyPath(let path) = first.lhs else { Issue.record(); return }
        #expect(path.components.count == 4)
        guard case .subqueryCount(_, "v", _, _) = second.lhs, case .argument(1, _) = second.rhs else { Issue.record("\(second)"); return }
        guard case .keyPath(let keyPath) = third.lhs, case .keyPathArgument(2, _) = keyPath.components[0] else { Issue.record(); return }
        guard case .keyPath(let links) = fourth.lhs, case .links("C", "p", _) = links.components[0] else { Issue.record(); return }
    }

    @Test func locatedSyntaxErrors() {
        assertError("", column: 1, contains: "empty query")
        assertError("age >", column: 6, contains: "expected a value")
        assertError("age > 3 AND", column: 12, contains: "expected a value")
        assertError("age 3", column: 5, contains: "expected a comparison operator")
        assertError("(age > 3", column: 9, contains: "expected ')'")
        assertError("name == 'abc", column: 9, contains: "unterminated string")
        assertError("age > 3 # 4", column: 9, contains: "unexpected character '#'")
        assertError("x == oid(123)", column: 6, contains: "invalid ObjectId")
        assertError("x == uuid(abc)", column: 6, contains: "invalid UUID")
        assertError("x == B64\"@@\"", column: 6, contains: "base64")
        assertError("x == 2024-13-01@00:00:00", column: 6, contains: "invalid timestamp")
        assertError("age > 3 LIMIT(-1)", column: 15, contains: "LIMIT needs")
        assertError("age > 3 SORT(age)", column: 17, contains: "ASC or DESC")
        assertError("age > 3 age < 4", column: 9, contains: "AND, OR, SORT")
        assertError("SUBQUERY(a, $x, $x > 1) > 2", column: 25, contains: ".@count")
        assertError("SUBQUERY(a, x, $x > 1).@count > 2", column: 13, contains: "variable")
        assertError("x == '\\u12'", column: 7, contains: "\\u escape")
        assertError("@links.Foo == 1", column: 1, contains: "@links")
    }
}
