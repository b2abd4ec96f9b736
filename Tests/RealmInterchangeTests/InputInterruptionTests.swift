import Foundation
import RealmEngine
@testable import RealmInterchange
import RealmSchema
import TestSupport
import Testing

/// Interrupting the reading of input (what `realm-import` does on SIGINT and SIGTERM): the
/// next document is an `.interrupted` error, also for a reader waiting on a pipe, and an
/// import interrupted so writes nothing.
@Suite struct InputInterruptionTests {
    @Test func theNextDocumentIsAnInterruption() throws {
        let source = Fixtures.source(String(repeating: "{\"a\": 1}\n", count: 10_000), bufferSize: 1024)
        let interruption = InputInterruption()
        source.interruption = interruption
        let reader = DocumentPrefetcher(source)
        defer { reader.stop() }
        for _ in 0..<10 { _ = try reader.next() }
        #expect(interruption.interrupt(signal: SIGINT))
        #expect(!interruption.interrupt(signal: SIGTERM))
        #expect(interruption.signal == SIGINT)
        #expect(throws: SourceError.self) { try reader.next() }
        do {
            _ = try reader.next()
            Issue.record("an interrupted reader yielded a document")
        } catch {
            #expect(error.kind == .interrupted)
            #expect(error.diagnostic.message == "reading 'input.json' was interrupted by signal \(SIGINT)")
        }
    }

    /// The reading thread is blocked in `read` on a pipe nobody writes: the interruption still
    /// wakes the caller, and `stop()` returns.
    @Test func aReaderWaitingOnAPipeIsWoken() throws {
        let pipe = Pipe()
        let source = DocumentSource(input: .descriptor(pipe.fileHandleForReading.fileDescriptor, closes: false, seekable: false),
                                        name: "<stdin>", size: nil, options: SourceOptions())
        let interruption = InputInterruption()
        source.interruption = interruption
        try pipe.fileHandleForWriting.write(contentsOf: Data("{\"a\": 1}\n".utf8))
        let reader = DocumentPrefetcher(source)
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { interruption.interrupt(signal: SIGTERM) }
        do {
            while try reader.next() != nil {}
            Issue.record("the input ended")
        } catch {
            #expect(error.kind == .interrupted)
        }
        reader.stop()
        #expect(Date().timeIntervalSince(started) < 10)
        try pipe.fileHandleForWriting.close()
    }

    @Test func anInterruptedImportWritesNothing() throws {
        let harness = try ImportHarness("""
            models:
              Item: { primaryKey: n, properties: { n: int } }
            """)
        let importer = try Importer(store: try harness.open, options: ImportOptions(className: "Item"))
        let text = (0..<5_000).map { "{\"n\": \($0)}" }.joined(separator: "\n")
        let source = DocumentSource(bytes: Array(text.utf8), name: "input.json", options: importer.sourceOptions)
        let interruption = InputInterruption()
        source.interruption = interruption
        var documents = 0
        importer.progressHandler = { _, _ in
            documents += 1
            if documents == 100 { interruption.interrupt(signal: SIGINT) }
        }
        try importer.importInput(source)
        let summary = try importer.finish()
        #expect(summary.documents == 100)
        #expect(!summary.committed)
        #expect(importer.diagnostics.map(\.message) == ["reading 'input.json' was interrupted by signal \(SIGINT)"])
        #expect(try harness.objects("Item").isEmpty)
    }
}
