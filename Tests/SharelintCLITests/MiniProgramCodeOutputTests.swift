import Foundation
import XCTest

/// `header`, `destinations`, `inspect`, the preview page and the JSON report say what a
/// scan of the poster's mini-program code opens; a document without a code says nothing.
final class MiniProgramCodeOutputTests: XCTestCase {
    private let poster = "samples/wechat-code-poster.share.yaml"
    private let fixed = "samples/wechat-fixed-code.share.yaml"
    private let plain = "samples/wechat-qr-poster.share.yaml"
    private let unlimitedLine = "mini-program code: opens pages/invite/index?scene=u%3D42%26c%3Dspring (wxacode.getUnlimited)"

    func testHeaderNamesThePageAndScene() throws {
        let header = try CLI.run(["header", poster, fixed, plain])
        XCTAssertEqual(header.status, 0)
        XCTAssertEqual(header.stdout, """
            \(poster): 邀请好友
              with the examples of $(inviterID) and $(poster) in place
              \(unlimitedLine)
            \(fixed): 逛逛小程序
              mini-program code: opens pages/index/index (wxaapp.createQRCode)
            \(plain): 邀请好友

            """)
    }

    func testDestinationsEndsWithTheCode() throws {
        let destinations = try CLI.run(["destinations", poster])
        XCTAssertEqual(destinations.status, 0)
        XCTAssertTrue(destinations.stdout.hasSuffix("  \(unlimitedLine)\n"), destinations.stdout)
        XCTAssertFalse(try CLI.run(["destinations", plain]).stdout.contains("mini-program code"))
    }

    func testJSONHasTheCodeOnlyWhereADocumentHasOne() throws {
        for command in ["header", "destinations", "validate"] {
            let result = try CLI.run([command, "--format", "json", poster, plain])
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let files = try XCTUnwrap(object["files"] as? [[String: Any]])
            XCTAssertEqual(files.count, 2)
            let documents = files.map { ($0["documents"] as? [[String: Any]])?.first ?? [:] }
            let code = try XCTUnwrap(documents[0]["miniProgramCode"] as? [String: Any], command)
            XCTAssertEqual(code["api"] as? String, "wxacode.getUnlimited")
            XCTAssertEqual(code["page"] as? String, "pages/invite/index")
            XCTAssertEqual(code["scene"] as? String, "u=42&c=spring")
            XCTAssertEqual(code["opens"] as? String, "pages/invite/index?scene=u%3D42%26c%3Dspring")
            XCTAssertTrue(code["query"] is NSNull)
            XCTAssertNil(documents[1]["miniProgramCode"], "\(command): a document without a code has no field")
            // The existing fields are all still there.
            XCTAssertEqual(Set(documents[1].keys).subtracting(["destinations"]), ["index", "name", "header", "noPreviewReason"])
            let schema = try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/sharelint-report.schema.json")))
            XCTAssertEqual(schema.validate(object), [], command)
        }
    }

    func testInspectNamesTheCodeOfAShareConfiguration() throws {
        let text = try CLI.run(["inspect", poster, "samples/assets/qr-poster.png"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("\n  wechat code: opens pages/invite/index?scene=u%3D42%26c%3Dspring (wxacode.getUnlimited)\n"), text.stdout)
        XCTAssertEqual(text.stdout.components(separatedBy: "wechat code:").count, 2, "the image has no code line")
        let json = try CLI.run(["inspect", "--format", "json", fixed, plain])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        let codes = try XCTUnwrap(files[0]["miniProgramCodes"] as? [[String: Any]])
        XCTAssertEqual(codes.count, 1)
        XCTAssertEqual(codes[0]["document"] as? Int, 0)
        XCTAssertEqual(codes[0]["api"] as? String, "wxaapp.createQRCode")
        XCTAssertEqual(codes[0]["opens"] as? String, "pages/index/index")
        XCTAssertNil(files[1]["miniProgramCodes"])
    }

    func testThePreviewPageSaysWhatTheCodeOpens() throws {
        let page = try CLI.run(["preview", poster, plain, "--output", "-"])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(page.stdout.contains("<p class=\"mini-program-code\">mini-program code: opens pages/invite/index?scene=u%3D42%26c%3Dspring (wxacode.getUnlimited)</p>\n"),
                      String(page.stdout.suffix(4000)))
        XCTAssertEqual(page.stdout.components(separatedBy: "class=\"mini-program-code\"").count, 2, "one line, for the one document with a code")
    }
}
