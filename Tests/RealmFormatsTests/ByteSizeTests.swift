import RealmFormats
import Testing

@Suite("ByteSize: sizes as people write them")
struct ByteSizeTests {
    @Test(arguments: [
        ("1", 1), ("512", 512), ("16MiB", 16 << 20), ("16 MiB", 16 << 20), ("64kib", 64 << 10), ("2GiB", 2 << 30),
        ("100B", 100), ("1KiB", 1024),
    ])
    func parsesBytesAndBinaryUnits(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "0MiB", "-1", "16MB", "16 M", "MiB", "1.5MiB", "16MiB ", " 16", "9999999999999999999GiB", "16  MiB"])
    func rejectsAnythingElse(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }

    @Test func writesTheLargestExactUnit() {
        #expect(ByteSize.text(16 << 20) == "16 MiB")
        #expect(ByteSize.text(1536) == "1536 bytes")
        #expect(ByteSize.text(1) == "1 byte")
        #expect(ByteSize.text(3 << 30) == "3 GiB")
        #expect(ByteSize.text(64 << 10) == "64 KiB")
    }
}
