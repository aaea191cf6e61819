import Foundation
import XCTest
@testable import SharelintCLI
import ShareLintKit

final class FileCollectorTests: XCTestCase {
    /// The byte test for share-file names answers as the Character test does.
    func testShareFileNamesReadOverBytesAsInCharacters() {
        let names = ["a.share.yaml", "a.share.yml", ".share.yml", "share.yaml", "a.share.YAML", "a.share.yaml.bak", "a.yaml",
                     "a.share.yamll", "x\r\n.share.yaml", "é.share.yaml", "a.share.yaml\u{301}", "\u{600}.share.yaml", "", "a"]
        for name in names {
            XCTAssertEqual(FileCollector.isShareFile(name), name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml"), name.debugDescription)
        }
    }

    /// A walk on several threads finds the same inputs and configuration files, in the
    /// same order, as a walk on one.
    func testWalkOnSeveralThreadsFindsWhatOneFinds() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("sharelint-walk-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        for (i, directory) in ["a", "a/deep/er", "b", "c/d", ".hidden", "e"].enumerated() {
            try fm.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
            for j in 0..<3 { try Data("schemaVersion: 1\n".utf8).write(to: root.appendingPathComponent("\(directory)/f\(i)-\(j).share.yaml")) }
            try Data().write(to: root.appendingPathComponent("\(directory)/notes.txt"))
        }
        for directory in ["", "a/", "c/d/"] { try Data().write(to: root.appendingPathComponent("\(directory).sharelint.yml")) }
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("b/link.share.yaml").path, withDestinationPath: "f2-0.share.yaml")
        try Data("schemaVersion: 1\n".utf8).write(to: root.appendingPathComponent("top.share.yml"))
        let path = root.path
        var one = FileCollector.Notes(), many = FileCollector.Notes()
        let single = try FileCollector.collect([path], root: path, excluded: { $0.hasSuffix("f0-1.share.yaml") }, forceExclude: false, notes: &one)
        for jobs in [2, 3, 8] {
            many = FileCollector.Notes()
            let team = WorkerTeam(workers: jobs)
            defer { team.close() }
            let parallel = try FileCollector.collect([path], root: path, excluded: { $0.hasSuffix("f0-1.share.yaml") }, forceExclude: false,
                                                     notes: &many, team: team)
            XCTAssertEqual(parallel, single, "jobs \(jobs)")
            XCTAssertEqual(many.configurations, one.configurations, "jobs \(jobs)")
        }
        XCTAssertEqual(single.count, 15 + 1 + 1 - 1, "three files in each of five visible directories, a link, a .yml, one excluded")
        XCTAssertEqual(one.configurations.count, 3)
    }

    func testPlainRelativePaths() {
        for path in ["a", "a/b.share.yaml", ".hidden/a", "a/.b", "a/...", "a.b/c."] {
            XCTAssertTrue(PathLogic.isPlainRelative(path), path)
        }
        for path in ["", ".", "..", "./a", "a/./b", "a/../b", "a/..", "/a", "a//b", "a/"] {
            XCTAssertFalse(PathLogic.isPlainRelative(path), path)
        }
    }

    /// The kinds a directory records for its entries (what a walk reads instead of an
    /// `lstat` per entry) are the kinds `lstat` gives: files, directories, symlinks (not
    /// followed, broken ones too) and FIFOs.
    func testRecordedKindsAreWhatLstatSays() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("sharelint-kinds-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        try fm.createDirectory(at: root.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try Data("schemaVersion: 1\n".utf8).write(to: root.appendingPathComponent("a.share.yaml"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("link.share.yaml").path, withDestinationPath: "a.share.yaml")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("broken.share.yaml").path, withDestinationPath: "missing")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("dirlink").path, withDestinationPath: "dir")
        XCTAssertEqual(mkfifo(root.appendingPathComponent("fifo.share.yaml").path, 0o644), 0)
        let entries = try XCTUnwrap(Platform.typedEntries(root.path))
        XCTAssertEqual(Set(entries.map(\.name)), ["dir", "a.share.yaml", "link.share.yaml", "broken.share.yaml", "dirlink", "fifo.share.yaml"])
        for entry in entries {
            let path = root.appendingPathComponent(entry.name).path
            // A file system that records no kind leaves it to `lstat` (nil); this one records them.
            XCTAssertEqual(entry.kind, FileKind.of(path, follow: false), entry.name)
        }
        XCTAssertEqual(entries.first { $0.name == "link.share.yaml" }?.kind, .symlink)
        XCTAssertEqual(entries.first { $0.name == "fifo.share.yaml" }?.kind, .other)
    }
}

