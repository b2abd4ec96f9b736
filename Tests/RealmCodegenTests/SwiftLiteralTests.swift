@testable import RealmCodegen
import RealmFormats
import Testing

/// Swift literals for default values, and the printer that lays out generated code.
@Suite struct SwiftLiteralTests {
    @Test func stringEscapes() {
        #expect(SwiftLiteral.string("plain") == #""plain""#)
        #expect(SwiftLiteral.string("\"\\\n\r\t\0") == #""\"\\\n\r\t\0""#)
        #expect(SwiftLiteral.string("\u{1B}[0m\u{7F}") == #""\u{1b}[0m\u{7f}""#)
        #expect(SwiftLiteral.string("a\u{2028}b\u{FEFF}c\u{A0}d") == #""a\u{2028}b\u{feff}c\u{a0}d""#)
        #expect(SwiftLiteral.string("日本 🐶 é") == #""日本 🐶 é""#)
    }

    @Test func doubles() {
        #expect(SwiftLiteral.double(1.5) == "1.5")
        #expect(SwiftLiteral.double(-0.0) == "-0.0")
        #expect(SwiftLiteral.double(1e100) == "1e+100")
        #expect(SwiftLiteral.double(0.1 + 0.2) == "0.30000000000000004")
        #expect(SwiftLiteral.double(.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(SwiftLiteral.double(-.nan) == ".nan")
    }

    @Test func floats() {
        #expect(SwiftLiteral.float(0.1) == "0.1")
        #expect(SwiftLiteral.float(3.4028234663852886e38) == "3.4028235e+38")
        #expect(SwiftLiteral.float(-1e300) == "-.infinity")
    }

    @Test func base64() {
        #expect(Base64.encode([]) == "")
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    @Test func printerIndentsAndKeepsBlankLinesTidy() {
        var printer = CodePrinter()
        printer.blankLine()
        printer.print("a {")
        printer.indent()
        printer.blankLine()
        printer.print("b   ")
        printer.blankLine()
        printer.blankLine()
        printer.print("")
        printer.block("c {") { printer in
            printer.print("d")
            printer.blankLine()
        }
        printer.outdent()
        printer.print("}")
        #expect(printer.contents == "a {\n    b\n\n    c {\n        d\n    }\n}\n")
    }
}
