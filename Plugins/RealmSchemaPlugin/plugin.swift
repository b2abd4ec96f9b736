import Foundation
import PackagePlugin

/// Generates Swift models from the `*.yaml` / `*.yml` schema files of a target at build time.
///
/// All schema files of the target form one schema (models may link across files), compiled
/// by one `realm-schema codegen` run into the plugin's work directory: one Swift file per
/// schema file (`models/people.yaml` → `people.swift`), so the outputs are known without
/// reading the schema. Headers name the schema files relative to the directory that holds them all.
///
/// For example, in `Package.swift`:
///
///     .executableTarget(name: "App", dependencies: [.product(name: "RealmStore", package: "realm-tools")],
///                       plugins: [.plugin(name: "RealmSchemaPlugin", package: "realm-tools")])
@main
struct RealmSchemaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schemas = target.sourceFiles
            .map(\.url)
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedModels", isDirectory: true)
        return [
            .buildCommand(
                displayName: "Generating Realm models for \(target.name)",
                executable: try context.tool(named: "realm-schema").url,
                arguments: ["codegen"] + schemas.map(\.path)
                    + ["--output", output.path, "--source-root", Self.commonDirectory(schemas)],
                inputFiles: schemas,
                outputFiles: Self.outputNames(schemas).map { output.appendingPathComponent($0) }
            ),
        ]
    }

    /// The deepest directory holding every schema file: headers name the files relative to it.
    static func commonDirectory(_ files: [URL]) -> String {
        var common = files[0].deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return NSString.path(withComponents: common)
    }

    /// The file names `realm-schema codegen` gives: the schema file's stem, numbered when two
    /// stems clash ignoring case (`people.swift`, `people2.swift`).
    static func outputNames(_ schemas: [URL]) -> [String] {
        let stems = schemas.map { $0.deletingPathExtension().lastPathComponent }
        var taken = Set(stems.map { $0.lowercased() })
        var assigned = Set<String>()
        return stems.map { stem in
            var name = stem
            if assigned.contains(stem.lowercased()) {
                var counter = 2
                while taken.contains("\(stem)\(counter)".lowercased()) { counter += 1 }
                name = "\(stem)\(counter)"
                taken.insert(name.lowercased())
            }
            assigned.insert(name.lowercased())
            return name + ".swift"
        }
    }
}
