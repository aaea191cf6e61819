import Foundation
import XCTest
@testable import SharelintCLI
@testable import ShareLintKit
import YAMLSyntax

/// `--fix` never loses or misplaces data: positions count every line break libyaml
/// counts, the file is replaced atomically and only while it is the file that was read,
/// bytes outside a fix stay as they were, and the diff is one `patch` applies.
final class FixSafetyTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fixsafety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: dir.appendingPathComponent(name))
    }

    private func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: dir.appendingPathComponent(name)))
    }

    /// Every line break libyaml counts, before the misspelt key: the fix lands on the key
    /// and nothing else changes (an LF-only count edited the wrong line).
    func testEveryLineBreakKindBeforeTheFixedKey() throws {
        let breaks: [(String, [UInt8])] = [("CR", [0x0D]), ("CRLF", [0x0D, 0x0A]), ("NEL", [0xC2, 0x85]),
                                           ("LS", [0xE2, 0x80, 0xA8]), ("PS", [0xE2, 0x80, 0xA9])]
        for (kind, lineBreak) in breaks {
            // The break ends a comment line, so the file's structure is the same for every kind.
            let before = Array("schemaVersion: 1\n# note".utf8) + lineBreak + Array("metadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n".utf8)
            try write(before, "a.share.yaml")
            let result = try CLI.run(["validate", "--fix", "a.share.yaml"], in: dir)
            XCTAssertTrue(result.stderr.hasPrefix("sharelint: fixed 1 problem in 1 file"), "\(kind): \(result.stderr)")
            let expected = Array("schemaVersion: 1\n# note".utf8) + lineBreak + Array("metadata:\n  title: t\n  messageBody: hi\nitems:\n  - text: x\n".utf8)
            XCTAssertEqual(try read("a.share.yaml"), expected, "\(kind): the fix misplaced")
            // The SARIF fix names the same line and text as the diagnostic.
            try write(before, "b.share.yaml")
            let sarif = try CLI.run(["validate", "--format", "sarif", "b.share.yaml"], in: dir)
            XCTAssertTrue(sarif.stdout.contains("\"insertedContent\"") && sarif.stdout.replacingOccurrences(of: " ", with: "").contains("\"startLine\":5,"), "\(kind): \(sarif.stdout)")
        }
    }

    func testTheLineTableCountsWhatLibyamlCounts() {
        let bytes = Array("a\rb\r\nc\u{85}d\u{2028}e\u{2029}f\ng".utf8)
        let table = LineTable(bytes)
        XCTAssertEqual(table.lineCount, 7)
        for (line, letter) in ["a", "b", "c", "d", "e", "f", "g"].enumerated() {
            let offset = table.byteOffset(line: line + 1, column: 1, in: bytes)
            XCTAssertEqual(offset.map { String(decoding: [bytes[$0]], as: UTF8.self) }, letter)
            XCTAssertEqual(offset.map(table.line(containing:)), line + 1)
        }
        XCTAssertEqual(table.firstBreak(in: bytes), [0x0D])
        XCTAssertNil(table.byteOffset(line: 8, column: 1, in: bytes))
        XCTAssertNil(table.byteOffset(line: 1, column: 3, in: bytes), "past the line's break")
    }

    /// Invalid UTF-8 outside a fix is written back byte for byte (a decoded text turned
    /// every invalid byte into U+FFFD).
    func testFixesEditBytesNotText() throws {
        let bytes: [UInt8] = Array("title: ".utf8) + [0xFF, 0xFE] + Array("\nmesageBody: x\n".utf8)
        let table = LineTable(bytes)
        let start = try XCTUnwrap(table.byteOffset(line: 2, column: 1, in: bytes))
        let range = SourceRange(start: SourcePosition(line: 2, column: 1), end: SourcePosition(line: 2, column: 11))
        let fix = Fix(diagnostic: Diagnostic(rule: "unknown-key", severity: .error, message: "m", range: range, document: 0, keyPath: "", suggestion: "messageBody"),
                      bytes: start..<(start + 10), range: range, replacement: "messageBody", description: .verbatim("d"))
        XCTAssertEqual(Fixer.apply([fix], to: bytes), Array("title: ".utf8) + [0xFF, 0xFE] + Array("\nmessageBody: x\n".utf8))
        // And the writer writes bytes as they are.
        let snapshot = try FileReading.snapshot("x.share.yaml", beneath: try prepare(bytes, "x.share.yaml"), limit: 1 << 20)
        XCTAssertNil(AtomicFile.write(Array(bytes.reversed()), to: .beneath(root: dir.path, relative: "x.share.yaml", expecting: snapshot)))
        XCTAssertEqual(try read("x.share.yaml"), Array(bytes.reversed()))
    }

    private func prepare(_ bytes: [UInt8], _ name: String) throws -> String {
        try write(bytes, name)
        return dir.path
    }

    /// A file swapped for a symlink (or another file) after it was read is not replaced,
    /// and what the symlink points to is never written.
    func testAFileSwappedAfterReadingIsNotReplaced() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-outside-\(UUID().uuidString)")
        try Data("secret\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let snapshot = try FileReading.snapshot("s.share.yaml", beneath: try prepare(Array("a: 1\n".utf8), "s.share.yaml"), limit: 1 << 20)
        // Moved aside, not removed: its inode stays taken, so no new file can reuse it.
        XCTAssertEqual(rename(dir.appendingPathComponent("s.share.yaml").path, dir.appendingPathComponent("kept").path), 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("s.share.yaml").path, withDestinationPath: outside.path)
        let reason = AtomicFile.write(Array("b: 2\n".utf8), to: .beneath(root: dir.path, relative: "s.share.yaml", expecting: snapshot))?.reason
        XCTAssertEqual(reason, "it was replaced or removed while it was being fixed")
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "secret\n")
        // A different file at the same name is refused too.
        try write(Array("a: 1\n".utf8), "s2.share.yaml")
        XCTAssertEqual(rename(dir.appendingPathComponent("s2.share.yaml").path, dir.appendingPathComponent("s.share.yaml").path), 0)
        XCTAssertNotNil(AtomicFile.write(Array("b: 2\n".utf8), to: .beneath(root: dir.path, relative: "s.share.yaml", expecting: snapshot)))
        XCTAssertEqual(try read("s.share.yaml"), Array("a: 1\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["kept", "s.share.yaml"], "no temporary file is left")
    }

    /// A write that fails part way (a full disk, simulated by a file-size limit) leaves
    /// the file as it was and no temporary file; the run fails with exit 3.
    func testAFailedWriteLeavesTheFileWhole() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { throw XCTSkip("/bin/sh is needed to set a file-size limit") }
        guard ProcessInfo.processInfo.environment["SHARELINT_SANITIZED"] == nil else {
            throw XCTSkip("a sanitizer's runtime cannot run under a file-size limit")
        }
        var text = "schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n"
        while text.utf8.count < 300_000 { text += "  - text: \"padding line to make the file large\"\n" }
        try write(Array(text.utf8), "big.share.yaml")
        let binary = CLI.binary.path.replacingOccurrences(of: "'", with: "'\\''")
        // 200 blocks of 512 bytes: the new file cannot be written whole. SIGXFSZ is
        // ignored, so the write fails with EFBIG, as on a full disk.
        let result = try CLI.run(["-c", "ulimit -f 200; trap '' XFSZ; exec '\(binary)' validate --fix big.share.yaml"], in: dir, executable: "/bin/sh")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("the file was left as it was"), result.stderr)
        XCTAssertEqual(try read("big.share.yaml"), Array(text.utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["big.share.yaml"], "no temporary file is left")
    }

    /// A run ended by SIGTERM or SIGKILL at any moment leaves the file whole: the
    /// original or the fixed text, never a prefix (it was truncated, then written).
    func testASignalMidWayLeavesTheFileWhole() throws {
        var text = "schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n"
        text += String(repeating: "  - text: \"padding line to make the file large, padding\"\n", count: 40_000)
        let original = Array(text.utf8)
        let fixed = Array(text.replacingOccurrences(of: "mesageBody", with: "messageBody").utf8)
        for (round, signal) in [SIGTERM, SIGKILL, SIGTERM, SIGKILL, SIGTERM, SIGKILL].enumerated() {
            try write(original, "s.share.yaml")
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["validate", "--fix", "--quiet", "--max-file-size", "10000000", "s.share.yaml"]
            process.currentDirectoryURL = dir
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From early in the lint to around the write: the moments differ per round.
            usleep(UInt32(100_000 + round * 250_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let now = try read("s.share.yaml")
            XCTAssertTrue(now == original || now == fixed, "round \(round): \(now.count) bytes, neither the file nor its fix")
            // After SIGTERM the temporary file is removed; SIGKILL may leave one beside it.
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "s.share.yaml" }
            if signal == SIGTERM { XCTAssertEqual(left, [], "round \(round)") }
            for name in left { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
        }
    }

    /// The fixed file keeps its permissions.
    func testTheFixedFileKeepsItsMode() throws {
        try write(Array("schemaVersion: 1\nmetadata:\n  mesageBody: hi\n".utf8), "m.share.yaml")
        let path = dir.appendingPathComponent("m.share.yaml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        _ = try CLI.run(["validate", "--fix", "m.share.yaml"], in: dir)
        XCTAssertEqual(try read("m.share.yaml"), Array("schemaVersion: 1\nmetadata:\n  messageBody: hi\n".utf8))
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)
    }

    /// `--write-baseline` and `--output` refuse a file that is linted.
    func testABaselineNeverReplacesAnInput() throws {
        let text = Array("schemaVersion: 1\nitems:\n  - url: http://example.com/\n".utf8)
        try write(text, "x.share.yaml")
        let result = try CLI.run(["validate", "--write-baseline", "x.share.yaml", "x.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--write-baseline x.share.yaml is the input file"), result.stderr)
        XCTAssertEqual(try read("x.share.yaml"), text)
    }

    /// The missing `schemaVersion` goes above the comments that suppress something on the
    /// next line, ended as the file ends its lines; fixes go on until none is left.
    func testInsertionKeepsSuppressionsAndLineEnds() throws {
        try write(Array("# sharelint-disable-next-line insecure-url\r\nitems:\r\n  - url: http://example.com/\r\n".utf8), "c.share.yaml")
        _ = try CLI.run(["validate", "--fix", "c.share.yaml"], in: dir)
        XCTAssertEqual(String(decoding: try read("c.share.yaml"), as: UTF8.self),
                       "schemaVersion: 1\r\n# sharelint-disable-next-line insecure-url\r\nitems:\r\n  - url: http://example.com/\r\n")
        // Five rounds deep: each fixed key reveals the next.
        try write(Array("schemaVersion: 1\nitmes:\n  - text: x\n    metdata:\n      linkPresentaton:\n        titel: yes\n".utf8), "d.share.yaml")
        let fix = try CLI.run(["validate", "--fix", "d.share.yaml"], in: dir)
        let fixed = String(decoding: try read("d.share.yaml"), as: UTF8.self)
        XCTAssertEqual(fixed, "schemaVersion: 1\nitems:\n  - text: x\n    metadata:\n      linkPresentation:\n        title: \"yes\"\n", fix.stderr)
        let diff = try CLI.run(["validate", "--diff", "d.share.yaml"], in: dir)
        XCTAssertEqual(diff.stdout, "", "--diff right after --fix finds nothing")
        XCTAssertEqual(diff.status, 0)
    }

    /// `--diff` prints a hunk per change with three lines of context, and `patch` applies
    /// it to a CRLF file.
    func testDiffHunksAreMinimalAndApplyToCRLFFiles() throws {
        var lines = ["schemaVersion: 1", "metadata:", "  titel: x"]
        lines += (1...20).map { "# line \($0)" }
        lines += ["items:", "  - text: x", "    typ: public.plain-text"]
        let text = lines.joined(separator: "\r\n") + "\r\n"
        try write(Array(text.utf8), "e.share.yaml")
        let diff = try CLI.run(["validate", "--diff", "e.share.yaml"], in: dir)
        XCTAssertEqual(diff.status, 1)
        let hunks = diff.stdout.unicodeScalars.split(separator: "\n").map { String($0) }.filter { $0.hasPrefix("@@") }
        XCTAssertEqual(hunks, ["@@ -1,6 +1,6 @@", "@@ -23,4 +23,4 @@"])
        XCTAssertFalse(diff.stdout.contains("# line 10"), "an unchanged line far from any fix is not in the diff")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { throw XCTSkip("patch is not installed: the apply half needs it") }
        try Data(diff.stdout.utf8).write(to: dir.appendingPathComponent("e.patch"))
        let patch = try CLI.run(["-s", "e.share.yaml", "e.patch"], in: dir, executable: "/usr/bin/patch")
        XCTAssertEqual(patch.status, 0, patch.stderr + patch.stdout)
        _ = try CLI.run(["validate", "--fix", "e.share.yaml"], in: dir)
        let fixed = try read("e.share.yaml")
        try write(Array(text.utf8), "f.share.yaml")
        _ = try CLI.run(["-s", "f.share.yaml", "e.patch"], in: dir, executable: "/usr/bin/patch")
        XCTAssertEqual(try read("f.share.yaml"), fixed, "the patch and --fix agree")
    }

    /// File names in notes and diff headers are shown escaped, never raw.
    func testNamesAreEscapedInNotesAndDiffs() throws {
        let name = "evil\u{1B}]0;x\u{07}\u{202E}.share.yaml"
        try write(Array("schemaVersion: 1\nmetadata:\n  mesageBody: hi\n".utf8), "t.yaml")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(name).path, withDestinationPath: "t.yaml")
        let link = try CLI.run(["validate", "--fix", name], in: dir)
        XCTAssertFalse(link.stderr.contains("\u{1B}"), link.stderr)
        XCTAssertTrue(link.stderr.contains("evil\\e]0;x\\u{7}\\u{202E}.share.yaml: not fixed: it is a symlink"), link.stderr)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
        try write(Array("schemaVersion: 1\nmetadata:\n  mesageBody: hi\n".utf8), name)
        let diff = try CLI.run(["validate", "--diff", name], in: dir)
        XCTAssertFalse(diff.stdout.contains("\u{1B}") || diff.stdout.contains("\u{202E}"), diff.stdout)
        XCTAssertTrue(diff.stdout.hasPrefix("--- a/evil\\e]0;x\\u{7}\\u{202E}.share.yaml\n"), diff.stdout)
    }
}

