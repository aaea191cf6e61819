import XCTest
@testable import YAMLSyntax

/// `ByteBuffer(copying:)` copies contiguous bytes at once and others one by one: both give
/// the source's bytes, whatever the collection and wherever a slice starts.
final class ByteBufferTests: XCTestCase {
    private let bytes: [UInt8] = Array("name: 标题\n---\nitems: []\n".utf8)

    /// The buffer's bytes, read while the buffer is alive (its `bytes` point into it).
    private func contents(_ buffer: ByteBuffer) -> [UInt8] { withExtendedLifetime(buffer) { Array(buffer.bytes) } }

    func testContiguousSourcesAreCopiedWhole() {
        XCTAssertEqual(contents(ByteBuffer(copying: bytes)), bytes)
        // A slice that starts past its array's first byte, as a piece of a file is.
        let slice = bytes[7..<19]
        XCTAssertEqual(contents(ByteBuffer(copying: slice)), Array(slice))
        XCTAssertEqual(contents(ByteBuffer(copying: ContiguousArray(bytes))), bytes)
    }

    func testOtherSourcesAreCopiedByteByByte() {
        // Neither has contiguous storage to hand out.
        XCTAssertEqual(contents(ByteBuffer(copying: bytes.lazy.map { $0 })), bytes)
        XCTAssertEqual(contents(ByteBuffer(copying: repeatElement(UInt8(0x2D), count: 5))), Array(repeating: 0x2D, count: 5))
    }

    func testEmptySourcesGiveAnEmptyBuffer() {
        XCTAssertEqual(ByteBuffer(copying: [UInt8]()).count, 0)
        XCTAssertEqual(ByteBuffer(copying: bytes[3..<3]).count, 0)
        XCTAssertEqual(ByteBuffer(copying: EmptyCollection<UInt8>()).count, 0)
        XCTAssertEqual(contents(ByteBuffer(count: 4)), [0, 0, 0, 0])
    }
}
