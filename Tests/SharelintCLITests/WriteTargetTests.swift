import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A write touches only what it was asked to write: `--output`, `--write-baseline`,
/// `--stamp` and `preview --output` never name a file the run reads; a stamp is only ever
/// an empty file sharelint made; a replaced file keeps what the user had; and no value
/// from an option or `.sharelint.yml` can start a line on standard error.
final class WriteTargetTests: XCTestCase {
    private var dir: URL!
    /// An error on line 3 (public.pgn).
    private let broken = "schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n"
    private let good = "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n"

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-writes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func write(_ text: String, _ name: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func read(_ name: String) -> String? {
        (try? Data(contentsOf: dir.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: destinations that are read

    /// `--stamp` naming the share file that fails: it was deleted; now the run refuses
    /// (exit 2) and the file stays. The same for `.sharelint.yml`.
    func testStampNamingAnInputIsRefusedAndTheInputKept() throws {
        try write(broken, "shares/x.share.yaml")
        try write("rules:\n  insecure-url: info\n", ".sharelint.yml")
        for stamp in ["shares/x.share.yaml", "./shares/x.share.yaml", ".sharelint.yml"] {
            let result = try CLI.run(["validate", "--stamp", stamp, "shares/x.share.yaml"], in: dir)
            XCTAssertEqual(result.status, 2, "\(stamp): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--stamp"), result.stderr)
        }
        XCTAssertEqual(read("shares/x.share.yaml"), broken, "the share file is kept")
        XCTAssertEqual(read(".sharelint.yml"), "rules:\n  insecure-url: info\n", "the configuration is kept")
    }

    /// An empty share file named as the stamp is refused as an input too (it is empty, so
    /// the rule "remove only an empty file" alone would not keep it).
    func testEmptyInputAsStampIsKept() throws {
        try write("", "empty.share.yaml")
        let result = try CLI.run(["validate", "--stamp", "empty.share.yaml", "empty.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("is the input file"), result.stderr)
        XCTAssertNotNil(read("empty.share.yaml"), "the empty share file is still there")
    }

    /// Every file the run reads is protected from every destination option.
    func testEveryReadFileIsProtectedFromEveryDestination() throws {
        try write("schemaVersion: 1\nmetadata:\n  title: hi\n  linkPresentation:\n    title: hi\n    icon: poster.png\nitems:\n  - text: hi\n",
                  "a.share.yaml")
        // A PNG signature and an IHDR, enough for the content sniffer.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
        try Data(png).write(to: dir.appendingPathComponent("poster.png"))
        try write("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleName</key><string>x</string></dict></plist>\n",
                  "Info.plist")
        try write("rules:\n  insecure-url: warning\n", ".sharelint.yml")
        _ = try CLI.run(["validate", "--write-baseline", "baseline.json", "a.share.yaml"], in: dir)
        let baseline = try XCTUnwrap(read("baseline.json"))
        let kept: [String: String] = ["a.share.yaml": try XCTUnwrap(read("a.share.yaml")), "Info.plist": try XCTUnwrap(read("Info.plist")),
                                      ".sharelint.yml": try XCTUnwrap(read(".sharelint.yml")), "baseline.json": baseline]
        let reading = ["--baseline", "baseline.json", "--info-plist", "Info.plist", "a.share.yaml"]
        for target in ["a.share.yaml", "Info.plist", ".sharelint.yml", "baseline.json", "poster.png"] {
            let runs: [(String, [String])] = [
                ("--output", ["validate", "--output", target] + reading),
                ("--output", ["preview", "--output", target] + reading),
                // --write-baseline goes without --baseline: then it may rewrite the baseline.
                ("--write-baseline", ["validate", "--write-baseline", target, "--info-plist", "Info.plist", "a.share.yaml"]),
            ]
            for (option, arguments) in runs where !(option == "--write-baseline" && target == "baseline.json") {
                let result = try CLI.run(arguments, in: dir)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("\(option) \(target)") && result.stderr.contains("overwrite"), result.stderr)
            }
        }
        for (name, text) in kept { XCTAssertEqual(read(name), text, "\(name) was changed") }
        XCTAssertEqual(Array(try Data(contentsOf: dir.appendingPathComponent("poster.png"))), png, "the image was changed")
        // A new file, or one nothing reads, is written as before.
        XCTAssertNotEqual(try CLI.run(["validate", "--output", "report.txt", "a.share.yaml"], in: dir).status, 2)
        XCTAssertNotNil(read("report.txt"))
    }

    // MARK: stamps

    /// A stamp is an empty file: a path holding a file with content is refused, and so is
    /// a FIFO (at once: it is never opened) or a symlink; a failed run removes only an
    /// empty stamp.
    func testStampIsOnlyEverAnEmptyFile() throws {
        try write(broken, "broken.share.yaml")
        try write("notes I keep\n", "notes.txt")
        let withContent = try CLI.run(["validate", "--stamp", "notes.txt", "broken.share.yaml"], in: dir)
        XCTAssertEqual(withContent.status, 2, withContent.stderr)
        XCTAssertTrue(withContent.stderr.contains("is not empty"), withContent.stderr)
        XCTAssertEqual(read("notes.txt"), "notes I keep\n")

        XCTAssertEqual(mkfifo(dir.appendingPathComponent("fifo").path, 0o644), 0)
        let started = Date()
        let fifo = try CLI.run(["validate", "--stamp", "fifo", "broken.share.yaml"], in: dir)
        XCTAssertEqual(fifo.status, 2, fifo.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "a FIFO stamp blocked the run")
        XCTAssertTrue(fifo.stderr.contains("not a regular file"), fifo.stderr)

        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: "notes.txt")
        XCTAssertEqual(try CLI.run(["validate", "--stamp", "link", "broken.share.yaml"], in: dir).status, 2)
        XCTAssertEqual(read("notes.txt"), "notes I keep\n")

        try write("", "stamp")
        XCTAssertEqual(try CLI.run(["validate", "--stamp", "stamp", "broken.share.yaml"], in: dir).status, 1)
        XCTAssertNil(read("stamp"), "a failed run removes an empty stamp")
    }

    // MARK: replacing a file

    /// A file whose bytes change after they were read (an editor saving it in place) is
    /// not replaced: the edit is kept, the run says so and exits 1.
    func testAnEditDuringTheFixIsKept() throws {
        // The edit lands between the read and the rename: a fix of a large file takes long
        // enough, and the edit is written in place (same inode), as `>` or an editor does.
        var text = "schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n"
        text += String(repeating: "  - text: \"padding line to make the file large, padding\"\n", count: 60_000)
        for attempt in 0..<5 {
            try write(text, "s.share.yaml")
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["validate", "--fix", "--quiet", "--max-file-size", "10000000", "s.share.yaml"]
            process.currentDirectoryURL = dir
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            // Overwritten in place while the fix runs.
            usleep(useconds_t(150_000 + attempt * 100_000))
            let edited = "schemaVersion: 1\nmetadata:\n  title: edited by the author\n"
            let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("s.share.yaml"))
            try handle.truncate(atOffset: 0)
            handle.write(Data(edited.utf8))
            try handle.close()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if stderr.contains("changed while it was being fixed") {
                XCTAssertEqual(read("s.share.yaml"), edited, "the author's edit was lost")
                XCTAssertEqual(process.terminationStatus, 1, stderr)
                return
            }
            // The fix finished before the edit: the edit is what stands, as it came last.
            XCTAssertEqual(read("s.share.yaml"), edited)
        }
        throw XCTSkip("the fix never overlapped the edit on this machine (5 tries)")
    }

    /// A file with two hard links is left alone with the reason (a replacement would split
    /// them), and the run exits 1.
    func testHardLinkedFileIsLeftAlone() throws {
        try write("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n", "s.share.yaml")
        XCTAssertEqual(link(dir.appendingPathComponent("s.share.yaml").path, dir.appendingPathComponent("other.yaml").path), 0)
        let result = try CLI.run(["validate", "--fix", "s.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("hard links"), result.stderr)
        XCTAssertEqual(read("s.share.yaml"), read("other.yaml"))
        XCTAssertTrue(read("s.share.yaml")?.contains("mesageBody") == true)
    }

    /// Run as root, `--fix` leaves another user's file that user's, with its mode.
    func testFixKeepsOwnerGroupAndMode() throws {
        guard geteuid() == 0 else { throw XCTSkip("only root can give a file to another user") }
        let path = dir.appendingPathComponent("s.share.yaml").path
        try write("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n", "s.share.yaml")
        XCTAssertEqual(chown(path, 4321, 8765), 0)
        XCTAssertEqual(chmod(path, 0o600), 0)
        let result = try CLI.run(["validate", "--fix", "s.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(read("s.share.yaml")?.contains("messageBody") == true)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_uid, 4321)
        XCTAssertEqual(info.st_gid, 8765)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
    }

    /// Extended attributes are copied to the fixed file.
    func testFixKeepsExtendedAttributes() throws {
        let path = dir.appendingPathComponent("s.share.yaml").path
        try write("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n", "s.share.yaml")
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("python3 sets and reads the extended attribute here; it is missing")
        }
        func attributes() throws -> String {
            let script = "import os,sys\ntry:\n print(sorted((n, os.getxattr(sys.argv[1], n).decode()) for n in os.listxattr(sys.argv[1])))\n"
                + "except OSError as e:\n print('unsupported', e); sys.exit(3)"
            let out = try CLI.run(["-c", script, path], in: dir, executable: python)
            if out.status == 3 { throw XCTSkip("this file system keeps no extended attributes: \(out.stdout)") }
            return out.stdout
        }
        let set = try CLI.run(["-c", "import os,sys\ntry: os.setxattr(sys.argv[1], 'user.sharelint.test', b'kept')\nexcept OSError: sys.exit(3)", path],
                              in: dir, executable: python)
        guard set.status == 0 else { throw XCTSkip("this file system takes no user extended attribute") }
        let before = try attributes()
        XCTAssertTrue(before.contains("user.sharelint.test"), before)
        XCTAssertEqual(try CLI.run(["validate", "--fix", "s.share.yaml"], in: dir).status, 0)
        XCTAssertTrue(read("s.share.yaml")?.contains("messageBody") == true)
        XCTAssertEqual(try attributes(), before)
    }

    /// A legal 245-byte Chinese name: the temporary file's name is cut in bytes, at a
    /// character, so it fits the 255-byte limit.
    func testLongChineseNameIsFixed() throws {
        let name = String(repeating: "海", count: 78) + ".share.yaml"
        XCTAssertEqual(name.utf8.count, 245)
        try write("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n", name)
        let result = try CLI.run(["validate", "--fix", name], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(read(name)?.contains("messageBody") == true, result.stderr)
    }

    /// A fix never writes a file over the size limit the next run would refuse to read.
    func testFixNeverWritesPastTheSizeLimit() throws {
        // Without schemaVersion, whose fix adds a line: 17 bytes more than the file has.
        let text = "metadata:\n  title: t\nitems:\n  - text: x\n"
        try write(text, "s.share.yaml")
        let result = try CLI.run(["validate", "--fix", "--max-file-size", "\(text.utf8.count + 5)", "s.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("over the size limit"), result.stderr)
        XCTAssertEqual(read("s.share.yaml"), text)
    }

    /// Under a file-size limit with SIGXFSZ at its default (the process used to die by it,
    /// status 153), the write fails as on a full disk: exit 3, no temporary file left.
    func testFileSizeLimitWithoutTrapExitsThree() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { throw XCTSkip("/bin/sh is needed to set a file-size limit") }
        guard ProcessInfo.processInfo.environment["SHARELINT_SANITIZED"] == nil else {
            throw XCTSkip("a sanitizer's runtime cannot run under a file-size limit")
        }
        var text = "schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n"
        while text.utf8.count < 300_000 { text += "  - text: \"padding line to make the file large\"\n" }
        try write(text, "big.share.yaml")
        let binary = CLI.binary.path.replacingOccurrences(of: "'", with: "'\\''")
        let result = try CLI.run(["-c", "ulimit -f 200; exec '\(binary)' validate --fix big.share.yaml"], in: dir, executable: "/bin/sh")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(read("big.share.yaml"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["big.share.yaml"], "no temporary file is left")
    }

    // MARK: one escaping

    /// A line break in a `.sharelint.yml` value or in an option's value is shown as `\n`:
    /// no input starts a line of its own (a `::warning` annotation, say).
    func testNoValueStartsALineOnStandardError() throws {
        try write(good, "a.share.yaml")
        try write("rules:\n  \"x\\n::warning file=a.share.yaml::forged\": error\n", ".sharelint.yml")
        let configured = try CLI.run(["validate", "a.share.yaml"], in: dir)
        XCTAssertEqual(configured.status, 2, configured.stderr)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".sharelint.yml"))
        let option = try CLI.run(["validate", "--output", "missing\n::error file=a.share.yaml::forged/report.txt", "a.share.yaml"], in: dir)
        XCTAssertEqual(option.status, 2, option.stderr)
        let root = try CLI.run(["validate", "--root", "nowhere\n::error::forged", "a.share.yaml"], in: dir)
        XCTAssertNotEqual(root.status, 0)
        for result in [configured, option, root] {
            for line in result.stderr.split(separator: "\n") {
                XCTAssertTrue(line.hasPrefix("sharelint: ") || line.hasPrefix(".sharelint.yml:"), "a line an input started: \(line)")
                XCTAssertFalse(line.hasPrefix("::"), "a forged annotation: \(line)")
            }
            XCTAssertTrue(result.stderr.contains("\\n::"), "the line break is shown as an escape: \(result.stderr)")
        }
    }

    // MARK: names

    /// A share file or a directory whose name is not valid UTF-8 is reported, escaped,
    /// never skipped: the run fails.
    func testNamesThatAreNotUTF8AreReported() throws {
        let bad: [UInt8] = Array("a".utf8) + [0xFF] + Array(".share.yaml".utf8)
        let badDirectory: [UInt8] = Array("d".utf8) + [0xFE]
        let path = dir.path.utf8CString.dropLast().map { UInt8(bitPattern: $0) }
        func create(_ bytes: [UInt8], directory: Bool) {
            let full = path + [UInt8(ascii: "/")] + bytes + [0]
            full.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name in
                    if directory {
                        XCTAssertEqual(mkdir(name.baseAddress!, 0o755), 0)
                    } else {
                        let fd = open(name.baseAddress!, O_WRONLY | O_CREAT, 0o644)
                        XCTAssertGreaterThanOrEqual(fd, 0)
                        _ = Array(good.utf8).withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
                        close(fd)
                    }
                }
            }
        }
        create(bad, directory: false)
        create(badDirectory, directory: true)
        try write(good, "fine.share.yaml")
        let result = try CLI.run(["validate", "--color", "never", "."], in: dir)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("a\\xFF.share.yaml:1:1: error:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("d\\xFE:1:1: error:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("not valid UTF-8"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{FFFD}"), result.stdout)
    }
}
