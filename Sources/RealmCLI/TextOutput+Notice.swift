/// Messages that are not diagnostics of the input (a wait for a lock, an interruption, a
/// closing count) in the form `--error-format` asks for.
///
/// For example:
///
///     output.notice("waiting for the store's lock", kind: "wait", format: .json)
///     // {"severity":"note","kind":"wait","message":"waiting for the store's lock"}
extension TextOutput {
    /// A notice (a wait for a lock, an interruption) as text or as a JSON line.
    public func notice(_ message: String, kind: String, severity: String = "note", format: DiagnosticFormat, prefix: String = "") {
        err(format == .json ? DiagnosticPrinter.json(kind: kind, message: message, severity: severity) : prefix + message + "\n")
    }
}
