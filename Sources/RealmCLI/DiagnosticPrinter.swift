import Foundation
import RealmFormats
import RealmSchema

/// Renders diagnostics as compiler-style lines or as JSON objects (one a line).
public enum DiagnosticPrinter {
    public static func render(_ diagnostics: [Diagnostic], format: DiagnosticFormat) -> String {
        switch format {
        case .text:
            return diagnostics.map { $0.description + "\n" }.joined()
        case .json:
            return diagnostics.map { json($0) + "\n" }.joined()
        }
    }

    /// `{"severity":"error","file":"a.yaml","line":3,"column":5,"message":"…","notes":[…]}`
    public static func json(_ diagnostic: Diagnostic) -> String {
        var fields = ["\"severity\":\(quoted(diagnostic.severity.rawValue))"]
        if let location = diagnostic.location {
            fields.append("\"file\":\(quoted(location.file))")
            fields.append("\"line\":\(location.line)")
            fields.append("\"column\":\(location.column)")
        }
        fields.append("\"message\":\(quoted(diagnostic.message))")
        if !diagnostic.notes.isEmpty {
            fields.append("\"notes\":[\(diagnostic.notes.map(quoted).joined(separator: ","))]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// One line for a diagnostic that is not about a place in a file (usage, I/O, store):
    /// `{"severity":"error","kind":"usage","message":"…","usage":"…"}` and a line break.
    public static func json(kind: String, message: String, severity: String = "error",
                            extra: KeyValuePairs<String, String> = [:]) -> String {
        var fields = ["\"severity\":\(quoted(severity))", "\"kind\":\(quoted(kind))", "\"message\":\(quoted(message))"]
        fields += extra.map { "\(quoted($0.key)):\(quoted($0.value))" }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// A JSON string literal.
    public static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}
