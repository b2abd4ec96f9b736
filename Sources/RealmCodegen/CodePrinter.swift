/// A deliberately dumb text printer for generated code: lines, indentation and blank lines.
///
/// It knows nothing about Swift; it only guarantees the output shape every generated file
/// shares: 4-space indentation, no trailing spaces, no runs of blank lines, no blank line
/// right after an opening or before a closing line, and exactly one trailing newline.
struct CodePrinter {
    private(set) var lines: [String] = []
    private var level = 0
    private var pendingBlankLine = false
    private let indentUnit: String

    init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Prints one line at the current indentation; an empty line is a `blankLine()` request.
    mutating func print(_ line: String) {
        if line.isEmpty {
            blankLine()
            return
        }
        if pendingBlankLine, !lines.isEmpty {
            lines.append("")
        }
        pendingBlankLine = false
        let text = String(repeating: indentUnit, count: level) + line
        lines.append(text.trimmingTrailingSpaces())
    }

    /// Prints several lines at the current indentation.
    mutating func print(lines newLines: [String]) {
        for line in newLines {
            print(line)
        }
    }

    /// Asks for a blank line before the next printed line; several requests collapse into one,
    /// and a request at the start of a block or of the file is dropped.
    mutating func blankLine() {
        if let last = lines.last, !last.hasSuffix("{"), !last.hasSuffix("[") {
            pendingBlankLine = true
        }
    }

    mutating func indent() {
        level += 1
        pendingBlankLine = false
    }

    mutating func outdent() {
        precondition(level > 0, "CodePrinter.outdent() without a matching indent()")
        level -= 1
        pendingBlankLine = false
    }

    /// Prints `opening`, indents, runs `body`, outdents and prints `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodePrinter) -> Void) {
        print(opening)
        indent()
        body(&self)
        outdent()
        print(closing)
    }

    /// The printed text with one trailing newline.
    var contents: String {
        lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string without trailing spaces and tabs.
    func trimmingTrailingSpaces() -> String {
        var scalars = Substring(self)
        while let last = scalars.last, last == " " || last == "\t" {
            scalars = scalars.dropLast()
        }
        return String(scalars)
    }
}
