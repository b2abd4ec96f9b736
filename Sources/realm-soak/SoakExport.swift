import Foundation

/// What one `realm-export` of the soak's store held: objects per batch, and their keys.
struct SoakExport {
    /// Objects per batch name.
    var batches: [Substring: Int] = [:]
    /// Every exported `sku`.
    var skus: Set<Substring> = []
    var objects: Int { skus.count }

    /// Runs `realm-export` (CSV of `sku,batch`) on `store` in `directory`, writing `<name>.out`.
    /// Throws a `SoakFailure` when it fails.
    static func run(_ store: String, in directory: String, name: String) throws -> SoakExport {
        let export = try ChildProcess.run("realm-export", ["--store", store, "--class", "SoakItem", "--type", "csv",
                                                           "--fields", "sku,batch"], in: directory, name: name)
        guard export.status == 0 else { throw SoakFailure(SoakMessages.toolFailed("realm-export", export.status, export.stderr)) }
        return SoakExport(csv: export.stdout)
    }

    /// Reads the CSV (a header line, then `sku,batch` per object; neither holds a comma).
    init(csv: String) {
        for line in csv.split(separator: "\n").dropFirst() {
            guard let comma = line.firstIndex(of: ",") else { continue }
            skus.insert(line[..<comma])
            batches[line[line.index(after: comma)...], default: 0] += 1
        }
    }

    /// The batches that are not whole (not exactly `Batch.size` objects), as messages.
    var partBatches: [String] {
        batches.filter { $0.value != Batch.size }.map { SoakMessages.partBatch(String($0.key), objects: $0.value) }.sorted()
    }
}

/// An invariant the soak found broken (or a process that failed), with its message.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
