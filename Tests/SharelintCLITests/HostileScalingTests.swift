import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs whose size could make the work grow faster than linearly.
final class HostileScalingTests: HostileInputCase {
    /// 20,000 suppressions were matched against every diagnostic and every
    /// scalar (quadratic).
    func testManySuppressionsAreLinear() throws {
        var text = "schemaVersion: 1\nitems:\n"
        for i in 0..<20_000 {
            text += "  # sharelint-disable-next-line insecure-url -- \(i)\n  - url: http://example.com/\(i)\n"
        }
        try write("suppressed.share.yaml", text)
        let result = try measure(["validate", "--color", "never", "suppressed.share.yaml"])
        XCTAssertFalse(result.stdout.contains("insecure-url]"), String(result.stdout.prefix(500)))
        XCTAssertFalse(result.stdout.contains("unused-suppression"), String(result.stdout.prefix(500)))
    }

    /// Custom types recomputed every closure per declaration (a 1,000-type
    /// chain, 47 KB: > 60 s), unknown-type suggestions compared every declared type
    /// (160 KB: 49 s), and duplicate checks searched linearly per entry.
    func testLargeListsAreLinear() throws {
        var chain = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\n    type: com.ex.t999\n  - base64: e30=\n    type: com.ex.t999\ntypes:\n"
        for i in 0..<1000 { chain += "  - identifier: com.ex.t\(i)\n    conformsTo: [\(i == 0 ? "public.json" : "com.ex.t\(i - 1)")]\n" }
        try write("chain.share.yaml", chain)
        var unknown = "schemaVersion: 1\nitems:\n"
        for i in 0..<3000 { unknown += "  - type: com.ex.u\(i)\n    text: hi\n" }
        unknown += "types:\n"
        for i in 0..<3000 { unknown += "  - identifier: com.ex.t\(i)\n    conformsTo: [public.text]\n" }
        try write("unknown.share.yaml", unknown)
        var lists = "schemaVersion: 1\nitems:\n  - representations:\n"
        for i in 0..<20_000 { lists += "      - type: com.ex.t\(i % 10)\n        text: t\(i)\n" }
        lists += "applicationActivities:\n"
        for i in 0..<20_000 { lists += "  - type: com.example.a\(i)\n    title: A\n" }
        lists += "excludedActivityTypes:\n"
        for i in 0..<50_000 { lists += "  - com.example.x\(i)\n" }
        lists += "types:\n"
        for i in 0..<10 { lists += "  - identifier: com.ex.t\(i)\n    conformsTo: [public.text]\n" }
        try write("lists.share.yaml", lists)
        let chained = try measure(["validate", "--color", "never", "--no-header", "chain.share.yaml"])
        XCTAssertTrue(chained.stdout.hasSuffix("no problems in 1 file (1 document)\n"), chained.stdout)
        let unknowns = try measure(["validate", "--color", "never", "--format", "github", "unknown.share.yaml"])
        XCTAssertEqual(unknowns.stdout.components(separatedBy: "title=unknown-type::").count - 1, 3000)
        // Suggestions are bounded: the first ones still come.
        XCTAssertTrue(unknowns.stdout.contains("unknown type identifier 'com.ex.u0'; did you mean 'com.ex.t0'?"), String(unknowns.stdout.prefix(400)))
        let listed = try measure(["validate", "--color", "never", "--format", "github", "--ignore", "excluded-third-party-type,no-header-preview", "lists.share.yaml"])
        // The per-file cap of 10,000 is shared with the other rules' few findings.
        XCTAssertGreaterThanOrEqual(listed.stdout.components(separatedBy: "title=duplicate-representation::").count - 1, 9_990, String(listed.stdout.suffix(400)))
        XCTAssertTrue(listed.stdout.contains("more diagnostics in this file are not shown (the limit is 10000 per file)"), String(listed.stdout.suffix(400)))
        XCTAssertFalse(listed.stdout.contains("duplicate-activity-type"), String(listed.stdout.suffix(400)))
    }

    /// The per-document memo of file facts searched its list for every path
    /// (20,000 paths: 21 s in release).
    func testManyReferencedFilesAreLinear() throws {
        var text = "schemaVersion: 1\nitems:\n"
        for i in 0..<20_000 { text += "  - file: dir/f\(i).png\n" }
        try write("files.share.yaml", text)
        let result = try measure(["validate", "--color", "never", "--format", "github", "files.share.yaml"])
        // The per-file cap of 10,000 is shared with two warnings about the whole item.
        XCTAssertEqual(result.stdout.components(separatedBy: "title=file-not-found::").count - 1, 9_998, String(result.stdout.suffix(300)))
        XCTAssertTrue(result.stdout.contains("10002 more diagnostics in this file are not shown"), String(result.stdout.suffix(300)))
    }

}
