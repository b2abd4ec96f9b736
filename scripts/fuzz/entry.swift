// libFuzzer's entry point for the fuzz targets of RealmFuzz (scripts/fuzz.sh links this file
// with -sanitize=fuzzer,address; docs/fuzzing.md). REALM_FUZZ_TARGET names the target.
import Foundation
import RealmFuzz

private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["REALM_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        fatalError("REALM_FUZZ_TARGET must be one of: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    target.run(bytes)
    return 0
}
