import XCTest
@testable import YAMLSyntax

/// Positions are stored in 32 bits each (docs/performance.md): values that fit read back
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

    func testOrderIsByLineThenColumn() {
        XCTAssertLessThan(SourcePosition(line: 1, column: 9), SourcePosition(line: 2, column: 1))
        XCTAssertLessThan(SourcePosition(line: 2, column: 1), SourcePosition(line: 2, column: 2))
        XCTAssertFalse(SourcePosition(line: 2, column: 2, offset: 0) < SourcePosition(line: 2, column: 2, offset: 9))
    }
}
