import XCTest
@testable import ShareLintKit

/// A `GlobSet` answers as its globs one by one do; the banded edit distance as the full one.
final class GlobSetTests: XCTestCase {
    func testSetMatchesAsItsGlobs() {
        let patterns = ["shares/**/*.share.yaml", "**/fixtures/**", "samples/invalid/**", "./samples/*.yml", "a?c/*",
                        "活动/*.share.yaml", "exact/file.yaml", "exact//file.yaml", "**", "a/b", "a/b/", "*", "x/**/y/*z"]
        let paths = ["shares/a.share.yaml", "shares/x/y/a.share.yaml", "other/a.share.yaml", "a/fixtures/b.share.yaml",
                     "fixtures/b.share.yaml", "samples/invalid/x.share.yaml", "samples/a.yml", "abc/d", "ac/d",
                     "活动/海报.share.yaml", "exact/file.yaml", "exact/file.yaml.bak", "a/b", "a//b", "a", "x/y/az", "x/q/y/z",
                     "e\u{301}/f", "\u{E9}/f"]
        for pattern in patterns {
            let set = GlobSet([Glob(pattern)])
            for path in paths { XCTAssertEqual(set.matches(path), Glob(pattern).matches(path), "\(pattern) ~ \(path)") }
        }
        let all = GlobSet((patterns + patterns).map(Glob.init))
        // Duplicates are dropped, also when written differently (exact//file.yaml, a/b/).
        XCTAssertEqual(all.count, patterns.count - 2)
        for path in paths {
            XCTAssertEqual(all.matches(path), patterns.contains { Glob($0).matches(path) }, path)
        }
        // By scalars, like a glob: an NFC name does not match its NFD twin.
        XCTAssertTrue(GlobSet([Glob("\u{E9}/f")]).matches("\u{E9}/f"))
        XCTAssertFalse(GlobSet([Glob("\u{E9}/f")]).matches("e\u{301}/f"))
    }

    func testBandedEditDistanceIsTheDistance() {
        func full(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var generator = SeededGenerator.forTest("edit distance against the full table", fallback: 0x5EED_0C02)
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let exact = full(a, b)
            XCTAssertEqual(Suggestions.editDistance(a, b), exact, "\(a) \(b)")
            for limit in 0...4 {
                XCTAssertEqual(min(Suggestions.editDistance(a, b, limit: limit), limit + 1), min(exact, limit + 1), "\(a) \(b) limit \(limit)")
            }
        }
    }

    /// A word longer than 256 bytes gets no suggestion, however close a candidate is.
    func testLongWordsGetNoSuggestion() {
        let long = String(repeating: "a", count: 300)
        XCTAssertNil(Suggestions.nearest(to: long + "b", in: [long + "c"]))
        var index = Suggestions.Index([long + "c"])
        XCTAssertNil(index.nearest(to: long + "b"))
        XCTAssertEqual(Suggestions.nearest(to: "insecure-ulr", in: ["insecure-url", "unknown-key"]), "insecure-url")
    }
}
