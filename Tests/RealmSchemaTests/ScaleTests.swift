import Glibc
import RealmSchema
import TestSupport
import Testing

/// Large schemas compile in time linear in their size (n log n for sorting diagnostics).
///
/// Each schema below makes every step that once scanned or copied per entry do so tens of
/// thousands of times: the YAML reader's mappings and duplicate-key check, property look-ups
/// by name (primary keys, linkingObjects origins), the `mapTo` alias check, enum duplicates,
/// the embedded-cycle walk, did-you-mean among thousands of names. Quadratic code spends
/// minutes of CPU on them in a debug build (the YAML reader alone: 80 s for 40,000 keys,
/// 100 s for 20,000 models); linear code a few seconds. The bound is far from both. It
/// counts the CPU time of the compiling thread, not wall time, so a busy machine does not
/// fail it.
@Suite struct ScaleTests {
    static let bound = Duration.seconds(15)

    /// Compiles and returns the CPU time the calling thread spent doing it.
    private func timedCompile(_ yaml: String) -> (SchemaCompilation, Duration) {
        let start = Self.threadCPUTime()
        let result = compile(yaml)
        return (result, Self.threadCPUTime() - start)
    }

    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// One model with 40,000 properties (one mapping of 40,000 keys), another whose 40,000
    /// linkingObjects each look up their origin in the first, and a 40,000-value enum.
    @Test func fortyThousandKeysInOneMapping() throws {
        let count = 40_000
        var yaml = "models:\n  Big:\n    primaryKey: p\(count - 1)\n    properties:\n"
        for i in 0..<count {
            switch i % 4 {
            case 0: yaml += "      p\(i): int\n"
            case 1: yaml += "      p\(i): { type: int, mapTo: s\(i) }\n"
            case 2: yaml += "      p\(i): Back?\n"
            default: yaml += "      p\(i): string\n"
            }
        }
        yaml += "  Back:\n    properties:\n"
        for i in stride(from: 2, to: count, by: 4) {
            yaml += "      b\(i): { type: linkingObjects, objectType: Big, property: p\(i) }\n"
        }
        yaml += "      state: { type: int, enum: [\((0..<count).map(String.init).joined(separator: ", "))] }\n"
        let (result, elapsed) = timedCompile(yaml)
        #expect(result.diagnostics.all.isEmpty)
        let schema = try #require(result.schema)
        #expect(schema.models.map(\.properties.count) == [count, count / 4 + 1])
        #expect(schema.models[1].properties.last?.enumValues?.count == count)
        #expect(elapsed < Self.bound, "40,000 keys took \(elapsed) of CPU time")
    }

    /// 20,000 models of every kind, linking to each other, with a chain of embedded models
    /// 2,000 long (the cycle check walks it from every one of them).
    @Test func twentyThousandModels() throws {
        let count = 20_000
        var yaml = "schemaVersion: 1\nmodels:\n"
        for i in 0..<count {
            if i % 10 == 9 {
                yaml += "  M\(i):\n    embedded: true\n    properties:\n      name: string\n"
                if i + 10 < count { yaml += "      next: M\(i + 10)?\n" }
            } else {
                yaml += """
                  M\(i):
                    primaryKey: _id
                    properties:
                      _id: objectId
                      name: { type: string, indexed: true, mapTo: label }
                      tags: string<>
                      next: M\((i + 1) % 10 == 9 ? (i + 2) % count : (i + 1) % count)?
                      detail: M\(i - i % 10 + 9)?
                      me: M\(i)?
                      back: { type: linkingObjects, objectType: M\(i), property: me }

                """
            }
        }
        let (result, elapsed) = timedCompile(yaml)
        #expect(result.diagnostics.all.isEmpty)
        #expect(try #require(result.schema).models.count == count)
        #expect(elapsed < Self.bound, "20,000 models took \(elapsed) of CPU time")
    }

    /// 5,000 misspelt links, each with its did-you-mean among 5,000 model names (measuring
    /// the distance to every name: 25,000,000 distances, 870 s of CPU for 10,000 links).
    @Test func fiveThousandMisspeltLinks() throws {
        let count = 5_000
        var yaml = "models:\n"
        for i in 0..<count {
            yaml += "  Model\(i):\n    properties:\n      name: string\n      next: Modl\((i + 1) % count)?\n"
        }
        let (result, elapsed) = timedCompile(yaml)
        let errors = result.diagnostics.errors
        #expect(errors.count == count)
        let first = try #require(errors.first)
        #expect(first.message == "Property 'Model0.next' of type 'object' has unknown object type 'Modl1'")
        #expect(first.notes == ["did you mean 'Model1'?"])
        #expect(errors.last?.notes == ["did you mean 'Model0'?"])
        #expect(elapsed < Self.bound, "5,000 misspelt links took \(elapsed) of CPU time")
    }

    /// The same diagnostics, in the same order, from a large mapping with problems spread
    /// through it (as the quadratic code reported them): an alias clash, duplicate keys and
    /// stored names, a duplicate enum value, linkingObjects origins that are no link or missing.
    @Test func diagnosticsOfALargeMappingAreUnchanged() {
        let count = 5_000
        var yaml = "models:\n  Big:\n    primaryKey: p0\n    properties:\n"
        for i in 0..<count {
            yaml += i == 50 ? "      p50: { type: int, mapTo: x50 }\n" : "      p\(i): int\n"
        }
        yaml += """
                  p10: string
                  q: { type: int, mapTo: p20 }
                  y: { type: int, mapTo: p50 }
                  p30: { type: int, enum: [1, 2, 1] }
                  e: { type: int, enum: [1, 2, 1] }
              Back:
                properties:
                  b: { type: linkingObjects, objectType: Big, property: p40 }
                  c: { type: linkingObjects, objectType: Big, property: pp41 }

            """
        let result = compile(yaml, path: "big.yaml")
        #expect(result.diagnostics.all.map(\.description) == [
            "big.yaml:55:32: error: Property 'Big.x50' has an alias 'p50' that conflicts with a property of the same name.",
            "big.yaml:5005:7: error: Duplicate key 'p10'.\nbig.yaml:5005:7: note: 'p10' is first defined at line 15, column 7",
            "big.yaml:5006:30: error: Property 'p20' appears more than once in the schema for type 'Big'."
                + "\nbig.yaml:5006:30: note: 'p20' is first used at line 25, column 7",
            "big.yaml:5008:7: error: Duplicate key 'p30'.\nbig.yaml:5008:7: note: 'p30' is first defined at line 35, column 7",
            "big.yaml:5009:36: error: Enum value '1' appears more than once for property 'Big.e'.",
            "big.yaml:5011:5: error: No properties are defined for 'Back'. Did you remember to list them under 'properties'?",
            "big.yaml:5012:61: error: Property 'Big.p40' declared as origin of linking objects property 'Back.b' is not a link",
            "big.yaml:5013:61: error: Property 'Big.pp41' declared as origin of linking objects property 'Back.c' does not exist"
                + "\nbig.yaml:5013:61: note: did you mean 'p41'?",
        ])
    }
}
