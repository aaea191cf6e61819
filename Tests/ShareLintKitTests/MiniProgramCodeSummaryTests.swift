import Testing
import YAMLSyntax
@testable import ShareLintKit

/// What a scan of the poster's code opens, in words (`MiniProgramCodeSummary`), through
/// the whole linter; and `infoPlist:` in `.sharelint.yml`.
@Suite("Mini-program code in words")
struct MiniProgramCodeSummaryTests {
    /// The summary of a document with the given `miniProgramCode` lines.
    private func summary(_ code: [String]) -> MiniProgramCodeSummary? {
        let text = "schemaVersion: 1\nitems:\n  - file: code.jpg\nexcludedActivityTypes: [saveToCameraRoll]\nwechat:\n  miniProgramCode:\n"
            + code.map { "    " + $0 + "\n" }.joined()
        let report = Linter().lint(bytes: Array(text.utf8), displayPath: "t.share.yaml", directory: "",
                                   files: InMemoryFileSystem(files: ["code.jpg": ExampleFiles.jpeg(width: 1280, height: 1280)]))
        return report.documents.first?.miniProgramCode
    }

    @Test func getUnlimitedOpensThePageWithTheSceneEncoded() throws {
        let code = try #require(summary(["api: getUnlimited", "page: pages/invite/index", "scene: \"uid=42\"", "image: code.jpg"]))
        #expect(code.api == "wxacode.getUnlimited")
        #expect(code.page == "pages/invite/index")
        #expect(code.scene == "uid=42")
        #expect(code.query == nil)
        #expect(code.sentence.english == "opens pages/invite/index?scene=uid%3D42 (wxacode.getUnlimited)")
    }

    @Test func getUnlimitedWithoutPageOpensTheHomePage() throws {
        let code = try #require(summary(["api: getUnlimited", "scene: \"u=42&c=spring\"", "envVersion: trial", "image: code.jpg"]))
        #expect(code.page == nil)
        #expect(code.envVersion == "trial")
        #expect(code.sentence.english == "opens the home page with scene=u%3D42%26c%3Dspring (wxacode.getUnlimited, the trial version)")
    }

    @Test func getAndCreateQRCodeOpenThePathAsWritten() throws {
        let get = try #require(summary(["api: get", "path: pages/index/index?from=store", "image: code.jpg"]))
        #expect(get.page == "pages/index/index")
        #expect(get.query == "from=store")
        #expect(get.scene == nil)
        #expect(get.sentence.english == "opens pages/index/index?from=store (wxacode.get)")
        let fixed = try #require(summary(["api: createQRCode", "path: pages/index/index", "envVersion: release", "image: code.jpg"]))
        #expect(fixed.sentence.english == "opens pages/index/index (wxaapp.createQRCode)")
    }

    @Test func nothingIsSaidWithoutAnAPIOrAPath() {
        #expect(summary(["api: getUnlimit", "page: pages/a/b", "scene: x", "image: code.jpg"]) == nil)
        #expect(summary(["page: pages/a/b", "scene: x", "image: code.jpg"]) == nil)
        #expect(summary(["api: createQRCode", "image: code.jpg"]) == nil)
    }

    @Test func theSceneIsEncodedAsEncodeURIComponentDoes() {
        #expect(MiniProgramCodeSummary.encodedComponent("AZaz09-_.!~*'()") == "AZaz09-_.!~*'()")
        #expect(MiniProgramCodeSummary.encodedComponent("a=1&b=2/3?#@ ") == "a%3D1%26b%3D2%2F3%3F%23%40%20")
        #expect(MiniProgramCodeSummary.encodedComponent("春") == "%E6%98%A5")
        #expect(MiniProgramCodeSummary.encodedComponent("%") == "%25")
    }

    // MARK: infoPlist in .sharelint.yml

    @Test func theInfoPlistKeyIsReadWithItsPosition() throws {
        let (config, problems) = LintConfiguration.parse(Array("strict: true\ninfoPlist: App/Info.plist\n".utf8), directory: "/p")
        #expect(problems.isEmpty)
        let parsed = try #require(config)
        #expect(parsed.infoPlist == "App/Info.plist")
        #expect(parsed.infoPlistRange?.start.line == 2)
        #expect(parsed.infoPlistRange?.start.column == 12)
    }

    @Test(arguments: ["infoPlist: \"\"\n", "infoPlist: [a]\n", "infoPlist:\n"])
    func anInfoPlistThatNamesNoFileIsAProblem(_ text: String) throws {
        let (config, problems) = LintConfiguration.parse(Array(text.utf8), directory: "/p")
        #expect(config == nil)
        let problem = try #require(problems.first)
        #expect(problem.message.contains("'infoPlist'"), "\(problem.message)")
        #expect(problem.range.start.line == 1)
    }
}
