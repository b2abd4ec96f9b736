import Foundation
import RealmCLI

/// `realm-import`: thin glue between the command line, the files and the importer library.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(ImportTool.main(arguments, output: .standard, stderrIsTerminal: isatty(STDERR_FILENO) != 0,
                      stdinIsTerminal: isatty(STDIN_FILENO) != 0).rawValue)
