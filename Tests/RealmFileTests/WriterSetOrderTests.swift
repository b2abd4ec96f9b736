import Foundation
import Testing
@testable import RealmFile

/// Sets of mixed values and of decimals in the order realm-core keeps them. Each expected order
/// below is the order realm-core 14.14 itself stored the same elements in (a file it wrote from the
/// same data, read back with its own dump tool) while this writer was developed.
@Suite("RealmFileWriter orders sets of mixed and decimal values as realm-core does")
struct WriterSetOrderTests {
    private typealias W = WritingSupport

    private static func decimal(_ coefficient: UInt128, _ exponent: Int, negative: Bool = false) -> RealmValue {
        .decimal128(RealmDecimal128(negative: negative, coefficient: coefficient, exponent: exponent))
    }

    private static let decimalNaN = RealmDecimal128(low: 0, high: 0x7c00_0000_0000_0000)
    private static let oid: [UInt8] = [0xab, 0xcd, 0xef, 0xab, 0xcd, 0xef, 0xab, 0xcd, 0xef, 0xab, 0xcd, 0xef]
    private static let uuid: [UInt8] = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff]

    /// Every kind of value: ranks (null, bool, numbers, string, binary, date, objectId, UUID) and
    /// numbers of all types by value, beyond 2^53 too.
    static let kinds: [RealmValue] = [
        .null, .bool(false), .bool(true), .double(.nan), .double(-.infinity), .int(-7), .double(2.5), decimal(275, -2),
        .int(3), .double(9_007_199_254_740_992), .int(9_007_199_254_740_993), .string(""), .string("a"), .string("b"),
        .data([0, 1]), .timestamp(seconds: -1, nanoseconds: 0), .objectId(oid), .uuid(uuid),
    ]

    /// Numbers close together across double, int and decimal (doubles meet decimals rounded to 15
    /// digits, as realm-core converts them), and at the ends of the int range.
    static let closeNumbers: [RealmValue] = [
        .double(.nan), .double(-9.3e18), .int(.min), decimal(92, 17, negative: true), .double(-0.0), decimal(9, -2),
        .double(0.1), decimal(1_000_000_000_000_001, -16), decimal(11, -2), decimal(2_999_999_999_999_999, -16),
        .double(0.30000000000000004), .double(1.5), decimal(150_000_000_000_000_000_001, -20),
        decimal(999_999_999_999_999, 285), .double(1e300), decimal(1, 301),
    ]

    /// Decimals alone: NaN, infinities, 34 digits, zeros and exponents of both signs.
    static let decimals: [RealmValue] = [
        .decimal128(decimalNaN), .decimal128(RealmDecimal128(low: 0, high: 0xf800_0000_0000_0000)),
        decimal(1_234_567_890_123_456_789_012_345_678_901_234, -2, negative: true), decimal(0, 0, negative: true),
        decimal(1, -3), decimal(15, -1), decimal(99_999, -2), decimal(1, 3),
        .decimal128(RealmDecimal128(low: 0, high: 0x7800_0000_0000_0000)),
    ]

    /// Values as text, so that NaN equals NaN and -0.0 differs from 0.0.
    private static func text(_ values: [RealmValue]) -> [String] {
        values.map { String(describing: $0) }
    }

    @Test(arguments: [kinds, closeNumbers, decimals])
    func sortsAsRealmCore(_ expected: [RealmValue]) throws {
        for seed in 0..<5 {
            var generator = SeededRandom(seed: UInt64(seed))
            let shuffled = expected.shuffled(using: &generator)
            #expect(Self.text(try SetOrder.sorted(shuffled, kind: .mixed)) == Self.text(expected), "seed \(seed)")
        }
    }

    @Test func linksInAMixedSetByClassThenKey() throws {
        let links: [RealmValue] = [
            .link(RealmLink(tableName: "class_A", objectKey: 5)), .link(RealmLink(tableName: "class_A", objectKey: 70_000)),
            .link(RealmLink(tableName: "class_B", objectKey: 0)),
        ]
        #expect(try SetOrder.sorted([links[2], links[1], .uuid(Self.uuid), links[0]], kind: .mixed)
            == [.uuid(Self.uuid)] + links)
    }

    @Test func theFileHoldsTheSetsInThatOrder() throws {
        let schema = [W.realmClass("Box", [
            W.property("_id", .int, primaryKey: true), W.property("mixed", .mixed, .set, optional: true),
            W.property("numbers", .mixed, .set, optional: true), W.property("decimals", .decimal128, .set),
        ], primaryKey: "_id")]
        var writer = try RealmFileWriter(schema: schema, schemaVersion: 1)
        try writer.add(RealmObject(key: 0, values: [.int(1), .set(Self.kinds.reversed()), .set(Self.closeNumbers.reversed()),
                                                    .set(Self.decimals.reversed())], backlinks: []), to: "Box")
        try writer.add(RealmObject(key: 1, values: [.int(2), .set([]), .set([]), .set([])], backlinks: []), to: "Box")
        let bytes = try writer.bytes()
        W.keep(bytes, as: "set-order")
        let file = try RealmFile(bytes: bytes)
        let objects = try file.objects(in: try #require(file.realmClass(named: "Box")))
        #expect(objects.map { Self.text($0.values) } == [
            Self.text([.int(1), .set(Self.kinds), .set(Self.closeNumbers), .set(Self.decimals)]),
            Self.text([.int(2), .set([]), .set([]), .set([])]),
        ])
    }

    @Test(arguments: [
        [RealmValue.int(1), .double(1)],
        [RealmValue.double(.nan), .decimal128(decimalNaN)],
        [decimal(1, 0), decimal(10, -1)],
        [RealmValue.float(0.5), .double(0.5)],
        [RealmValue.double(0.1), decimal(1, -1)],
    ])
    func numbersOfEqualValueAreOneElement(_ elements: [RealmValue]) {
        #expect {
            _ = try SetOrder.sorted(elements, kind: .mixed)
        } throws: { error in
            "\(error)".contains("twice") && "\(error)".contains("numbers of equal value as one element")
        }
    }

    @Test func aCollectionInASetIsRefused() {
        #expect {
            _ = try SetOrder.sorted([.int(1), .list([.int(2)])], kind: .mixed)
        } throws: { error in
            "\(error)".contains("never in sets")
        }
    }
}
