import XCTest
import ShareLintKit

final class GlobTests: XCTestCase {
    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("shares/**/*.share.yaml", "shares/a.share.yaml", true),
            ("shares/**/*.share.yaml", "shares/x/y/a.share.yaml", true),
            ("shares/**/*.share.yaml", "other/a.share.yaml", false),
            ("**/fixtures/**", "a/fixtures/b.share.yaml", true),
            ("**/fixtures/**", "fixtures/b.share.yaml", true),
            ("**/fixtures/**", "a/fixture/b.share.yaml", false),
            ("samples/invalid/**", "samples/invalid/x.share.yaml", true),
            ("samples/invalid/**", "samples/valid/x.share.yaml", false),
            ("./samples/*.yml", "samples/a.yml", true),
            ("a?c/*", "abc/d", true),
            ("a?c/*", "ac/d", false),
            ("活动/*.share.yaml", "活动/海报.share.yaml", true),
            ("exact/file.yaml", "exact/file.yaml", true),
            ("exact/file.yaml", "exact/file.yaml.bak", false),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
    }

    /// Each `**` tried every split (`**/**/**/**/**/**/**/**/x` against a path
    /// 40 deep: > 60 s); matching is O(pattern x path) now.
    func testManyGlobstarsAreLinear() {
        let clock = ContinuousClock()
        let start = clock.now
        let deep = Array(repeating: "a", count: 40).joined(separator: "/")
        XCTAssertFalse(Glob("**/**/**/**/**/**/**/**/x").matches(deep + "/y"))
        XCTAssertTrue(Glob("**/**/**/**/**/**/**/**/x").matches(deep + "/x"))
        XCTAssertFalse(Glob(Array(repeating: "**/a", count: 30).joined(separator: "/") + "/b").matches(deep))
        XCTAssertTrue(Glob("**/*a*/**/**/a").matches(deep))
        XCTAssertTrue(Glob("**").matches("a/b"))
        XCTAssertTrue(Glob("a/**").matches("a/b/c"))
        XCTAssertLessThan(clock.now - start, .seconds(1))
    }
}
