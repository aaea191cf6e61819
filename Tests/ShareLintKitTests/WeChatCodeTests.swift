import Testing
import YAMLSyntax
@testable import ShareLintKit

/// `wechat.miniProgramCode`: every limit at its boundary, through the whole linter
/// (YAML, loader, rules), so positions and severities are checked too.
@Suite("WeChat mini-program code")
struct WeChatCodeTests {
    /// Lints a configuration that shares `code.jpg` (of the given size) with a code block.
    private func lint(_ code: [String], item: String = "  - file: code.jpg", size: (Int, Int) = (1280, 1280),
                      files: [String: [UInt8]]? = nil) -> [Diagnostic] {
        let text = "schemaVersion: 1\nitems:\n\(item)\nexcludedActivityTypes: [saveToCameraRoll]\nwechat:\n  miniProgramCode:\n"
            + code.map { "    " + $0 + "\n" }.joined()
        let report = Linter().lint(bytes: Array(text.utf8), displayPath: "t.share.yaml", directory: "",
                                   files: InMemoryFileSystem(files: files ?? ["code.jpg": ExampleFiles.jpeg(width: size.0, height: size.1)]))
        return report.diagnostics
    }

    private func of(_ rule: RuleID, _ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.rule == rule }
    }

    /// A YAML double-quoted scalar of any text.
    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func unlimited(scene: String) -> [String] {
        ["api: getUnlimited", "page: pages/invite/index", "scene: \(quoted(scene))", "image: code.jpg"]
    }

    // MARK: scene

    static let acceptedScenes: [String] = [String(repeating: "a", count: 32), "u=42&c=spring", "0123456789", "AZaz09"]
        + MiniProgramCode.sceneSpecials.map { "a\($0)b" }

    @Test("scenes WeChat takes", arguments: acceptedScenes)
    func acceptedScene(_ scene: String) {
        let found = of("wechat-code-scene", lint(unlimited(scene: scene)))
        #expect(found.isEmpty, "\(scene): \(found.map(\.message))")
    }

    static let refusedScenes: [(scene: String, says: String)] = [
        (String(repeating: "a", count: 33), "33 characters long"),
        (String(repeating: "9", count: 40), "40 characters long"),
        ("u%3D42", "'%'"),
        ("u=%E6%98%A5", "'%'"),
        ("c=春季", "non-ASCII characters such as '春'"),
        ("c=spring🎉", "non-ASCII"),
        ("u 42", "a space"),
        ("u=\"42\"", "'\"'"),
        ("a<b>c", "'<' and '>'"),
        ("a\\b", "'\\'"),
        ("a^b|c", "'^' and '|'"),
        ("a`b", "'`'"),
        ("a[b]{c}", "'[', ']', '{', and '}'"),
        ("", "it is empty"),
    ]

    @Test("scenes WeChat refuses", arguments: refusedScenes)
    func refusedScene(_ scene: String, says: String) throws {
        let found = of("wechat-code-scene", lint(unlimited(scene: scene)))
        let diagnostic = try #require(found.first, "\(scene) was accepted")
        #expect(found.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains(says), "\(diagnostic.message)")
        #expect(diagnostic.range.start.line == 9 && diagnostic.range.start.column == 12)
        #expect(diagnostic.keyPath == "wechat.miniProgramCode.scene")
    }

    @Test("a 32-character scene of CJK is refused for its characters, not its length")
    func cjkLength() throws {
        let problems = WeChatCodeSceneRule.problems(in: String(repeating: "春", count: 32))
        #expect(problems.count == 1)
        #expect(problems.first?.english.contains("non-ASCII") == true)
        #expect(WeChatCodeSceneRule.problems(in: String(repeating: "春", count: 33)).count == 2)
    }

    @Test("a very long scene or page is quoted in part")
    func longValuesAreAbbreviated() throws {
        let scene = try #require(of("wechat-code-scene", lint(unlimited(scene: String(repeating: "春", count: 100_000)))).first)
        #expect(scene.message.contains(String(repeating: "春", count: 40) + "…'"))
        #expect(scene.message.unicodeScalars.count < 500)
        let page = of("wechat-code-page", lint(["api: getUnlimited", "page: /" + String(repeating: "p", count: 10_000), "scene: u=1", "image: code.jpg"]))
        #expect(page.count == 1 && page[0].message.unicodeScalars.count < 300)
    }

    @Test("scene is not checked for get and createQRCode, which take none")
    func sceneOfLimitedAPIs() {
        let found = lint(["api: get", "path: pages/invite/index", "scene: \"春\"", "image: code.jpg"])
        #expect(of("wechat-code-scene", found).isEmpty)
        #expect(of("wechat-code-parameter", found).map(\.range.start.column) == [5])
    }

    // MARK: page and path

    static let pages: [(page: String, problems: [String])] = [
        ("pages/invite/index", []),
        ("index", []),
        ("/pages/invite/index", ["starts with '/'"]),
        ("pages/invite/index?u=42", ["carries a query"]),
        ("pages/invite/index?", ["carries a query"]),
        ("/pages/invite/index?u=42", ["carries a query", "starts with '/'"]),
    ]

    @Test("getUnlimited pages", arguments: pages)
    func page(_ page: String, problems: [String]) {
        let found = of("wechat-code-page", lint(["api: getUnlimited", "page: \(page)", "scene: u=42", "image: code.jpg"]))
        #expect(found.count == problems.count, "\(page): \(found.map(\.message))")
        for problem in problems {
            #expect(found.contains { $0.message.contains(problem) && $0.range.start.line == 8 && $0.range.start.column == 11 }, "\(page): \(problem)")
        }
        if page.hasPrefix("/") {
            #expect(found.contains { $0.suggestion == "pages/invite/index" })
        }
    }

    static let paths: [(path: String, bytes: Int?)] = [
        (String(repeating: "a", count: 128), nil),
        (String(repeating: "a", count: 129), 129),
        (String(repeating: "a", count: 126) + "é", nil),        // 128 bytes, 127 characters
        (String(repeating: "a", count: 127) + "é", 129),        // 129 bytes, 128 characters
        (String(repeating: "春", count: 42) + "ab", nil),       // 128 bytes
        (String(repeating: "春", count: 43), 129),              // 129 bytes, 43 characters
        ("pages/invite/index?" + String(repeating: "u", count: 110), 129),
    ]

    @Test("get and createQRCode paths are at most 128 bytes", arguments: paths)
    func pathBytes(_ path: String, bytes: Int?) {
        for api in ["get", "createQRCode"] {
            let found = of("wechat-code-page", lint(["api: \(api)", "path: \(path)", "image: code.jpg"]))
            if let bytes {
                #expect(found.count == 1 && found[0].message.contains("\(bytes) bytes"), "\(api) \(path): \(found.map(\.message))")
            } else {
                #expect(found.isEmpty, "\(api) \(path): \(found.map(\.message))")
            }
        }
    }

    @Test("an empty path is reported")
    func emptyPath() {
        let found = of("wechat-code-page", lint(["api: createQRCode", "path: \"\"", "image: code.jpg"]))
        #expect(found.map(\.message).first?.contains("empty") == true)
    }

    @Test("checkPath: false is an info; true and absent say nothing")
    func checkPath() {
        let off = of("wechat-code-page", lint(unlimited(scene: "u=42") + ["checkPath: false"]))
        #expect(off.map(\.severity) == [.info])
        #expect(off.first?.message.contains("count against a limit") == true)
        #expect(of("wechat-code-page", lint(unlimited(scene: "u=42") + ["checkPath: true"])).isEmpty)
        #expect(of("wechat-code-page", lint(unlimited(scene: "u=42"))).isEmpty)
    }

    // MARK: limited codes

    static let limitedPaths: [(path: String, warns: Bool)] = [
        ("pages/invite/index", false),
        ("pages/invite/index?", false),
        ("pages/invite/index?u=42", true),
        ("pages/invite/index?u=42&c=spring", true),
    ]

    @Test("get and createQRCode paths with parameters warn", arguments: limitedPaths)
    func limited(_ path: String, warns: Bool) {
        for api in ["get", "createQRCode"] {
            let found = of("wechat-code-limited", lint(["api: \(api)", "path: \(path)", "image: code.jpg"]))
            #expect(found.map(\.severity) == (warns ? [.warning] : []), "\(api) \(path)")
            if warns { #expect(found[0].message.contains("100,000")) }
        }
    }

    // MARK: width and image

    static let widths: [(width: Int, valid: Bool)] = [(279, false), (280, true), (430, true), (1280, true), (1281, false), (0, false), (-1, false)]

    @Test("width is within 280–1280 px", arguments: widths)
    func width(_ width: Int, valid: Bool) {
        let found = of("wechat-code-width", lint(unlimited(scene: "u=42") + ["width: \(width)"]))
        #expect(found.count == (valid ? 0 : 1), "\(width)")
        if !valid {
            #expect(found[0].suggestion == String(min(max(width, 280), 1280)))
            #expect(found[0].range.start.line == 11)
        }
    }

    static let imageSizes: [(size: (Int, Int), width: Int?, warns: Bool)] = [
        ((430, 430), nil, false),
        ((429, 1000), nil, true),
        ((1000, 429), nil, true),
        ((280, 280), 280, false),
        ((279, 600), 280, true),
        ((1080, 1920), 1080, false),
        ((1080, 1920), 1081, true),
    ]

    @Test("the shared picture is at least as large as the code", arguments: imageSizes)
    func imageSize(_ size: (Int, Int), width: Int?, warns: Bool) {
        let found = of("wechat-code-image", lint(unlimited(scene: "u=42") + (width.map { ["width: \($0)"] } ?? []), size: size))
        #expect(found.map(\.severity) == (warns ? [.warning] : []), "\(size) \(width ?? 430)")
    }

    @Test("the image must be the file of an image item, compared after normalizing the path")
    func imageIsAnItem() {
        let notShared = lint(["api: getUnlimited", "scene: u=42", "image: other.jpg"],
                             files: ["code.jpg": ExampleFiles.jpeg(width: 430, height: 430), "other.jpg": ExampleFiles.jpeg(width: 430, height: 430)])
        #expect(of("wechat-code-image", notShared).map(\.severity) == [.error])

        let asLink = lint(["api: getUnlimited", "scene: u=42", "image: code.jpg"], item: "  - url: https://example.com/code.jpg")
        #expect(of("wechat-code-image", asLink).first?.message.contains("link cannot be scanned") == true)

        let asData = lint(["api: getUnlimited", "scene: u=42", "image: code.jpg"], item: "  - type: public.data\n    file: code.jpg")
        #expect(of("wechat-code-image", asData).first?.message.contains("not as an image") == true)

        for written in ["./code.jpg", "assets/../code.jpg", "code.jpg"] {
            #expect(of("wechat-code-image", lint(["api: getUnlimited", "scene: u=42", "image: \(written)"], size: (430, 430))).isEmpty, "\(written)")
        }
    }

    @Test("a missing image file is file-not-found at the image, and not a shared item")
    func missingImage() {
        let found = lint(["api: getUnlimited", "scene: u=42", "image: gone.png"])
        let missing = of("file-not-found", found)
        #expect(missing.count == 1 && missing[0].range.start.line == 9 && missing[0].range.start.column == 12)
        #expect(missing.first?.message.contains("mini-program code image 'gone.png'") == true)
        #expect(of("wechat-code-image", found).count == 1)
    }

    @Test("an image outside the root is path-outside-root")
    func imageOutsideRoot() {
        #expect(of("path-outside-root", lint(["api: getUnlimited", "scene: u=42", "image: ../../etc/passwd"])).count == 1)
    }

    // MARK: envVersion

    @Test("trial and develop warn; release does not", arguments: [("trial", true), ("develop", true), ("release", false)])
    func envVersion(_ env: String, warns: Bool) {
        let found = of("wechat-code-env-version", lint(unlimited(scene: "u=42") + ["envVersion: \(env)"]))
        #expect(found.map(\.severity) == (warns ? [.warning] : []))
        if warns { #expect(found[0].suggestion == "release") }
    }

    // MARK: parameters per API

    static let parameterCases: [(code: [String], reported: [String])] = [
        (["api: getUnlimited", "page: pages/a", "image: code.jpg"], ["needs 'scene'"]),
        (["api: getUnlimited", "path: pages/a", "scene: u=1", "image: code.jpg"], ["takes no 'path'"]),
        (["api: get", "image: code.jpg"], ["needs 'path'"]),
        (["api: get", "page: pages/a", "image: code.jpg"], ["needs 'path'", "takes no 'page'"]),
        (["api: createQRCode", "path: pages/a", "scene: u=1", "checkPath: true", "envVersion: release", "image: code.jpg"],
         ["takes no 'scene'", "takes no 'checkPath'", "takes no 'envVersion'"]),
        (["api: get", "path: pages/a", "envVersion: trial", "image: code.jpg"], []),
        (["api: getUnlimited", "scene: u=1", "checkPath: false", "envVersion: develop", "width: 600", "image: code.jpg"], []),
    ]

    @Test("each API takes its own parameters", arguments: parameterCases)
    func parameters(_ code: [String], reported: [String]) {
        let found = of("wechat-code-parameter", lint(code)).map(\.message)
        #expect(found.count == reported.count, "\(code): \(found)")
        for message in reported { #expect(found.contains { $0.contains(message) }, "\(code): \(message)") }
    }

    // MARK: bad input

    @Test("an unknown api is wrong-kind with the nearest one, and the rules that need it stay quiet")
    func unknownAPI() throws {
        let found = lint(["api: getUnlimit", "scene: u=42", "image: code.jpg"])
        let wrong = try #require(of("wrong-kind", found).first)
        #expect(wrong.suggestion == "getUnlimited")
        #expect(wrong.message.contains("getUnlimited, get, createQRCode"))
        #expect(wrong.range.start.line == 7 && wrong.range.start.column == 10)
        #expect(of("wechat-code-parameter", found).isEmpty)
        #expect(of("wrong-kind", lint(["api: GET", "path: a", "image: code.jpg"])).first?.suggestion == "get")
    }

    static let badScenes: [(value: String, rule: RuleID)] = [
        ("[u, 42]", "wrong-kind"), ("{u: 42}", "wrong-kind"), ("~", "wrong-kind"), ("42", "implicit-type"), ("yes", "implicit-type"),
    ]

    @Test("a scene that is not a string", arguments: badScenes)
    func sceneNotString(_ value: String, rule: RuleID) {
        let found = lint(["api: getUnlimited", "scene: \(value)", "image: code.jpg"])
        #expect(of(rule, found).map { $0.range.start.line } == [8], "\(value): \(found.map(\.message))")
    }

    @Test("api and image are required")
    func required() {
        let found = of("missing-key", lint(["page: pages/a"]))
        #expect(found.map(\.message).sorted() == ["'miniProgramCode' is missing the required key 'api'",
                                                 "'miniProgramCode' is missing the required key 'image'"])
    }

    static let badValues: [(line: String, suggestion: String?)] = [
        ("width: \"430\"", "430"), ("width: 430.5", nil), ("width: wide", nil), ("width: [430]", nil),
        ("checkPath: yes", "true"), ("checkPath: off", "false"), ("checkPath: \"true\"", "true"), ("checkPath: maybe", nil),
        ("envVersion: prod", nil), ("envVersion: Release", "release"),
    ]

    @Test("widths, booleans and versions of the wrong kind", arguments: badValues)
    func wrongKinds(_ line: String, suggestion: String?) throws {
        let found = of("wrong-kind", lint(unlimited(scene: "u=42") + [line]))
        let diagnostic = try #require(found.first, "\(line) accepted")
        #expect(found.count == 1)
        #expect(diagnostic.suggestion == suggestion, "\(line): \(diagnostic.message)")
        #expect(diagnostic.range.start.line == 11)
    }

    @Test("unknown keys in the code block suggest the nearest")
    func unknownKey() {
        let found = of("unknown-key", lint(unlimited(scene: "u=42") + ["env_version: trial"]))
        #expect(found.first?.suggestion == "envVersion")
    }
}
