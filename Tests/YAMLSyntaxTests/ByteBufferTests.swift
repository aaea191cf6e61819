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

    /// A buffer filled in steps: `fill` counts what the writer says it wrote (never more
    /// than the room, nothing for a failure), and `splitOff` moves the bytes past an offset.
    func testFilledInStepsAndSplit() {
        let buffer = ByteBuffer(capacity: 8)
        XCTAssertEqual(buffer.capacity, 8)
        XCTAssertEqual(buffer.fill { room, size in
            XCTAssertEqual(size, 8)
            room.copyMemory(from: bytes, byteCount: 5)
            return 5
        }, 5)
        XCTAssertEqual(buffer.fill { _, _ in -1 }, -1, "a failed read is returned as it is")
        XCTAssertEqual(buffer.count, 5)
        XCTAssertEqual(buffer.fill { _, size in size + 10 }, 13, "an over-reported count is returned")
        XCTAssertEqual(buffer.count, 8, "but only the room is counted")
        XCTAssertEqual(buffer.fill { _, _ in XCTFail("no room: not called"); return 1 }, 0)
        let rest = buffer.splitOff(from: 3, capacity: 2)
        XCTAssertEqual(contents(buffer), Array(bytes[0..<3]))
        XCTAssertEqual(rest.count, 5)
        XCTAssertGreaterThanOrEqual(rest.capacity, 5, "room for what moved, whatever was asked")
        XCTAssertEqual(Array(contents(rest)[0..<2]), Array(bytes[3..<5]))
        XCTAssertEqual(buffer.splitOff(from: 99, capacity: 4).count, 0, "an offset past the end moves nothing")
        XCTAssertEqual(buffer.count, 3)
    }

    func testEmptySourcesGiveAnEmptyBuffer() {
        XCTAssertEqual(ByteBuffer(copying: [UInt8]()).count, 0)
        XCTAssertEqual(ByteBuffer(copying: bytes[3..<3]).count, 0)
        XCTAssertEqual(ByteBuffer(copying: EmptyCollection<UInt8>()).count, 0)
        XCTAssertEqual(contents(ByteBuffer(count: 4)), [0, 0, 0, 0])
    }

    /// `copyBytes` writes exactly `count` bytes, equal to the source's, for every length
    /// around its eight- and four-byte moves, at every alignment of source and destination,
    /// and nothing before or after them.
    func testCopyBytesWritesExactlyItsRun() {
        let source: [UInt8] = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0...70 {
            for offset in 0..<8 {
                var destination = [UInt8](repeating: 0xEE, count: count + 24)
                source.withUnsafeBufferPointer { from in
                    destination.withUnsafeMutableBufferPointer { to in
                        copyBytes(from: from.baseAddress! + offset, to: to.baseAddress! + 8 + offset % 3, count: count)
                    }
                }
                let at = 8 + offset % 3
                XCTAssertEqual(Array(destination[at..<(at + count)]), Array(source[offset..<(offset + count)]), "count \(count), offset \(offset)")
                XCTAssertTrue(destination[..<at].allSatisfy { $0 == 0xEE }, "written before: count \(count)")
                XCTAssertTrue(destination[(at + count)...].allSatisfy { $0 == 0xEE }, "written after: count \(count)")
            }
        }
    }
}