/// A fix is applied only when linting the fixed text proves it: its diagnostic gone, no
/// new problem on the value, its entry or the entry's other values.
final class FixProofTests: XCTestCase {
    func testUnprovenFixesStaySuggestions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fixproof-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for asset in ["qr-poster.png", "qr-poster.jpg"] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/\(asset)"), to: dir.appendingPathComponent(asset))
        }
        let text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - type: public.jpg\n    file: qr-poster.png\n  - type: image/jpeg\n    file: qr-poster.jpg\nexcludedActivityTypes: [message, mesage, saveToCameraRoll]\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("p.share.yaml"))
        let fix = try CLI.run(["validate", "--fix", "--no-header", "p.share.yaml"], in: dir)
        // public.jpeg would contradict the PNG bytes; message would repeat an entry: both
        // stay suggestions. The MIME type becomes its type identifier.
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("p.share.yaml"), encoding: .utf8),
                       text.replacingOccurrences(of: "type: image/jpeg", with: "type: public.jpeg"))
        // Each refusal is said, then the count.
        let notes = fix.stderr.split(separator: "\n")
        XCTAssertEqual(notes.count, 3, fix.stderr)
        XCTAssertTrue(notes.first?.hasPrefix("sharelint: p.share.yaml:5:11: not fixed [unknown-type]: writing 'public.jpeg' here") == true, fix.stderr)
        XCTAssertTrue(notes.dropFirst().first?.hasPrefix("sharelint: p.share.yaml:9:34: not fixed [unknown-activity-type]: writing 'message' here") == true, fix.stderr)
        XCTAssertTrue(notes.last?.hasPrefix("sharelint: fixed 1 problem in 1 file") == true, fix.stderr)
        XCTAssertTrue(fix.stdout.contains("did you mean 'public.jpeg'? [unknown-type]"), fix.stdout)
        XCTAssertTrue(fix.stdout.contains("did you mean 'message'? [unknown-activity-type]"), fix.stdout)
        XCTAssertFalse(fix.stdout.contains("[content-type-mismatch]") || fix.stdout.contains("[duplicate-activity-type]"), fix.stdout)
        // The PNG declared as JPEG gets one message, about its type, not advice to rename it.
        try Data("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - type: public.jpeg\n    file: qr-poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n".utf8)
            .write(to: dir.appendingPathComponent("q.share.yaml"))
        let lint = try CLI.run(["validate", "--no-header", "q.share.yaml"], in: dir)
        XCTAssertTrue(lint.stdout.contains("[content-type-mismatch]"), lint.stdout)
        XCTAssertFalse(lint.stdout.contains("[extension-mismatch]"), lint.stdout)
    }

    func testTheEntryOfAKeyPath() {
        XCTAssertEqual(FixProof.parent(of: "items[0].type"), "items[0]")
        XCTAssertEqual(FixProof.parent(of: "excludedActivityTypes[2]"), "excludedActivityTypes")
        XCTAssertEqual(FixProof.parent(of: "metadata"), "")
    }
}

