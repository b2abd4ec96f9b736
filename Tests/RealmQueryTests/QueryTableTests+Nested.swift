@testable import RealmEngine
import RealmQuery
import Testing

/// Subscripts into the lists and dictionaries mixed values hold (the fixture's `extra` holds
/// `[1, "two"]` and `{k: 1}` among scalars), each compared with the reference evaluator.
extension SharedFixtureTests.QueryTableTests {
    @Test func collectionsInsideMixedValues() throws {
        let c = try comparer()
        for query in [
            "extra[0] == 1", "extra[1] == 'two'", "extra[1] ==[c] 'TWO'", "extra[2] == nil", "extra[0] != 1", "extra['k'] == 1",
            "extra['k'] == nil", "extra['k'] > 0", "extra[*] == 'two'", "extra[*] == 1", "ANY extra[*] > 0", "ALL extra[*] == 1",
            "NONE extra[*] == 1", "extra.@size == 2", "extra.@size == 1", "extra.@count > 0", "extra.@size == nil",
            "extra[0].@type == 'int'", "extra[*].@type == 'string'", "extra['k'].@type == 'null'", "extra.@type == 'list'",
            "NOT extra[0] == 1", "extra[0] == 1 OR extra['k'] == 1", "attrs['k1'][0] == 1", "attrs['k1'].@size == 0",
            "extra[0] == friend.extra[0]",
        ] { c.check("Person", query) }
        c.check("Person", "extra[$0] == $1", [.int(1), .string("two")])
        c.check("Person", "extra[$0] == $1", [.string("k"), .int(1)])
        c.assertAll(minimum: 25)
    }
}
