import Foundation
import RealmCLI
import RealmCodegen
import RealmSchema

/// `realm-schema validate | codegen | json-schema`: thin glue between the command line, the file
/// system and the schema compiler.
let arguments = Array(CommandLine.arguments.dropFirst())
let output = TextOutput.standard
exit(SchemaTool.main(arguments, output: output).rawValue)
