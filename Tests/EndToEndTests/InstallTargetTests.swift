import Foundation
import TestSupport
import Testing

/// `make install` puts the tools, their completions and man pages in place; the files come
/// from the tools themselves (`--generate-completion`, `--generate-manpage`), so they match `--help`.
@Suite struct InstallTargetTests {
    @Test func installFilesIntoAPrefix() throws {
        let prefix = try Temporary.path("realm-install")
        let binPath = Tool.url("realm-import").deletingLastPathComponent().path
        let result = try Command.run("make", ["--no-print-directory", "install-files", "BIN_PATH=\(binPath)", "PREFIX=\(prefix)"],
                                     in: Repository.root.path)
        #expect(result.status == 0, "\(result.stderr)")
        for tool in ["realm-schema", "realm-import", "realm-export"] {
            #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/\(tool)"))
            let page = try String(contentsOfFile: "\(prefix)/share/man/man1/\(tool).1", encoding: .utf8)
            #expect(page.hasPrefix(".TH \(tool.uppercased()) 1 "), "\(page.prefix(80))")
            let bash = try String(contentsOfFile: "\(prefix)/share/bash-completion/completions/\(tool)", encoding: .utf8)
            #expect(bash.contains("complete -o filenames -F _\(tool.replacingOccurrences(of: "-", with: "_")) \(tool)"))
            let zsh = try String(contentsOfFile: "\(prefix)/share/zsh/site-functions/_\(tool)", encoding: .utf8)
            #expect(zsh.hasPrefix("#compdef \(tool)\n"))
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/fish/vendor_completions.d/\(tool).fish"))
        }
        let fish = try String(contentsOfFile: "\(prefix)/share/fish/vendor_completions.d/realm-import.fish", encoding: .utf8)
        #expect(fish.contains("complete -c realm-import -l on-missing-link -x -a 'error null'"))
        let schemaPage = try String(contentsOfFile: "\(prefix)/share/man/man1/realm-schema.1", encoding: .utf8)
        #expect(schemaPage.contains(".SS codegen") && schemaPage.contains("\\fB\\-\\-access\\fR"))
        let missing = try Command.run("make", ["--no-print-directory", "install-files", "BIN_PATH=\(prefix)/nowhere", "PREFIX=\(prefix)"],
                                      in: Repository.root.path)
        #expect(missing.status != 0 && missing.stderr.contains("is not built"))
    }
}
