import Foundation
@testable import RealmInterchange
import Testing

/// Doubles are formatted into a stack buffer (`DoubleText`) rather than through
/// `Double.description`: the bytes must be `description`'s, for edge values and at random.
@Suite("Export double text")
struct ExportDoubleTextTests {
    /// What the exporter writes for `value` as a relaxed JSON number.
    func written(_ value: Double) throws -> String {
        let output = ExportOutput.memory(capacity: 64)
        try ExtendedJSONWriter(output: output, mode: .relaxed).double(value)
        try output.flush()
        return output.text
    }

    @Test(arguments: [
        0.1, 0.2, 0.3, 1e21, 1e22, 1e23, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, -0.0, 0.0, 1.7976931348623157e308, -1.7976931348623157e308,
        2.2250738585072014e-308, Double.leastNormalMagnitude.nextDown, 1.0, 2.0, -3.0, 100.0, 1e15, 1e16, 1e17, 9007199254740992.0,
        9007199254740993.0, 18014398509481984.0, 18014398509481988.0, 123456789012345680000.0, 0.001, 0.0001, 0.00001,
        1.0 / 3.0, 2.0 / 3.0, 57.23, -4999.999999, 4321.123456, Double(sign: .plus, exponent: -1030, significand: 1), 1.5, 0.5, 1e-7, 123e-20,
    ])
    func edgeValuesAreDescriptionsText(value: Double) throws {
        #expect(try written(value) == value.description)
        #expect(ExportNumberText.double(value) == value.description)
    }

    @Test func knownTexts() throws {
        #expect(try written(1e21) == "1e+21")
        #expect(try written(.leastNonzeroMagnitude) == "5e-324")
        #expect(try written(-0.0) == "-0.0")
        #expect(try written(1.7976931348623157e308) == "1.7976931348623157e+308")
        #expect(try written(0.1) == "0.1")
        #expect(try written(42) == "42.0")
        #expect(try written(0.00001) == "1e-05")
    }

    /// Random bit patterns, random doubles and random short decimals (up to 9 fraction digits,
    /// as the fast path takes them, and 10 where it must decline).
    @Test func randomValuesAreDescriptionsText() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        while values.count < 100_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        for _ in 0..<100_000 {
            values.append(Double.random(in: -1e15...1e15, using: &generator))
            values.append(Double.random(in: -2...2, using: &generator))
            let scale = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10][Int.random(in: 0...10, using: &generator)]
            values.append((Double.random(in: -1e6...1e6, using: &generator) * scale).rounded() / scale)
        }
        values += (0..<100_000).map { Double($0) / 1000 } + (0..<100_000).map { Double($0) * 0.1 }
        let differing = values.filter { ExportNumberText.double($0) != $0.description }
        #expect(differing.isEmpty, "\(differing.prefix(5).map(\.bitPattern))")
    }

    @Test func nonFiniteValuesAreWrapped() throws {
        #expect(try written(.nan) == "{\"$numberDouble\":\"NaN\"}")
        #expect(try written(-.infinity) == "{\"$numberDouble\":\"-Infinity\"}")
        #expect(ExportNumberText.double(.infinity) == "Infinity")
    }
}
