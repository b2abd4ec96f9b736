/// A position in a source file: 1-based line and column, as compilers and editors print them.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file as the user named it (a relative path when possible).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in user input: a value, so that every problem can be collected and tested.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// Extra lines printed under the diagnostic (`note: …`).
    public var notes: [String]

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, notes: [String] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// `path:line:column: error: message`, the form compilers, editors and CI annotate.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        for note in notes {
            text += "\n" + (location.map { "\($0): " } ?? "") + "note: \(note)"
        }
        return text
    }
}

/// Collects diagnostics from every stage so that all problems are reported in one run.
public struct Diagnostics: Sendable, Equatable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public mutating func emit(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func error(_ message: String, at location: SourceLocation?, notes: [String] = []) {
        emit(.error(message, at: location, notes: notes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, notes: [String] = []) {
        emit(.warning(message, at: location, notes: notes))
    }

    public mutating func append(contentsOf other: Diagnostics) {
        all.append(contentsOf: other.all)
    }

    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// Diagnostics ordered by file, line and column (stable for equal positions).
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            switch (la, lb) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}

/// Thrown when a stage finished with errors; carries all of them.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
