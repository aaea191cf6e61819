import Foundation
import XCTest
@testable import SharelintCLI
import CSystem

final class WorkerTeamTests: XCTestCase {
    /// Counts per worker index, written under a lock.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]
        private var threads: Set<String> = []

        func record(_ worker: Int) {
            lock.lock()
            counts[worker, default: 0] += 1
            threads.insert("\(pthread_self())")
            lock.unlock()
        }

        var snapshot: (counts: [Int: Int], threads: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (counts, threads.count)
        }
    }

    /// Every job runs once per worker index, the caller's share on the calling thread,
    /// and `run` returns only when every share has: jobs one after another, whether the
    /// helpers were still polling (a short pause) or asleep (a pause past the polling).
    func testEveryJobRunsOncePerWorkerAndEndsBeforeRunReturns() {
        for spin: UInt64 in [0, 50] {
            let team = WorkerTeam(workers: 3, spinMilliseconds: spin)
            let tally = Tally()
            for job in 0..<6 {
                let finished = Tally()
                team.run { worker in
                    if worker == 0 { XCTAssertTrue(Thread.isMainThread) }
                    // A slow share: run must still wait for it.
                    if worker == job % 3 { usleep(20_000) }
                    tally.record(worker)
                    finished.record(worker)
                }
                XCTAssertEqual(finished.snapshot.counts, [0: 1, 1: 1, 2: 1], "spin \(spin), job \(job)")
                if job == 3 { usleep(80_000) }
            }
            team.close()
            let result = tally.snapshot
            XCTAssertEqual(result.counts, [0: 6, 1: 6, 2: 6], "spin \(spin)")
            XCTAssertEqual(result.threads, 3, "three threads: the caller and two helpers")
            team.close()
        }
    }

    /// A helper starts on another CPU than its creator's but is not pinned there: by the
    /// time it runs a job it may use every CPU its creator may (on Linux; elsewhere the
    /// count is 0 on both sides).
    func testHelpersMayRunOnEveryCPUTheirCreatorMay() {
        final class Allowed: @unchecked Sendable {
            let lock = NSLock()
            var counts: [Int: Int32] = [:]
        }
        let team = WorkerTeam(workers: 3)
        defer { team.close() }
        let allowed = Allowed()
        team.run { worker in
            let count = sharelint_thread_allowed_cpus()
            allowed.lock.lock()
            allowed.counts[worker] = count
            allowed.lock.unlock()
        }
        let caller = sharelint_thread_allowed_cpus()
        XCTAssertEqual(allowed.counts, [0: caller, 1: caller, 2: caller])
        #if os(Linux)
        XCTAssertGreaterThan(caller, 0)
        #endif
    }

    /// A run makes a team for a directory or several paths with `--jobs` above 1, and none
    /// for one file or standard input (no thread is started for them).
    func testOnlyRunsWithSeveralFilesMakeATeam() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.share.yaml").path
        try Data("schemaVersion: 1\n".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertTrue(SharelintCommand.needsTeam(paths: [directory.path], jobs: 2))
        XCTAssertTrue(SharelintCommand.needsTeam(paths: [], jobs: 2))
        XCTAssertTrue(SharelintCommand.needsTeam(paths: [file, file], jobs: 2))
        XCTAssertFalse(SharelintCommand.needsTeam(paths: [file], jobs: 2))
        XCTAssertFalse(SharelintCommand.needsTeam(paths: ["-"], jobs: 2))
        XCTAssertFalse(SharelintCommand.needsTeam(paths: [file, "-"], jobs: 2))
        XCTAssertFalse(SharelintCommand.needsTeam(paths: [directory.path], jobs: 1))
    }

    /// The first helper runs the prelude once, before its first job; the caller does not
    /// wait for it to start its own share, and the other helpers do not run it.
    func testThePreludeRunsOnTheFirstHelperBeforeItsFirstJob() {
        final class Events: @unchecked Sendable {
            let lock = NSLock()
            var list: [String] = []
            func add(_ event: String) { lock.lock(); list.append(event); lock.unlock() }
        }
        let events = Events()
        let team = WorkerTeam(workers: 3, prelude: {
            usleep(100_000)
            events.add("prelude")
        })
        team.run { worker in
            events.add("job \(worker)")
        }
        team.run { worker in
            if worker == 1 { events.add("second job 1") }
        }
        team.close()
        let list = events.list
        XCTAssertEqual(list.filter { $0 == "prelude" }.count, 1)
        // The caller's share ran while the prelude was still sleeping.
        XCTAssertLessThan(list.firstIndex(of: "job 0") ?? .max, list.firstIndex(of: "prelude") ?? -1)
        // The first helper took its first job only once the prelude was done.
        XCTAssertLessThan(list.firstIndex(of: "prelude") ?? .max, list.firstIndex(of: "job 1") ?? -1)
        XCTAssertEqual(Set(list), ["prelude", "job 0", "job 1", "job 2", "second job 1"])
    }

    /// A team of one has no helpers: the caller runs the only share.
    func testATeamOfOneRunsOnTheCaller() {
        let team = WorkerTeam(workers: 1)
        let tally = Tally()
        team.run { tally.record($0) }
        team.close()
        XCTAssertEqual(tally.snapshot.counts, [0: 1])
        XCTAssertEqual(tally.snapshot.threads, 1)
    }
}
