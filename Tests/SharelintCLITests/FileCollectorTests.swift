import XCTest
@testable import SharelintCLI

final class FileCollectorTests: XCTestCase {
    func testPlainRelativePaths() {
        for path in ["a", "a/b.share.yaml", ".hidden/a", "a/.b", "a/...", "a.b/c."] {
            XCTAssertTrue(FileCollector.isPlainRelative(path), path)
        }
        for path in ["", ".", "..", "./a", "a/./b", "a/../b", "a/..", "/a", "a//b", "a/"] {
            XCTAssertFalse(FileCollector.isPlainRelative(path), path)
        }
    }
}