/// Full-width punctuation typed with an input method is fixed to its ASCII text, on CRLF
/// lines with CJK text around it, and nothing else changes.
final class FixPunctuationTests: XCTestCase {
    func testFullWidthPunctuationIsFixed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fixime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "schemaVersion: 1\r\nmetadata：\r\n  title： 邀请好友\r\nitems:\r\n\u{3000} - text: 扫码，进入\r\nexcludedActivityTypes: [airDrop，print]\r\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("ime.share.yaml"))
        let fix = try CLI.run(["validate", "--fix", "--no-header", "ime.share.yaml"], in: dir)
        XCTAssertTrue(fix.stderr.hasPrefix("sharelint: fixed 4 problems in 1 file"), fix.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("ime.share.yaml"), encoding: .utf8),
                       "schemaVersion: 1\r\nmetadata:\r\n  title: 邀请好友\r\nitems:\r\n  - text: 扫码，进入\r\nexcludedActivityTypes: [airDrop, print]\r\n")
        XCTAssertFalse(fix.stdout.contains("full-width-punctuation"), fix.stdout)
    }
}

/// SARIF's `fixes` come from the bytes that were linted: the file is never read again by
/// its path (a file swapped for a symlink meanwhile put bytes from outside the root in
/// the report).
final class SARIFFixSourceTests: XCTestCase {
    func testFixesComeFromTheLintedBytesNotThePath() throws {
        var options = LintOptions()
        options.keepsText = true
        let bytes = Array("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n".utf8)
        // No file has this path: only the linted bytes can give the fix.
        let report = Linter(options: options).lint(bytes: bytes, displayPath: "nowhere/gone.share.yaml", directory: "nowhere",
                                                   files: InMemoryFileSystem())
        XCTAssertNotNil(report.text)
        let linter = Linter(options: options)
        let lint: @Sendable ([UInt8], String) -> FileReport = { bytes, path in
            linter.lint(bytes: bytes, displayPath: path, directory: "nowhere", files: InMemoryFileSystem())
        }
        let attached = AdoptionOptions.attachingFixes(stdinName: "<stdin>", lint: lint)(report)
        XCTAssertEqual(attached.fixes.map(\.replacement), ["messageBody"])
        XCTAssertNil(attached.text, "the text is dropped once the fixes are made")
        // Standard input gets none, as before.
        XCTAssertEqual(AdoptionOptions.attachingFixes(stdinName: "nowhere/gone.share.yaml", lint: lint)(report).fixes.count, 0)
    }
}

