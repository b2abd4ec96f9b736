import RealmCLI
import RealmInterchange

/// The closing summary under `--error-format json`: one object on its own line, so that a build
/// script reads every line of stderr as JSON.
///
/// For example:
///
///     {"severity":"note","kind":"summary","message":"imported 2 objects from 2 documents","committed":true,
///      "documents":2,"errors":0,"deleted":0,"missingKeys":0,"nulledLinks":0,"classes":{"Person":{"created":2,…}}}
enum ImportSummaryJSON {
    static func render(_ summary: ImportSummary, order: [String], dryRun: Bool) -> String {
        let text = summary.render(order: order, dryRun: dryRun)
        let message = String(text.split(separator: "\n").last ?? "")
        let names = order.filter { summary.classes[$0] != nil } + summary.classes.keys.filter { !order.contains($0) }.sorted()
        let classes = names.map { name in
            let counts = summary[name]
            return DiagnosticPrinter.quoted(name) + ":{\"created\":\(counts.created),\"updated\":\(counts.updated),"
                + "\"unchanged\":\(counts.unchanged),\"warnings\":\(counts.warnings)}"
        }
        let severity = summary.errors > 0 ? "error" : "note"
        return "{\"severity\":\"\(severity)\",\"kind\":\"summary\",\"message\":\(DiagnosticPrinter.quoted(message)),"
            + "\"committed\":\(summary.committed),\"dryRun\":\(dryRun),\"documents\":\(summary.documents),"
            + "\"errors\":\(summary.errors),\"deleted\":\(summary.deleted),\"missingKeys\":\(summary.missingKeys),"
            + "\"nulledLinks\":\(summary.nulledLinks),\"classes\":{\(classes.joined(separator: ","))}}\n"
    }
}
