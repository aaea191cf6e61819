import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile input through the built binary: every hostile input ends in diagnostics or a
/// usage error, within time and memory bounds generous enough for a noisy machine and
/// tight enough to catch a blow-up.
final class HostileInputTests: HostileInputCase {
    func testDeepNesting() throws {
        let depth = 100_000
        try write("brackets.share.yaml", "schemaVersion: 1\nitems: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        try write("braces.share.yaml", "schemaVersion: 1\nitems: " + String(repeating: "{a: ", count: depth) + "x" + String(repeating: "}", count: depth) + "\n")
        try write("unclosed.share.yaml", "schemaVersion: 1\nitems: " + String(repeating: "[", count: depth) + "\n")
        let result = try measure(["validate", "--color", "never", "--format", "json", "."])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.components(separatedBy: "\"rule\": \"resource-limit\"").count - 1, 3, result.stdout)
    }

    func testAliasBomb() throws {
        var lines = ["schemaVersion: 1", "items:", "  - text: ok", "metadata:", "  title: &a lol"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            lines.append("  \(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
            previous = name
        }
        lines.append("excludedActivityTypes: *j")
        try write("bomb.share.yaml", lines.joined(separator: "\n") + "\n")
        let result = try measure(["validate", "--color", "never", "bomb.share.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("[resource-limit]"), result.stdout)
    }

    func testHugeFileIsRefusedBeforeReading() throws {
        let path = directory.appendingPathComponent("huge.share.yaml").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertEqual(ftruncate(fd, 1 << 30), 0)
        close(fd)
        let result = try measure(["validate", "--color", "never", "huge.share.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("huge.share.yaml:1:1: error: the file is 1073741824 bytes, larger than the limit of 10485760 bytes; it is not read [resource-limit]"), result.stdout)
        if !Self.sanitized { XCTAssertLessThan(result.maxRSSKiB, 64 * 1024) }
    }

    func testManyKeysAndAHugeScalar() throws {
        var text = "schemaVersion: 1\nitems:\n  - text: ok\nmetadata:\n  title: ok\n"
        for i in 0..<100_000 { text += "  k\(i): v\n" }
        try write("keys.share.yaml", text)
        try write("scalar.share.yaml", "schemaVersion: 1\nitems:\n  - text: \"" + String(repeating: "长", count: 350_000) + "\"\n")
        let keys = try measure(["validate", "--format", "github", "keys.share.yaml"])
        XCTAssertEqual(keys.status, 1)
        // At most 10,000 diagnostics per file, then one resource-limit with the count.
        XCTAssertEqual(keys.stdout.components(separatedBy: "title=unknown-key::").count - 1, 10_000)
        XCTAssertTrue(keys.stdout.contains("title=resource-limit::90000 more diagnostics in this file are not shown (the limit is 10000 per file)"), String(keys.stdout.suffix(500)))
        let scalar = try measure(["validate", "scalar.share.yaml"])
        XCTAssertEqual(scalar.status, 0, scalar.stdout)
    }

    func testEncodings() throws {
        try write("invalid-utf8.share.yaml", Array("schemaVersion: 1\nitems:\n  - text: ".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        try write("nul.share.yaml", Array("schemaVersion: 1\nitems:\n  - text: a".utf8) + [0] + Array("b\n".utf8))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "schemaVersion: 1\nmetadata:\n  title: 海报\nitems:\n  - text: 扫码进入小程序\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try write("utf16.share.yaml", utf16)
        let result = try measure(["validate", "--color", "never", "--no-header", "."])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("invalid-utf8.share.yaml:3:12: error: the file is not valid UTF-8"), result.stdout)
        XCTAssertTrue(result.stdout.contains("nul.share.yaml:3:12: error: the file contains a control character"), result.stdout)
        XCTAssertFalse(result.stdout.contains("utf16.share.yaml"), result.stdout)
    }

    func testFIFOsAreNeverOpened() throws {
        let fifo = directory.appendingPathComponent("pipe.share.yaml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try write("uses-fifo.share.yaml", "schemaVersion: 1\nitems:\n  - type: public.png\n    file: pipe.share.yaml\n")
        let walked = try measure(["validate", "--color", "never", "."])
        XCTAssertEqual(walked.status, 1)
        XCTAssertTrue(walked.stdout.contains("pipe.share.yaml:1:1: error: the file cannot be read: it is not a regular file"), walked.stdout)
        XCTAssertTrue(walked.stdout.contains("file 'pipe.share.yaml' is a FIFO, not a file [file-not-found]"), walked.stdout)
        let named = try measure(["validate", "pipe.share.yaml"])
        XCTAssertEqual(named.status, 2)
    }

    func testSymlinkLoopsBrokenLinksAndUnreadableFiles() throws {
        try write("sub/good.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("sub/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("sub/self").path, withDestinationPath: "self")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("broken.share.yaml").path, withDestinationPath: "nowhere.share.yaml")
        let result = try measure(["validate", "--color", "never", "."])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("broken.share.yaml:1:1: error: the file cannot be read: it is a broken symlink [yaml-syntax]"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("1 error in 2 files (1 document)\n"), result.stdout)
    }

    func testUnreadableFileAsAnUnprivilegedUser() throws {
        let setpriv = "/usr/bin/setpriv"
        let privileged = geteuid() == 0
        if privileged {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setpriv), "root reads every file; setpriv is needed to drop privileges")
        }
        try write("secret.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        try write("open.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        XCTAssertEqual(chmod(directory.appendingPathComponent("secret.share.yaml").path, 0), 0)
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        let prefix = privileged ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let result = try measure(["validate", "--color", "never", "."], prefix: prefix)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("secret.share.yaml:1:1: error: the file cannot be read: Permission denied [yaml-syntax]"), result.stdout)
        let named = try measure(["validate", "secret.share.yaml"], prefix: prefix)
        XCTAssertEqual(named.status, 2)
    }

    func testReferencedPathsNeverLeaveTheRoot() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-outside-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("escape.png").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zero.png").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try write("paths.share.yaml", """
        schemaVersion: 1
        items:
          - file: escape.png
          - file: zero.png
          - file: /dev/zero
            type: public.data
          - file: folder.png
          - file: ../../../../../../etc/passwd
            type: public.plain-text
        excludedActivityTypes: [saveToCameraRoll]

        """)
        let result = try measure(["validate", "--color", "never", "--format", "json", "paths.share.yaml"])
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap((json["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]])
        let byLine = Dictionary(grouping: diagnostics.filter { $0["rule"] as? String != "no-header-preview" }, by: { $0["line"] as! Int })
            .mapValues { $0.map { $0["rule"] as! String } }
        XCTAssertEqual(byLine[3], ["path-outside-root"])
        XCTAssertEqual(byLine[4], ["path-outside-root"])
        XCTAssertEqual(byLine[5], ["path-outside-root"])
        XCTAssertEqual(byLine[7], ["file-not-found"])
        XCTAssertEqual(byLine[8], ["path-outside-root"])
    }

    /// A `*.share.yaml` symlink met in a walk that leads outside the root is not
    /// read (its lines, such as a token, were echoed in the report).
    func testWalkedSymlinkOutsideTheRootIsNotRead() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-outside-\(UUID().uuidString).json")
        try Data("{\"auths\": {\"registry\": {\"auth\": \"SECRET-TOKEN\"}}}\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try write("repo/good.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        try write("repo/inner.yaml", "schemaVersion: 1\nitems:\n  - text: [\n")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("repo/leak.share.yaml").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("repo/inner.share.yaml").path, withDestinationPath: "inner.yaml")
        let result = try measure(["validate", "--color", "never", "--root", "repo", "repo"])
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.stdout.contains("SECRET"), result.stdout)
        XCTAssertFalse(result.stdout.contains(outside.path), result.stdout)
        XCTAssertTrue(result.stdout.contains("repo/leak.share.yaml:1:1: error: the file cannot be read: it is a symlink that leads outside the root; it is not read [yaml-syntax]"), result.stdout)
        // A symlink that stays inside the root is read.
        XCTAssertTrue(result.stdout.contains("repo/inner.share.yaml:"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("in 3 files (2 documents)\n"), result.stdout)
    }

    /// `root: /` in a repository's `.sharelint.yml` no longer lifts confinement;
    /// `--root` on the command line still can.
    func testConfigurationCannotWidenTheRoot() throws {
        try write(".sharelint.yml", "root: /\n")
        // The test directory is a direct child of the temporary directory (/tmp).
        let up = String(repeating: "../", count: directory.standardizedFileURL.pathComponents.count - 1)
        try write("a.share.yaml", "schemaVersion: 1\nitems:\n  - file: \(up)etc/passwd\n    type: public.plain-text\n")
        let widened = try measure(["validate", "--color", "never", "a.share.yaml"])
        XCTAssertEqual(widened.status, 2)
        try write(".sharelint.yml", "root: ..\n")
        XCTAssertEqual(try measure(["validate", "--color", "never", "a.share.yaml"]).status, 2)
        let explicit = try measure(["validate", "--color", "never", "--format", "json", "--root", "/", "a.share.yaml"])
        XCTAssertNotEqual(explicit.status, 2, explicit.stdout)
        XCTAssertFalse(explicit.stdout.contains("path-outside-root"), explicit.stdout)
        try write(".sharelint.yml", "root: sub\n")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let narrowed = try measure(["validate", "--color", "never", "a.share.yaml"])
        XCTAssertEqual(narrowed.status, 1)
        XCTAssertTrue(narrowed.stdout.contains("[path-outside-root]"), narrowed.stdout)
    }

    #if os(Linux)
    /// NFC and NFD twins are two files on Linux: both are linted (the walk
    /// deduplicated them by canonical equivalence, so a broken twin was never linted).
    func testUnicodeTwinsAreBothLinted() throws {
        try write("\u{E9}.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n")
        try write("e\u{301}.share.yaml", "schemaVersion: 1\nitems: [\n")
        for jobs in ["1", "2"] {
            let result = try measure(["validate", "--color", "never", "--jobs", jobs, "."])
            XCTAssertEqual(result.status, 1, result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix("1 error in 2 files (2 documents)\n"), result.stdout)
        }
    }
    #endif

    /// File names and YAML escapes reached the terminal raw (ESC, OSC titles,
    /// NUL, bidi controls) and a newline in a file name forged diagnostic lines.
    func testTerminalAndLogInjectionIsEscaped() throws {
        let name = "evil\u{1B}]0;owned\u{07}\nforged.share.yaml:1:1: error: fake [x]\u{202E}.share.yaml"
        try write(name, "schemaVersion: 1\nitems:\n  - text: hi\n\"\\e[2J\\e]0;title\\a\\u202Ex\\0\\n::error::forged\": 1\nmetadata:\n  title: \"\\e[31mred\\u2028\"\n")
        for format in ["text", "github", "header"] {
            let arguments = format == "header" ? ["header", "--color", "never", "."] : ["validate", "--color", "never", "--format", format, "."]
            let result = try measure(arguments)
            XCTAssertEqual(result.status, 1, result.stdout)
            for unsafe in ["\u{1B}", "\u{07}", "\u{0}", "\u{202E}", "\u{2028}"] {
                XCTAssertFalse(result.stdout.contains(unsafe), "\(format): \(result.stdout.debugDescription)")
            }
            XCTAssertFalse(result.stdout.contains("\nforged"), "\(format): \(result.stdout)")
            XCTAssertFalse(result.stdout.contains("\n::error::forged"), "\(format): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("evil\\e]0;owned\\u{7}\\nforged.share.yaml"), "\(format): \(result.stdout)")
        }
        let text = try measure(["validate", "--color", "never", "."])
        XCTAssertTrue(text.stdout.contains("\\e[2J\\e]0;title\\u{7}\\u{202E}x\\0\\n::error::forged"), text.stdout)
    }

    /// Recovery rescanned from byte 0 at every resume (32,000 broken documents,
    /// 384 KB: 29 s), and skipped the document after a flow collection left open.
    func testRecoveryIsLinearAndSkipsNoDocument() throws {
        try write(".sharelint.yml", "maxDocumentsPerFile: 40000\nmaxDiagnosticsPerFile: 40000\n")
        try write("broken.share.yaml", String(repeating: "---\nitems: [\n", count: 32_000))
        let result = try measure(["validate", "--color", "never", "--format", "github", "broken.share.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasSuffix("32000 errors in 1 file (32000 documents)\n"), String(result.stdout.suffix(300)))
        // No position past the end of the 64,000-line file.
        XCTAssertFalse(result.stdout.contains("line=64001"), String(result.stdout.suffix(300)))
    }

    /// No cap on documents or diagnostics: `---\n` x 1M (4 MB) peaked at 1.9 GB.
    func testDocumentsPerFileAreCapped() throws {
        try write("many.share.yaml", String(repeating: "---\n", count: 1_000_000))
        let result = try measure(["validate", "--color", "never", "many.share.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("many.share.yaml:10001:1: error: the file holds more than 10000 documents; the rest are not read [resource-limit]"), String(result.stdout.suffix(500)))
        XCTAssertTrue(result.stdout.hasSuffix("in 1 file (10000 documents)\n"), String(result.stdout.suffix(300)))
    }

    /// Text output quoted the whole source line per diagnostic (a 20 KB file gave
    /// 302 MB of text): a long line is quoted in a window of 160 scalars.
    func testLongLinesAreQuotedInAWindow() throws {
        try write("line.share.yaml", "schemaVersion: 1\nitems: [{text: hi}]\nmetadata: {" + Array(repeating: "k: 1", count: 4000).joined(separator: ", ") + "}\n")
        let result = try measure(["validate", "--color", "never", "--no-header", "--ignore", "no-header-preview", "line.share.yaml"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("line.share.yaml:3:12: error: unknown key 'k' in 'metadata'"), String(result.stdout.prefix(300)))
        XCTAssertLessThan(result.stdout.utf8.count, 4000 * 600, "output grows with the line length")
        // The caret still points at the key, also far into the line.
        let lines = result.stdout.components(separatedBy: "\n")
        let last = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("line.share.yaml:3:23994:") })
        let quoted = Array(lines[last + 1].unicodeScalars), caret = Array(lines[last + 2].unicodeScalars)
        let at = try XCTUnwrap(caret.firstIndex(of: "^"))
        XCTAssertEqual(quoted[at], "k")
        XCTAssertEqual(quoted.last, "}")
        XCTAssertEqual(quoted[2], "…")
    }

    /// Libyaml counts CR, CRLF, NEL, U+2028 and U+2029 as line breaks and
    /// sharelint counted LF only: positions shifted, `---` was missed in CR-only files,
    /// and suppressions never applied in CRLF files.
    func testLineBreaksAsLibyamlCountsThem() throws {
        try write("cr.share.yaml", "schemaVersion: 1\ritems: [\r---\rschemaVersion: 1\ritems:\r  - url: http://example.com/\r")
        try write("crlf.share.yaml", "schemaVersion: 1\r\nitems:\r\n  # sharelint-disable-next-line insecure-url -- test\r\n  - url: http://example.com/\r\n  - url: http://example.org/  # sharelint-disable-line insecure-url\r\n")
        try write("nel.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\u{2028}  - url: http://example.com/\n")
        let result = try measure(["validate", "--color", "never", "--format", "github", "--ignore", "no-header-preview", "."])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("file=cr.share.yaml,line=3,col=1"), result.stdout)
        XCTAssertTrue(result.stdout.contains("file=cr.share.yaml,line=6,col=10,endLine=6,endColumn=29,title=insecure-url::"), result.stdout)
        XCTAssertFalse(result.stdout.contains("crlf.share.yaml"), result.stdout)
        XCTAssertFalse(result.stdout.contains("line=7"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("in 3 files (4 documents)\n"), result.stdout)
    }
    /// Write errors were ignored (`> /dev/full` and a closed stdout exited 0),
    /// `--output` could overwrite an input and was written in place.
    func testWriteFailuresAndOutputSafety() throws {
        try write("a.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        // A full disk, portably: a file-size limit of 0 blocks (as `ulimit -f` sets) with
        // SIGXFSZ ignored makes every write to the file fail (EFBIG).
        // (Not under a sanitizer: its runtime cannot run under a file-size limit.)
        if !Self.sanitized {
            let limited = try shell("ulimit -f 0; trap '' XFSZ; exec \"$SHARELINT\" validate a.share.yaml > out.txt")
            XCTAssertEqual(limited.status, 3, limited.stderr)
            XCTAssertTrue(limited.stderr.contains("sharelint: cannot write to standard output: File too large"), limited.stderr)
        }
        // /dev/full where it is the device (on some machines it is a plain file).
        var info = stat()
        if stat("/dev/full", &info) == 0, info.st_mode & S_IFMT == S_IFCHR {
            let full = try shell("exec \"$SHARELINT\" validate a.share.yaml > /dev/full")
            XCTAssertEqual(full.status, 3, full.stderr)
            XCTAssertTrue(full.stderr.contains("sharelint: cannot write to standard output: No space left on device"), full.stderr)
        } else {
            print("HostileInputTests: /dev/full is not a character device here; the full-disk case runs with a file-size limit only")
        }
        let closed = try shell("exec \"$SHARELINT\" validate a.share.yaml >&-")
        XCTAssertEqual(closed.status, 3, closed.stderr)
        XCTAssertTrue(closed.stderr.contains("cannot write to standard output"), closed.stderr)
        let overwrite = try shell("exec \"$SHARELINT\" validate --output a.share.yaml a.share.yaml")
        XCTAssertEqual(overwrite.status, 2, overwrite.stderr)
        XCTAssertTrue(overwrite.stderr.contains("refusing to overwrite"), overwrite.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("a.share.yaml"), encoding: .utf8), "schemaVersion: 1\nitems:\n  - text: hi\n")
        let missing = try shell("exec \"$SHARELINT\" validate --output no-such-dir/report.txt a.share.yaml")
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--output no-such-dir/report.txt: the directory no-such-dir does not exist"), missing.stderr)
        let written = try shell("exec \"$SHARELINT\" validate --format json --output report.json a.share.yaml")
        XCTAssertEqual(written.status, 0, written.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("report.json").path)
        XCTAssertNotEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o044 }, 0, "the report is readable like any created file")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".sharelint-") }
        XCTAssertEqual(leftovers, [])
        // A reader that goes away: quiet, status 141 (as grep).
        try write("many.share.yaml", String(repeating: "---\nitems: [\n", count: 20_000))
        let piped = try shell("\"$SHARELINT\" validate many.share.yaml | head -1 > /dev/null")
        XCTAssertEqual(piped.stderr, "")
    }

    /// SIGINT and SIGTERM gave no message; now they say so, leave no partial
    /// `--output`, and end with 128 + the signal.
    func testTerminationIsReportedAndLeavesNoPartialOutput() throws {
        try write(".sharelint.yml", "maxDocumentsPerFile: 1000000\nmaxDiagnosticsPerFile: 1000000\n")
        try write("slow.share.yaml", String(repeating: "---\nitems: [\n", count: 200_000))
        let result = try shell("exec \"$SHARELINT\" validate --output report.txt slow.share.yaml", terminateAfter: 0.5)
        XCTAssertEqual(result.status, 128 + SIGTERM, result.stderr)
        XCTAssertTrue(result.stderr.contains("sharelint: terminated (SIGTERM)"), result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertFalse(names.contains { $0.contains("report.txt") }, "\(names)")
    }

    /// 48–58 byte binary Info.plists with a crafted table offset, dictionary
    /// count or string length crashed the binary (SIGILL, exit 132): exit 2 now.
    func testCraftedInfoPlistsAreUsageErrors() throws {
        try write("a.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        let seeds = CLI.packageRoot.appendingPathComponent("Fuzz/seeds")
        for name in ["plist-table-offset.bin", "plist-dict-count.bin", "plist-string-length.bin", "plist-object-count.bin"] {
            let bytes = try Data(contentsOf: seeds.appendingPathComponent(name))
            XCTAssertLessThanOrEqual(bytes.count, 70)
            try write(name, Array(bytes))
            let result = try measure(["validate", "--info-plist", name, "a.share.yaml"])
            XCTAssertEqual(result.status, 2, name)
        }
    }

    /// A 3.2 MB Info.plist of 100,000 nested arrays, each followed by a processing
    /// instruction holding `</array>`: the pre-scan that guarded the decoder counted those
    /// as closed, and the decoder overflowed its stack (SIGSEGV, exit 139), named by
    /// `--info-plist` or by `.sharelint.yml`. The reader counts what it opens: exit 2
    /// with the reason, at once.
    func testAnInfoPlistNestedBehindProcessingInstructionsIsAUsageError() throws {
        try write("a.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\n")
        let depth = 100_000
        try write("deep.plist", "<plist><dict><key>NSPhotoLibraryAddUsageDescription</key>"
            + String(repeating: "<array><?x > </array> ?>", count: depth) + String(repeating: "</array>", count: depth) + "</dict></plist>")
        let named = try measure(["validate", "--info-plist", "deep.plist", "a.share.yaml"])
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertEqual(named.stderr, "sharelint: --info-plist deep.plist: the property list nests deeper than 512 levels (line 1)\n")
        try write(".sharelint.yml", "infoPlist: deep.plist\n")
        let configured = try measure(["validate", "a.share.yaml"])
        XCTAssertEqual(configured.status, 2, configured.stderr)
        XCTAssertTrue(configured.stderr.contains(".sharelint.yml:1:12: error: 'infoPlist': 'deep.plist': the property list nests deeper than 512 levels"),
                      configured.stderr)
    }
}