/// No silent refusals: a file saved with a UTF-8 byte order mark is fixed and keeps its
/// mark; a UTF-16 file is not fixed, and `--fix` and `--diff` say why.
final class FixEncodingTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fixenc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testAByteOrderMarkIsKeptAndTheFileFixed() throws {
        let text = "metadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n"
        let file = dir.appendingPathComponent("bom.share.yaml")
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: file)
        let diff = try CLI.run(["validate", "--diff", "bom.share.yaml"], in: dir)
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.stderr.contains("2 fixes available in 1 file"), diff.stderr)
        let fixed = try CLI.run(["validate", "--fix", "bom.share.yaml"], in: dir)
        XCTAssertTrue(fixed.stderr.hasPrefix("sharelint: fixed 2 problems in 1 file"), fixed.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: file)),
                       [0xEF, 0xBB, 0xBF] + Array("schemaVersion: 1\nmetadata:\n  title: t\n  messageBody: hi\nitems:\n  - text: x\n".utf8))
    }

    /// A fix the proof refuses (a rename onto a key that is there) stays a suggestion, and
    /// --diff and --fix say where and why, in the run's language.
    func testAFixThatIsNotProvenSaysWhy() throws {
        let text = "schemaVersion: 1\nmetadata:\n  title: a\n  titel: b\n  mesageBody: c\nitems:\n  - text: x\n"
        let file = dir.appendingPathComponent("clash.share.yaml")
        try Data(text.utf8).write(to: file)
        let diff = try CLI.run(["validate", "--diff", "clash.share.yaml"], in: dir)
        XCTAssertEqual(diff.status, 1, "the other rename is available")
        XCTAssertTrue(diff.stderr.contains("sharelint: clash.share.yaml:4:3: not fixed [unknown-key]: writing 'title' here would change more than this value"),
                      diff.stderr)
        XCTAssertTrue(diff.stderr.contains("1 fix available in 1 file"), diff.stderr)
        let fixed = try CLI.run(["validate", "--fix", "--locale", "zh-Hans", "clash.share.yaml"], in: dir)
        XCTAssertTrue(fixed.stderr.contains("clash.share.yaml:4:3：没有修复 [unknown-key]"), fixed.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text.replacingOccurrences(of: "mesageBody", with: "messageBody"))
        XCTAssertTrue(fixed.stdout.contains("'titel'"), "the diagnostic and its suggestion stay: \(fixed.stdout)")
    }

    func testAUTF16FileSaysWhyItIsNotFixed() throws {
        let text = "schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: hi\nitems:\n  - text: x\n"
        let file = dir.appendingPathComponent("wide.share.yaml")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(bytes).write(to: file)
        for option in ["--diff", "--fix"] {
            let result = try CLI.run(["validate", option, "wide.share.yaml"], in: dir)
            XCTAssertEqual(result.status, 1)
            XCTAssertTrue(result.stderr.contains("wide.share.yaml: not fixed: it is saved as UTF-16; save it as UTF-8"), result.stderr)
        }
        XCTAssertEqual(Array(try Data(contentsOf: file)), bytes)
    }

    /// path-outside-root names the root's absolute folder and how to widen it.
    func testPathOutsideRootSaysHowToWidenIt() throws {
        let inner = dir.appendingPathComponent("shares")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - file: ../poster.png\n".utf8).write(to: inner.appendingPathComponent("a.share.yaml"))
        let result = try CLI.run(["validate", "--color", "never", "a.share.yaml"], in: inner)
        let root = inner.resolvingSymlinksInPath().path
        XCTAssertTrue(result.stdout.contains("'../poster.png' points outside the root '\(root)'; widen it with --root DIR or 'root:' in .sharelint.yml"),
                      result.stdout)
        XCTAssertNotEqual(try CLI.run(["validate", "--root", "..", "a.share.yaml"], in: inner).stdout.contains("path-outside-root"), true,
                          "--root widens it")
    }
}
