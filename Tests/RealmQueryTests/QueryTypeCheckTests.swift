import RealmQuery
import RealmSchema
import Testing

/// Type checking against the schema: located errors for unknown properties, incompatible
/// types, aggregates over non-numbers, modifiers on non-strings, missing arguments.
@Suite struct QueryTypeCheckTests {
    func check(_ text: String, on className: String = "Person", arguments: [QueryArgumentKind] = []) throws -> QueryPlan {
        try QueryTypeChecker(schema: fixtureSchema, arguments: arguments).check(QueryParser.parse(text), className: className)
    }

    func assertError(_ text: String, column: Int, _ fragment: String, on className: String = "Person",
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = #expect(throws: QueryError.self, sourceLocation: sourceLocation, performing: {
            try check(text, on: className)
        }) else { return }
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
    }

    @Test func locatedTypeErrors() {
        assertError("agee > 3", column: 1, "'Person' has no property 'agee'; did you mean 'age'?")
        assertError("best.nmae == 'x'", column: 6, "'Dog' has no property 'nmae'; did you mean 'name'?")
        assertError("age == 'three'", column: 8, "cannot compare 'Person.age' (int) with string")
        assertError("name > 3", column: 8, "cannot compare 'Person.name' (string) with number")
        assertError("born == 5", column: 9, "cannot compare")
        assertError("active < true", column: 8, "operator '<' is not supported")
        assertError("tags.@sum > 1", column: 6, "@sum needs a collection of numbers, found string")
        assertError("dogs.@avg.name > 1", column: 6, "@avg needs a collection of numbers, found string")
        assertError("amounts.@sum > 1", column: 9, "@sum over decimal128")
        assertError("age ==[c] 3", column: 5, "[c] and [d] modifiers apply to strings only")
        assertError("age BEGINSWITH 'a'", column: 5, "'BEGINSWITH' is not supported")
        assertError("name TEXT 'a'", column: 6, "TEXT needs a string property with 'indexed: fulltext'")
        assertError("age > $2", column: 7, "argument $2 is missing")
        assertError("ANY age > 3", column: 5, "ANY, ALL and NONE need a key path through a collection")
        assertError("age BETWEEN {1}", column: 5, "requires list with 2 elements")
        assertError("age == {1, 2}", column: 8, "only allowed after IN or BETWEEN")
        assertError("3 == 4", column: 3, "needs a key path")
        assertError("extra.@type == 'integer'", column: 16, "unknown type name 'integer'")
        assertError("age.@count > 1", column: 5, "@count applies to a collection")
        assertError("name.first == 'a'", column: 6, "cannot follow a key path through string")
        assertError("scores['a'] == 1", column: 7, "a ['key'] subscript needs a map")
        assertError("@links.Person.name.@count > 1", column: 1, "'Person' has no property 'name'", on: "Dog")
        assertError("$x.age > 1", column: 1, "unknown variable '$x'")
        assertError("TRUEPREDICATE SORT(dogs.age ASC)", column: 20, "SORT and DISTINCT need a single-valued key path")
        assertError("age > 3", column: 1, "no class named 'Cat'", on: "Cat")
        assertError("extra > friend.extra", column: 7, "two key paths with mixed values")
    }

    @Test func resolvedPlans() throws {
        let plan = try check("ANY dogs.age > 3 SORT(best.name DESC) LIMIT(2)")
        guard case .comparison(let comparison) = plan.predicate else { Issue.record(); return }
        #expect(comparison.quantifier == .any)
        #expect(comparison.lhs.hops == [.collection(owner: "Person", property: "dogs")])
        #expect(comparison.lhs.leaf == .column(owner: "Dog", property: "age"))
        #expect(plan.sort.first?.path.hops == [.link(owner: "Person", property: "best")])
        let flipped = try check("3 < age")
        guard case .comparison(let c) = flipped.predicate else { Issue.record(); return }
        #expect(c.op == .greater)
        let keyPath = try check("%K == %@", arguments: [.value(.string, text: "city"), .value(.string, text: "Oslo")])
        guard case .comparison(let k) = keyPath.predicate else { Issue.record(); return }
        #expect(k.lhs.leaf == .column(owner: "Person", property: "city"))
        let owners = try check("owners.@count > 1", on: "Dog")
        guard case .comparison(let o) = owners.predicate else { Issue.record(); return }
        #expect(o.lhs.leaf == .count(.backlinks(origin: "Person", property: "dogs")))
    }
}
