import XCTest
@testable import YAMLSyntax

/// Positions are stored in 32 bits each (docs/performance.md, "The document"): values that fit read back
/// as written, and values that do not are kept at the nearest end instead of trapping.
final class SourcePositionTests: XCTestCase {
    func testValuesThatFitReadBackAsWritten() {
        for value in [0, 1, 2, 1_000, 65_536, Int(UInt32.max)] {
            var position = SourcePosition(line: value, column: value, offset: value)
            XCTAssertEqual([position.line, position.column, position.offset], [value, value, value])
            position.column += 0
            XCTAssertEqual(position.column, value)
        }
        XCTAssertEqual(MemoryLayout<SourcePosition>.size, 12)
    }

    func testValuesOutsideThirtyTwoBitsAreClampedNotTrapped() {
        var position = SourcePosition(line: Int.max, column: -5, offset: Int(UInt32.max) + 1)
        XCTAssertEqual(position.line, Int(UInt32.max))
        XCTAssertEqual(position.column, 0)
        XCTAssertEqual(position.offset, Int(UInt32.max))
        position.line += 1
        XCTAssertEqual(position.line, Int(UInt32.max))
    }

    /// The reader's conversion of libyaml's marks reads as the public initializer does.
    func testUnsignedInitializerAgreesWithTheClampingOne() {
        for value in [0, 1, 1_000, Int(UInt32.max) - 1, Int(UInt32.max), Int(UInt32.max) + 1, Int.max] {
            let unsigned = SourcePosition(clampingLine: UInt(value), column: UInt(value) / 2, offset: UInt(value) / 3)
            XCTAssertEqual(unsigned, SourcePosition(line: value, column: value / 2, offset: value / 3), "\(value)")
        }
        XCTAssertEqual(SourcePosition(clampingLine: UInt.max, column: 0, offset: 0).line, Int(UInt32.max))
    }

    /// A piece that starts just short of 4 GiB: the reader converts its marks without
    /// clamping only while every position fits, so the last lines read as the largest
    /// line there is, never as a small line wrapped around.
    func testAReaderNearFourGiBClampsItsPositions() throws {
        let text = Array((0..<6).map { "k\($0): v\n" }.joined().utf8)
        for first in [Int(UInt32.max) - 3, Int(UInt32.max) - 200] {
            let start = SourcePosition(line: first, column: 1, offset: first)
            let reader = YAMLDocumentReader(buffer: ByteBuffer(copying: text), start: start)
            let doc = try XCTUnwrap(reader.next()?.nodes)
            let pairs = try XCTUnwrap(doc.pairs(doc.root)).map { $0 }
            let lines = pairs.map { doc.range($0.key).start.line }
            XCTAssertEqual(lines, (0..<6).map { min(first + $0, Int(UInt32.max)) }, "from line \(first)")
            XCTAssertEqual(doc.range(pairs[5].key).start.offset, min(first + 30, Int(UInt32.max)), "from line \(first)")
        }
    }

    func testOrderIsByLineThenColumn() {
        XCTAssertLessThan(SourcePosition(line: 1, column: 9), SourcePosition(line: 2, column: 1))
        XCTAssertLessThan(SourcePosition(line: 2, column: 1), SourcePosition(line: 2, column: 2))
        XCTAssertFalse(SourcePosition(line: 2, column: 2, offset: 0) < SourcePosition(line: 2, column: 2, offset: 9))
    }
}
