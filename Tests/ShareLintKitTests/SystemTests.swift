import Dispatch
import Foundation
import XCTest
@testable import ShareLintKit

/// The thread primitives and the directory listing of `System/`.
final class SystemTests: XCTestCase {
    /// Every increment of a shared counter, made on four threads at once, is kept.
    func testLockedKeepsEveryChangeFromManyThreads() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        XCTAssertEqual(counter.withLock { $0 }, 40_000)
    }

    /// `withLock` hands back what its body returns, and rethrows what it throws.
    func testLockedReturnsAndRethrows() {
        struct Refused: Error {}
        let table = Locked([String: Int]())
        XCTAssertNil(table.withLock { $0.updateValue(1, forKey: "a") })
        XCTAssertEqual(table.withLock { $0["a"] }, 1)
        XCTAssertThrowsError(try table.withLock { _ in throw Refused() }) { XCTAssertTrue($0 is Refused) }
    }

    /// The slots come back in index order, unset ones skipped, whichever thread wrote them.
    func testResultSlotsKeepTheIndexOrder() {
        let slots = ResultSlots<String>(count: 100)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in stride(from: worker, to: 100, by: 4) where index != 50 { slots.set(index, "\(index)") }
        }
        XCTAssertEqual(slots.takeValues(), (0..<100).filter { $0 != 50 }.map { "\($0)" })
        XCTAssertEqual(slots.takeValues(), [])
    }

    /// A directory's entries: names without . and .., each kind as recorded (or nil where
    /// the file system records none), at most `limit`, nil with `errno` for no directory.
    func testDirectoryListingGivesNamesAndKinds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("a.share.yaml"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "sub")

        let entries = try XCTUnwrap(DirectoryListing.entries(ofDirectoryAt: root.path)).sorted { $0.name < $1.name }
        XCTAssertEqual(entries.map(\.name), ["a.share.yaml", "link", "sub"])
        let expected: [DirectoryListing.Kind] = [.file, .symlink, .directory]
        for (entry, kind) in zip(entries, expected) where entry.kind != nil { XCTAssertEqual(entry.kind, kind, entry.name) }
        XCTAssertEqual(DirectoryListing.entries(ofDirectoryAt: root.path, limit: 2)?.count, 2)

        XCTAssertNil(DirectoryListing.entries(ofDirectoryAt: root.appendingPathComponent("missing").path))
        XCTAssertEqual(errno, ENOENT)
        let file = open(root.appendingPathComponent("a.share.yaml").path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(file, 0)
        XCTAssertNil(DirectoryListing.entries(ofOpenDirectory: file))
        XCTAssertEqual(errno, ENOTDIR)
        XCTAssertEqual(fcntl(file, F_GETFD), -1, "the descriptor is closed")
    }
}
