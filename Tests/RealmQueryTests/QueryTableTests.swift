@testable import RealmEngine
import RealmQuery
import Testing

extension SharedFixtureTests {
    /// Several hundred generated queries over the fixture, each compared with the reference
    /// evaluator: every operator and modifier, null semantics, case folding, empty collections,
    /// mixed values, decimals, dates before 1970.
    @Suite struct QueryTableTests {
        func comparer() throws -> QueryComparer {
            QueryComparer(try QueryFixture.shared.get())
        }

        /// A quoted string literal with escapes.
        func literal(_ text: String) -> String {
            var result = "'"
            for scalar in text.unicodeScalars {
                switch scalar {
                case "'": result += "\\'"
                case "\\": result += "\\\\"
                case "\0": result += "\\0"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "'"
        }

        @Test func scalarComparisons() throws {
            let c = try comparer()
            let table: [(String, [String])] = [
                ("age", ["null", "0", "3", "30", "-5", "3.5", "1000", "0x1e"]),
                ("height", ["null", "0", "1.5", "-2.25", "180.5", "3", "1e10"]),
                ("weight", ["null", "0.1", "1.5", "70.25", "-3"]),
                ("balance", ["null", "1.5", "1.50", "0", "-0", "1000", "1E3", "123.456", "3", "-7.25"]),
                ("born", ["null", "T0:0", "T-1:-100000000", "1900-01-01@00:00:00", "1970-01-02@00:00:00", "2023-11-14T22:13:20:5"]),
                ("code", ["null", "oid(000000000000000000000001)", "oid(65a0c0ffee0000000000abcd)"]),
                ("token", ["null", "uuid(3b241101-e2bb-4255-8caf-4136c566a962)", "uuid(00000000-0000-0000-0000-000000000001)"]),
                ("extra", ["null", "3", "3.0", "1.5", "2.5", "-1", "1000", "'3'", "'rex'", "'Rex'", "T-86400:0", "oid(000000000000000000000001)", "B64\"AQI=\""]),
                ("name", ["'Rex'", "'rex'", "''", "'Straße'", "'ärger'", "'日本語'"]),
                ("nick", ["null", "'rex'", "''", "'Ärger'"]),
            ]
            for (property, values) in table {
                for op in comparisonOperators {
                    for value in values { c.check("Person", "\(property) \(op) \(value)") }
                }
            }
            for value in ["true", "false", "null"] {
                c.check("Person", "active == \(value)")
                c.check("Person", "active != \(value)")
                c.check("Person", "extra == \(value)")
            }
            for value in ["B64\"\"", "B64\"AAEC\"", "null"] {
                c.check("Person", "photo == \(value)")
                c.check("Person", "photo != \(value)")
            }
            for literal in ["5 < age", "'rex' == name", "null == nick", "1.5 <= balance"] { c.check("Person", literal) }
            c.assertAll(minimum: 400)
        }

        @Test func stringOperatorsAndFolding() throws {
            let c = try comparer()
            let patterns = ["r", "R", "rex", "REX", "ä", "Ä", "a", "ARGER", "strasse", "STRASSE", "e", "é", "σίσυφος", "ΣΊΣΥΦΟΣ",
                            "", "'", "--", ";", "\0", "ö", "o", "zoe", "*", "?ex", "r*", "*e", "a*b?c", "*ß*", "??", "İ", "i̇stanbul"]
            for op in stringOperators {
                for modifier in modifiers {
                    for pattern in patterns { c.check("Person", "name \(op)\(modifier) \(literal(pattern))") }
                }
            }
            for op in ["BEGINSWITH", "CONTAINS", "==", "LIKE"] {
                for modifier in modifiers {
                    c.check("Person", "nick \(op)\(modifier) 'ä'")
                    c.check("Person", "extra \(op)\(modifier) 'r*'")
                    c.check("Person", "ANY tags \(op)\(modifier) 'SS'")
                    c.check("Person", "city \(op)\(modifier) 'zurich'")
                }
            }
            c.check("Person", "name BEGINSWITH null")
            c.check("Person", "nick CONTAINS ''")
            c.assertAll(minimum: 700)
        }

        @Test func collections() throws {
            let c = try comparer()
            for quantifier in ["", "ANY ", "SOME ", "ALL ", "NONE "] {
                for op in comparisonOperators {
                    for value in ["0", "3", "7.5", "-5"] {
                        c.check("Person", "\(quantifier)scores \(op) \(value)")
                        c.check("Person", "\(quantifier)heights \(op) \(value)")
                    }
                    c.check("Person", "\(quantifier)amounts \(op) 1.5")
                    c.check("Person", "\(quantifier)bag \(op) 3")
                    c.check("Person", "\(quantifier)nums \(op) null")
                    c.check("Person", "\(quantifier)dogs.age \(op) 3")
                    c.check("Person", "\(quantifier)tags \(op) 'a'")
                }
                c.check("Person", "\(quantifier)bag == 'Rex'")
                c.check("Person", "\(quantifier)dogs.name BEGINSWITH[c] 'r'")
                c.check("Person", "\(quantifier)dogs.toys.label CONTAINS 'Rex'")
                c.check("Person", "\(quantifier)attrs.@values == 3")
                c.check("Person", "\(quantifier)counts.@values > 4")
                c.check("Person", "\(quantifier)attrs.@keys BEGINSWITH 'k'")
                c.check("Person", "\(quantifier)pets.@values.age > 3")
            }
            for collection in ["scores", "tags", "heights", "nums", "amounts", "attrs", "counts", "pets", "dogs", "bag"] {
                for op in ["==", ">", "<="] {
                    for count in ["0", "1", "2"] {
                        c.check("Person", "\(collection).@count \(op) \(count)")
                        c.check("Person", "\(collection).@size \(op) \(count)")
                    }
                }
            }
            for (path, values) in [("scores", ["0", "5", "10.5"]), ("heights", ["0", "10"]), ("counts", ["5"]), ("dogs.@avg.age", []),
                                   ("nums", ["3"])] where !values.isEmpty {
                for aggregate in ["@sum", "@avg", "@min", "@max"] {
                    for value in values + ["null"] {
                        c.check("Person", "\(path).\(aggregate) > \(value)")
                        c.check("Person", "\(path).\(aggregate) == \(value)")
                    }
                }
            }
            for query in ["dogs.@avg.age > 2", "dogs.@sum.age >= 3", "dogs.@min.age < 0", "dogs.@max.weight > 10", "amounts.@min < 1.5",
                          "amounts.@max == 1000", "pets.@values.@count > 1", "dogs.@max.age == null", "heights.@avg <= 1"] {
                c.check("Person", query)
            }
            c.assertAll(minimum: 450)
        }
    }
}
