import Foundation
import XCTest

/// Every number read from `.sharelint.yml`, an option or a baseline has a stated range,
/// and every cost that grows with an input stays linear in it (through the built binary).
final class HostileBoundsTests: HostileInputCase {
    private static let share = "schemaVersion: 1\nitems:\n  - text: hi\n"

    /// A number past its range in `.sharelint.yml` (4611686018427387904 for
    /// maxDiagnosticsPerFile crashed every validate with an overflow) or an option is a
    /// usage error naming the key or option and the range; the upper bound itself is fine.
    func testOutOfRangeNumbersAreUsageErrors() throws {
        try write("a.share.yaml", Self.share)
        let ranges = ["maxTitleLength": 1 << 30, "maxMessageBodyLength": 1 << 30, "maxFileSize": 1 << 30,
                      "maxDocumentsPerFile": 10_000_000, "maxDiagnosticsPerFile": 10_000_000]
        for (key, upper) in ranges.sorted(by: { $0.key < $1.key }) {
            for value in ["4611686018427387904", "99999999999999999999999", "0", "\(upper + 1)"] {
                try write(".sharelint.yml", "\(key): \(value)\n")
                let result = try measure(["validate", "--color", "never", "a.share.yaml"])
                XCTAssertEqual(result.status, 2, "\(key): \(value)\n\(result.stderr)")
                XCTAssertTrue(result.stderr.contains("'\(key)' must be a whole number from 1 to \(upper)"), result.stderr)
            }
            try write(".sharelint.yml", "\(key): \(upper)\n")
            let accepted = try measure(["validate", "--color", "never", "a.share.yaml"])
            XCTAssertEqual(accepted.status, 0, "\(key): \(upper)\n\(accepted.stderr)")
        }
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".sharelint.yml"))
        for value in ["4611686018427387904", "0", "\((1 << 30) + 1)"] {
            let result = try measure(["validate", "--max-file-size", value, "a.share.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--max-file-size takes a number of bytes from 1 to 1073741824, not '\(value)'"), result.stderr)
        }
        XCTAssertEqual(try measure(["validate", "--max-file-size", "\(1 << 30)", "a.share.yaml"]).status, 0)
        let jobs = try measure(["validate", "--jobs", "99999999999999999999999", "a.share.yaml"])
        XCTAssertEqual(jobs.status, 2, jobs.stderr)
        XCTAssertTrue(jobs.stderr.contains("--jobs takes a whole number of at least 1"), jobs.stderr)
    }

    /// Baseline counts near Int.max summed past it in two places (duplicate entries, the
    /// stale total) and crashed: a count is 1...10,000,000, a larger one is a usage error,
    /// and sums of many large counts do not overflow.
    func testBaselineCountsCannotOverflow() throws {
        try write("a.share.yaml", Self.share)
        let big = "9223372036854775807"
        try write("twice.txt", "# sharelint baseline 1\ngone.share.yaml\tinsecure-url\titems[0].url\t\(big)\tm\ngone.share.yaml\tinsecure-url\titems[0].url\t\(big)\tm\n")
        try write("two.txt", "# sharelint baseline 1\ngone.share.yaml\tinsecure-url\titems[0].url\t\(big)\tm\nnone.share.yaml\tinsecure-url\titems[0].url\t\(big)\tm\n")
        for name in ["twice.txt", "two.txt"] {
            let result = try measure(["validate", "--baseline", name, "a.share.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--baseline \(name):2: the count must be a whole number from 1 to 10000000"), result.stderr)
        }
        var many = "# sharelint baseline 1\n"
        for i in 0..<1_000 { many += "gone\(i % 2).share.yaml\tinsecure-url\titems[0].url\t10000000\tm\n" }
        try write("many.txt", many)
        let result = try measure(["validate", "--baseline", "many.txt", "a.share.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("sharelint: warning: 10000000000 problems recorded in many.txt no longer occur"), result.stderr)
        XCTAssertTrue(result.stderr.contains("  gone0.share.yaml: insecure-url at items[0].url (5000000000×): m\n"), result.stderr)
    }

    /// A 64 MB baseline took 49 s and 1.37 GiB: it is read in one pass over its bytes,
    /// in time linear in its size, and at most 100 stale entries are listed.
    func testLargeBaselineLoadsLinearly() throws {
        try write("a.share.yaml", Self.share)
        func baseline(_ bytes: Int) -> String {
            var text = "# sharelint baseline 1\n"
            var i = 0
            while text.utf8.count < bytes {
                text += "dir\(i / 50)/file\(i / 5).share.yaml\tinsecure-url\titems[\(i % 5)].url\t1\t'http://example.com/\(i)' is not https: use https://\n"
                i += 1
            }
            return text
        }
        try write("small.txt", baseline(2 << 20))
        try write("large.txt", baseline(8 << 20))
        let small = try measure(["validate", "--baseline", "small.txt", "a.share.yaml"])
        let large = try measure(["validate", "--baseline", "large.txt", "a.share.yaml"])
        XCTAssertEqual(large.status, 0, large.stderr)
        XCTAssertTrue(large.stderr.contains("more entries\n"), String(large.stderr.suffix(300)))
        XCTAssertLessThan(large.stderr.components(separatedBy: "\n").count, 110)
        XCTAssertLessThan(large.seconds, 8 * max(small.seconds, 0.05), "2 MiB: \(small.seconds) s, 8 MiB: \(large.seconds) s")
        if !Self.sanitized { XCTAssertLessThan(large.maxRSSKiB, 128 * 1024, "8 MiB baseline: \(large.maxRSSKiB) KiB") }
        // Past 64 MiB it is refused before it is read.
        let path = directory.appendingPathComponent("huge.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: (64 << 20) + 1)
        try handle.close()
        let huge = try measure(["validate", "--baseline", "huge.txt", "a.share.yaml"])
        XCTAssertEqual(huge.status, 2, huge.stderr)
        XCTAssertTrue(huge.stderr.contains("--baseline huge.txt: 67108865 bytes, larger than the limit of 67108864 bytes (64 MiB)"), huge.stderr)
    }

    /// A baseline's memory is bounded by a small multiple of its size whatever its
    /// entries' length: 64 MB of short entries took 1.4 GiB (about 200 bytes an entry);
    /// now the file's bytes are the storage, with about 24 bytes an entry.
    func testShortEntryBaselineMemoryIsBoundedByItsSize() throws {
        try write("a.share.yaml", Self.share)
        var text = "# sharelint baseline 1\n"
        var i = 0
        // Lines of 12 to 14 bytes, each a distinct entry.
        while text.utf8.count < 16 << 20 {
            text += "p\(i % 97)\tr\t\(i / 97)\t1\tm\n"
            i += 1
        }
        try write("short.txt", text)
        let result = try measure(["validate", "--baseline", "short.txt", "a.share.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(i) problems recorded in short.txt no longer occur"), String(result.stderr.prefix(300)))
        // 4 times the file, and what any run takes (the binary, its tables: under 24 MiB).
        if !Self.sanitized {
            XCTAssertLessThan(result.maxRSSKiB, 4 * 16 * 1024 + 24 * 1024, "16 MiB of \(i) short entries: \(result.maxRSSKiB) KiB")
        }
    }

    /// A run with `--baseline` says how many problems the baseline held back, also when
    /// nothing is left to report.
    func testBaselineSaysHowManyItHeldBack() throws {
        try write("a.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: http://example.com/\n  - url: http://example.org/\n")
        XCTAssertEqual(try measure(["validate", "--write-baseline", "base.txt", "a.share.yaml"]).status, 0)
        let result = try measure(["validate", "--baseline", "base.txt", "a.share.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("sharelint: 2 problems recorded in base.txt were held back (not reported)\n"), result.stderr)
        XCTAssertTrue(result.stdout.contains("no problems"), result.stdout)
    }

    /// A line written with other escapes than sharelint writes (`\a` for `a`) matches the
    /// problem it names, and two lines that are one entry once unescaped add up.
    func testBaselineEscapesAreReadAsWritten() throws {
        try write("a.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: http://example.com/\n")
        let written = try measure(["validate", "--write-baseline", "base.txt", "a.share.yaml"])
        XCTAssertEqual(written.status, 0, written.stderr)
        let text = try String(contentsOf: directory.appendingPathComponent("base.txt"), encoding: .utf8)
        let entry = try XCTUnwrap(text.split(separator: "\n").dropFirst().first)
        // The same entry with a needless escape in its path, and its count split over two lines.
        let odd = entry.replacingOccurrences(of: "a.share.yaml", with: "\\a.share.yaml")
        try write("odd.txt", "# sharelint baseline 1\n\(odd)\n")
        let matched = try measure(["validate", "--baseline", "odd.txt", "a.share.yaml"])
        XCTAssertEqual(matched.status, 0, matched.stderr)
        XCTAssertFalse(matched.stderr.contains("no longer occur"), matched.stderr)
        XCTAssertFalse(matched.stdout.contains("insecure-url"), matched.stdout)
        let twice = odd.replacingOccurrences(of: "\t1\t", with: "\t2\t")
        try write("twice.txt", "# sharelint baseline 1\n\(entry)\n\(twice)\n")
        let stale = try measure(["validate", "--baseline", "twice.txt", "a.share.yaml"])
        XCTAssertTrue(stale.stderr.contains("2 problems recorded in twice.txt no longer occur"), stale.stderr)
        XCTAssertTrue(stale.stderr.contains("(2×)"), stale.stderr)
    }

    /// Stale baseline lines printed file names and entries raw: ESC, U+202E and line
    /// breaks reached the terminal or forged CI log lines.
    func testStaleBaselineEntriesAreEscaped() throws {
        try write("a.share.yaml", Self.share)
        try write("base.txt", "# sharelint baseline 1\nx\u{1B}[2Jy.share.yaml\tinsecure-url\titems[0].url\t1\tm\u{202E}sg\\n::error file=forged::hi\n")
        let result = try measure(["validate", "--color", "never", "--baseline", "base.txt", "a.share.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  x\\e[2Jy.share.yaml: insecure-url at items[0].url: m\\u{202E}sg\\n::error file=forged::hi\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"))
        XCTAssertFalse(result.stderr.contains("\u{202E}"))
        XCTAssertFalse(result.stderr.contains("\n::error"), result.stderr)
    }

    /// `sharelint destinations` printed titles, paths and messages from the file raw.
    func testDestinationsListingIsEscaped() throws {
        try write("d\u{1B}]0;x\u{7}.share.yaml", "schemaVersion: 1\nitems:\n  - text: hi\napplicationActivities:\n"
                  + "  - type: com.example.save\n    title: \"Save\\u202E\\n::error::forged\"\n")
        let result = try measure(["destinations", "--color", "never", "."])
        XCTAssertTrue(result.stdout.contains("d\\e]0;x\\u{7}.share.yaml, "), String(result.stdout.prefix(300)))
        XCTAssertTrue(result.stdout.contains("Save\\u{202E}\\n::error::forged"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}") || result.stdout.contains("\u{7}") || result.stdout.contains("\u{202E}"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\n::error"), result.stdout)
    }

    /// 1 MB of exclude globs slowed a 1,000-file walk from 0.03 s to about 70 s: the globs
    /// are compiled once (deduplicated, paths without a wildcard hashed, the others filed
    /// by their leading directories); more than 1,000 with a wildcard, or one longer than
    /// 4,096 bytes, is a configuration error.
    func testLargeExcludeListsAreLinear() throws {
        for i in 0..<1_000 { try write("src/d\(i / 50)/f\(i).share.yaml", Self.share) }
        var config = "exclude:\n"
        for i in 0..<999 { config += "  - 'vendor/pkg\(i)/**/*.share.yaml'\n" }
        config += "  - 'src/d3/*.share.yaml'\n  - src/d4/f200.share.yaml\n"
        var i = 0
        while config.utf8.count < 1 << 20 - 100 {
            // Paths beside the files walked: each is a candidate for every file of its directory.
            config += "  - 'src/d\(i % 20)/old\(i).share.yaml'\n"
            i += 1
        }
        // The same globs again: duplicates are dropped before they are counted or matched.
        config += "  - 'src/d3/*.share.yaml'\n  - 'vendor/pkg1/**/*.share.yaml'\n"
        try write(".sharelint.yml", config)
        let result = try measure(["validate", "--color", "never", "--no-header", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("in 949 files (949 documents)\n"), String(result.stdout.suffix(200)))
        XCTAssertLessThan(result.seconds, Self.secondsBound / 2, "1 MiB of globs: \(result.seconds) s")

        try write(".sharelint.yml", "exclude:\n" + (0...1_000).map { "  - '**/x\($0)*'\n" }.joined())
        let tooMany = try measure(["validate", "--no-header", "."])
        XCTAssertEqual(tooMany.status, 2, tooMany.stderr)
        XCTAssertTrue(tooMany.stderr.contains(".sharelint.yml:2:3: error: 'exclude' has 1001 different globs with a wildcard (* or ?); at most 1000 are allowed"),
                      tooMany.stderr)
        try write(".sharelint.yml", "include:\n  - '" + String(repeating: "a*", count: 2_049) + "'\n")
        let tooLong = try measure(["validate", "--no-header", "."])
        XCTAssertEqual(tooLong.status, 2, tooLong.stderr)
        XCTAssertTrue(tooLong.stderr.contains("an entry of 'include' is 4098 bytes long; a glob has at most 4096 bytes"), tooLong.stderr)
    }

    /// `--jobs 100000` started 100,000 threads: more than 4 per core is lowered with a note.
    func testJobsAreCappedWithANote() throws {
        for i in 0..<20 { try write("d/f\(i).share.yaml", Self.share) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let result = try measure(["validate", "--color", "never", "--no-header", "--jobs", "100000", "d"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("sharelint: note: --jobs 100000 is more than 4 threads per core (\(cores) core\(cores == 1 ? "" : "s")); using \(4 * cores)\n"),
                      result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix(" in 20 files (20 documents)\n"), String(result.stdout.suffix(200)))
        let fine = try measure(["validate", "--no-header", "--jobs", "\(4 * cores)", "d"])
        XCTAssertEqual(fine.stderr, "")
    }

    /// 40 unknown type identifiers of about 4 KB next to 20 declared ones as long took
    /// 12.7 s (edit distance over every pair): past 256 bytes a word gets no suggestion,
    /// and the distance is computed in a band.
    func testLongTypeIdentifiersAreNotCompared() throws {
        let long = String(repeating: "a", count: 3_900)
        var text = "schemaVersion: 1\nitems:\n"
        for i in 0..<20 { text += "  - type: com.example.\(long)x\(i)\n    text: hi\n" }
        text += "types:\n"
        for i in 0..<20 { text += "  - identifier: com.example.\(long)\(i)\n    conformsTo: [public.text]\n" }
        try write("long.share.yaml", text)
        let result = try measure(["validate", "--format", "github", "long.share.yaml"])
        XCTAssertEqual(result.stdout.components(separatedBy: "title=unknown-type::").count - 1, 20, String(result.stdout.prefix(300)))
        XCTAssertTrue(result.stdout.contains("; declare it under 'types' if it is your own"))
        XCTAssertLessThan(result.seconds, Self.secondsBound / 5, "160 KB of long identifiers: \(result.seconds) s")
    }

    /// One item with N representations of distinct unknown types was quadratic (each
    /// type's facts searched in a list of those asked before): 4 times N takes well
    /// under 8 times as long.
    func testManyDistinctRepresentationTypesAreLinear() throws {
        let long = String(repeating: "long", count: 40)
        func item(_ count: Int) -> String {
            var text = "schemaVersion: 1\nitems:\n  - representations:\n"
            for i in 0..<count { text += "      - type: com.example.\(long)\(i)\n        text: t\(i)\n" }
            return text
        }
        try write("small.share.yaml", item(2_500))
        try write("large.share.yaml", item(10_000))
        let small = try measure(["validate", "--format", "github", "small.share.yaml"])
        let large = try measure(["validate", "--format", "github", "large.share.yaml"])
        XCTAssertEqual(large.stdout.components(separatedBy: "title=unknown-type::").count - 1, 9_999, String(large.stdout.suffix(300)))
        XCTAssertLessThan(large.seconds, 8 * max(small.seconds, 0.05), "2,500: \(small.seconds) s, 10,000: \(large.seconds) s")
    }
}
