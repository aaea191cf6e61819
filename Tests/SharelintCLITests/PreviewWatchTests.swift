import Foundation
import XCTest
@testable import SharelintCLI
import ShareLintKit

/// `preview --watch`: what counts as a change, and the options it needs. The run itself
/// (a child process redrawing the page, read back by Chromium, stopped by SIGINT) is
/// `PreviewTests.testWatchRedrawsThePageAndStopsOnSIGINT`.
final class PreviewWatchTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Starts `sharelint preview --watch --output page.html PATH` in `dir`, its standard
    /// error going to `log` (made empty first).
    static func startWatch(_ path: String, in dir: URL, log: URL) throws -> Process {
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["preview", "--watch", "--output", "page.html", path]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        return process
    }

    /// Waits up to 20 s for the watch's first page, which must come.
    static func waitForTheFirstPage(_ page: URL) {
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: page.path), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "the first page is drawn")
    }

    private func modificationDate(_ url: URL) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    private func setModificationDate(_ date: Date, _ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    func testChangesAreNoticedAndUnchangedFilesAreNot() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.share.yaml"), b = dir.appendingPathComponent("b.png")
        let missing = dir.appendingPathComponent("later.png")
        try Data("hello".utf8).write(to: a)
        try Data("world".utf8).write(to: b)
        var watched = WatchedFiles(paths: [a.path, b.path, missing.path], earlier: nil)
        XCTAssertFalse(watched.changed(), "nothing changed: no redraw")
        XCTAssertFalse(watched.changed())

        // The modification time alone.
        try setModificationDate(try modificationDate(a).addingTimeInterval(10), a)
        XCTAssertTrue(watched.changed(), "a new modification time")
        XCTAssertFalse(watched.changed(), "noticed once")

        // The size, with the modification time put back.
        let mtime = try modificationDate(a)
        try Data("hello, world".utf8).write(to: a)
        try setModificationDate(mtime, a)
        XCTAssertTrue(watched.changed(), "a new size")
        XCTAssertFalse(watched.changed())

        // Another file renamed over it (an editor's save): same size, same modification time.
        let bTime = try modificationDate(b)
        let replacement = dir.appendingPathComponent("b.tmp")
        try Data("w0rld".utf8).write(to: replacement)
        try setModificationDate(bTime, replacement)
        XCTAssertEqual(rename(replacement.path, b.path), 0)
        XCTAssertTrue(watched.changed(), "a new inode")
        XCTAssertFalse(watched.changed())

        // An image that appears, then goes away.
        try Data("png".utf8).write(to: missing)
        XCTAssertTrue(watched.changed(), "a file that appeared")
        XCTAssertFalse(watched.changed())
        try FileManager.default.removeItem(at: missing)
        XCTAssertTrue(watched.changed(), "a file that went away")
        XCTAssertFalse(watched.changed())
    }

    func testAChangeWhileThePageIsDrawnIsNotLost() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("a.share.yaml")
        try Data("one".utf8).write(to: share)
        // Looked at before the draw; the file changes while it is read; the list made after
        // the draw keeps the earlier stamp, so the next look sees the change.
        let before = WatchedFiles(paths: [share.path, dir.path], earlier: nil)
        try Data("two, longer".utf8).write(to: share)
        var watched = WatchedFiles(paths: [share.path, dir.path], earlier: before)
        XCTAssertTrue(watched.changed())
        // A directory is looked at after the draw: the page written beside it is not a change.
        let page = dir.appendingPathComponent("page.html")
        let before2 = WatchedFiles(paths: [share.path, dir.path], earlier: nil)
        try Data("<html>".utf8).write(to: page)
        var watched2 = WatchedFiles(paths: [share.path, dir.path], earlier: before2)
        XCTAssertFalse(watched2.changed(), "the page's own write does not redraw it")
        // A new file in the directory does.
        try Data("three".utf8).write(to: dir.appendingPathComponent("b.share.yaml"))
        XCTAssertTrue(watched2.changed())
    }

    func testWatchNeedsAnOutputFileAndPreview() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("schemaVersion: 1\nmetadata:\n  title: x\nitems:\n  - text: hi\n".utf8).write(to: dir.appendingPathComponent("x.share.yaml"))
        for arguments in [["preview", "--watch", "x.share.yaml"],
                          ["preview", "--watch", "--output", "-", "x.share.yaml"],
                          ["preview", "--watch", "--output", "page.html", "-"],
                          ["preview", "--watch", "--output", "page.html", "--fix", "x.share.yaml"],
                          ["preview", "--watch", "--output", "page.html", "--statistics", "x.share.yaml"],
                          ["validate", "--watch", "x.share.yaml"]] {
            let result = try CLI.run(arguments, in: dir)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--watch"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("page.html").path))
    }

    func testWatchedPathsAreShareFilesImagesInsideTheRootAndDirectoriesOnce() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = try XCTUnwrap(realpath(dir.path, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        })
        let yaml = "schemaVersion: 1\nitems:\n  - text: hi\n    metadata:\n      title: x\n    previews:\n      thumbnail: icon.png\n"
        var options = LintOptions()
        options.includesDestinations = true
        let linter = Linter(options: options)
        let files = FileInspector(RootedFileSystem(root: root))
        let a = linter.lint(bytes: Array(yaml.utf8), displayPath: root + "/a.share.yaml", directory: root, files: files)
        let b = linter.lint(bytes: Array(yaml.replacingOccurrences(of: "icon.png", with: "../outside.png").utf8),
                            displayPath: root + "/b.share.yaml", directory: root, files: files)
        let c = linter.lint(bytes: Array(yaml.utf8), displayPath: root + "/c.share.yaml", directory: root, files: files)
        let paths = PreviewWatch.watchedPaths(LintRun(files: [a, b, c]), root: root, named: [root, "-"])
        XCTAssertEqual(paths, [root + "/a.share.yaml", root + "/b.share.yaml", root + "/c.share.yaml", root, root + "/icon.png"],
                       "the missing icon is watched (once), the one outside the root is not, the directory once")
    }

    func testAnImageThatAppearsIsRedrawnOnceAndSIGTERMEndsTheWatch() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Its thumbnail is missing at first.
        let yaml = "schemaVersion: 1\nitems:\n  - text: hi\n    metadata:\n      title: x\n    previews:\n      thumbnail: icon.png\n"
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("x.share.yaml"))
        let log = dir.appendingPathComponent("stderr.txt"), page = dir.appendingPathComponent("page.html")
        // "." is watched too: the page written into it must not count as a change.
        let process = try Self.startWatch(".", in: dir, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        Self.waitForTheFirstPage(page)
        func redraws() -> Int { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "redrawn").count - 1 }
        usleep(1_600_000) // three looks or more
        XCTAssertEqual(redraws(), 0, "nothing changed, nothing redrawn")
        XCTAssertFalse(try String(contentsOf: page, encoding: .utf8).contains("data:image/png"))
        // The image appears: one redraw, which shows it (the page written then is not a change either).
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/app-icon.png"),
                                         to: dir.appendingPathComponent("icon.png"))
        let editDeadline = Date().addingTimeInterval(15)
        while redraws() == 0, Date() < editDeadline { usleep(50_000) }
        usleep(1_600_000)
        XCTAssertEqual(redraws(), 1, "one change, one redraw")
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).contains("data:image/png"), "the new image is drawn")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGTERM, "ended by SIGTERM (a shell shows status 143)")
        let messages = try String(contentsOf: log, encoding: .utf8)
        // The summary line `preview` writes without --watch: the same counts.
        XCTAssertTrue(messages.contains("drew page.html: 1 error in 1 file (1 document)"), messages)
        XCTAssertTrue(messages.contains("redrawn page.html: no problems in 1 file (1 document)"), messages)
        XCTAssertTrue(messages.contains("terminated (SIGTERM)"), messages)
    }

    /// A `.sharelint.yml` that turns bad during the watch is said on standard error and the
    /// watch goes on, as for a usage error: the page is not redrawn, the process keeps running.
    func testABadConfigurationDuringTheWatchIsSaidAndTheWatchGoesOn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("schemaVersion: 1\nitems:\n  - text: hi\n".utf8).write(to: dir.appendingPathComponent("x.share.yaml"))
        let log = dir.appendingPathComponent("stderr.txt"), page = dir.appendingPathComponent("page.html")
        let process = try Self.startWatch(".", in: dir, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        Self.waitForTheFirstPage(page)
        usleep(600_000)
        // A new file in the watched directory: the next look redraws, and the configuration is bad.
        try Data("nonsense: [\n".utf8).write(to: dir.appendingPathComponent(".sharelint.yml"))
        func messages() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let badDeadline = Date().addingTimeInterval(15)
        while !messages().contains("still watching"), process.isRunning, Date() < badDeadline { usleep(50_000) }
        XCTAssertTrue(messages().contains("invalid configuration\n.sharelint.yml:1:"), messages())
        XCTAssertTrue(messages().contains("the page was not redrawn, still watching"), messages())
        XCTAssertTrue(process.isRunning, "the watch goes on: \(messages())")
    }
}
