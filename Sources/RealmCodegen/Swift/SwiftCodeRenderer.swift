/// Prints the Swift code model through a `CodePrinter`.
///
/// Layout: a class holds its properties, then its nested enums, then its methods, with a blank
/// line between the groups and between enums and methods; `///` doc lines sit directly above
/// their declaration.
struct SwiftCodeRenderer {
    func render(_ file: SwiftSourceFile) -> String {
        var printer = CodePrinter()
        for comment in file.headerComments {
            printer.print("// \(comment)")
        }
        printer.blankLine()
        for module in file.imports {
            printer.print("import \(module)")
        }
        for declaration in file.classes {
            printer.blankLine()
            render(declaration, into: &printer)
        }
        if !file.trailer.isEmpty {
            printer.blankLine()
            printer.print(lines: file.trailer)
        }
        return printer.contents
    }

    private func render(_ declaration: SwiftClass, into printer: inout CodePrinter) {
        printDoc(declaration.doc, into: &printer)
        let opening = "\(declaration.access.modifierPrefix)final class \(declaration.name): \(declaration.superclass) {"
        printer.block(opening) { printer in
            for property in declaration.properties {
                // A documented property reads as its own paragraph.
                if !property.doc.isEmpty {
                    printer.blankLine()
                }
                printDoc(property.doc, into: &printer)
                printer.print(property.declaration)
                if !property.doc.isEmpty {
                    printer.blankLine()
                }
            }
            for nested in declaration.enums {
                printer.blankLine()
                render(nested, into: &printer)
            }
            for function in declaration.functions {
                printer.blankLine()
                render(function, into: &printer)
            }
        }
    }

    private func render(_ nested: SwiftEnum, into printer: inout CodePrinter) {
        printDoc(nested.doc, into: &printer)
        printer.block(nested.opening) { printer in
            for enumCase in nested.cases {
                printer.print(enumCase.declaration)
            }
        }
    }

    private func render(_ function: SwiftFunction, into printer: inout CodePrinter) {
        printDoc(function.doc, into: &printer)
        if function.body.count == 1 {
            printer.print("\(function.opening) \(function.body[0]) }")
            return
        }
        printer.block(function.opening) { printer in
            printer.print(lines: function.body)
        }
    }

    private func printDoc(_ doc: [String], into printer: inout CodePrinter) {
        for line in doc {
            printer.print(line.isEmpty ? "///" : "/// \(line)")
        }
    }
}
