import Foundation
import RealmCLI

/// `realm-export`: thin glue between the command line, the output file and the exporter.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(ExportTool.main(arguments, output: .standard).rawValue)