/// How `--jobs` workers share the files: each index exactly once, a worker's own share
/// first and in order, then the rest of the others'.
final class WorkSharesTests: XCTestCase {
    func testEveryIndexIsHandedOutOnce() {
        for count in [0, 1, 2, 7, 8, 9, 100, 1_001] {
            for workers in 1...4 {
                let shares = WorkShares(count: count, workers: workers)
                var seen: [Int] = []
                var firstTaken: [Int: Int] = [:]
                // Workers take turns, the first one twice as often (a fast worker steals).
                var turn = 0, idle = Set<Int>()
                while idle.count < workers {
                    let worker = turn % (workers + 1) == workers ? 0 : turn % (workers + 1)
                    turn += 1
                    guard let range = shares.take(worker: worker, chunk: 8) else { idle.insert(worker); continue }
                    if firstTaken[worker] == nil { firstTaken[worker] = range.lowerBound }
                    seen += range
                }
                XCTAssertEqual(seen.sorted(), Array(0..<count), "\(count) files, \(workers) workers")
                for worker in firstTaken.keys where count >= workers {
                    XCTAssertEqual(firstTaken[worker], worker * count / workers, "worker \(worker) starts its own share")
                }
            }
        }
    }

    /// Chunks are at most the size asked, and shrink to one index as a share runs out,
    /// so no worker is left with a whole chunk while the other waits.
    func testChunksShrinkAsAShareRunsOut() {
        let shares = WorkShares(count: 100, workers: 1)
        var sizes: [Int] = []
        while let range = shares.take(worker: 0, chunk: 8) { sizes.append(range.count) }
        XCTAssertEqual(sizes.reduce(0, +), 100)
        XCTAssertEqual(sizes.first, 8)
        XCTAssertTrue(sizes.allSatisfy { $0 <= 8 }, "\(sizes)")
        XCTAssertEqual(Array(sizes.suffix(4)), [1, 1, 1, 1], "\(sizes)")
        XCTAssertEqual(sizes, sizes.sorted(by: >), "sizes never grow: \(sizes)")
    }

    /// Results come out in index order, unset ones skipped, a second write replacing the
    /// first, and the slots are empty afterwards; what was set and never taken is freed
    /// with the slots, once.
    func testResultsAreTakenInIndexOrder() {
        final class Counted: @unchecked Sendable {
            static let lock = NSLock()
            nonisolated(unsafe) static var live = 0
            let name: String
            init(_ name: String) { self.name = name; Self.lock.lock(); Self.live += 1; Self.lock.unlock() }
            deinit { Self.lock.lock(); Self.live -= 1; Self.lock.unlock() }
        }
        do {
            let slots = ResultSlots<Counted>(count: 5)
            slots.set(3, Counted("d"))
            slots.set(0, Counted("x"))
            slots.set(0, Counted("a"))
            slots.set(1, Counted("b"))
            XCTAssertEqual(Counted.live, 3)
            XCTAssertEqual(slots.takeValues().map(\.name), ["a", "b", "d"])
            XCTAssertEqual(Counted.live, 0, "moved out, then freed with the array")
            XCTAssertEqual(slots.takeValues().map(\.name), [])
            slots.set(4, Counted("e"))
        }
        XCTAssertEqual(Counted.live, 0, "a result never taken is freed with the slots")
        // Written from the team's threads, each index once.
        let team = WorkerTeam(workers: 3)
        defer { team.close() }
        let slots = ResultSlots<String>(count: 100)
        let shares = WorkShares(count: 100, workers: 3)
        team.run { worker in
            while let range = shares.take(worker: worker, chunk: 4) {
                for index in range { slots.set(index, "\(index)") }
            }
        }
        XCTAssertEqual(slots.takeValues(), (0..<100).map { "\($0)" })
    }
}
