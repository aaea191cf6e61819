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
}
