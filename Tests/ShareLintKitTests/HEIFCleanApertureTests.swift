import XCTest
@testable import ShareLintKit

/// A HEIC's primary item shows its clean aperture (`clap`, ISO/IEC 14496-12 CleanApertureBox,
/// applied before `irot` and `imir` as ISO/IEC 23008-12 orders the transformative
/// properties): `inspect` and the preview-size rule use the cropped size, not `ispe`'s.
final class HEIFCleanApertureTests: XCTestCase {
    func testCleanApertureCropsTheSize() throws {
        struct Row { var ispe: (Int, Int); var clap: (width: (Int, Int), height: (Int, Int)); var rotation: Int?; var shown: String }
        let rows = [
            Row(ispe: (64, 64), clap: ((32, 1), (32, 1)), rotation: nil, shown: "32x32"),
            Row(ispe: (64, 48), clap: ((33, 2), (21, 2)), rotation: nil, shown: "17x11"),   // 16.5 and 10.5, rounded half up
            Row(ispe: (64, 64), clap: ((100, 1), (100, 1)), rotation: nil, shown: "64x64"), // never larger than the image
            Row(ispe: (64, 64), clap: ((32, 0), (32, 1)), rotation: nil, shown: "64x64"),   // a zero denominator: ignored
            Row(ispe: (100, 50), clap: ((80, 1), (40, 1)), rotation: 1, shown: "40x80"),    // cropped, then turned
        ]
        for row in rows {
            let bytes = ExampleFiles.heif(brands: ["heic"], width: row.ispe.0, height: row.ispe.1, cleanAperture: row.clap, rotation: row.rotation)
            let sniffed = try XCTUnwrap(ContentSniffer.sniff(bytes))
            XCTAssertEqual(sniffed.displayedDimensions, row.shown, "ispe \(row.ispe) clap \(row.clap) [clap before irot/imir]")
            XCTAssertEqual(sniffed.problems, [])
        }
    }

    func testPreviewSizeRuleSeesTheCroppedThumbnail() {
        let yaml = "schemaVersion: 1\nitems:\n  - file: photo.heic\n    previews:\n      thumbnail: thumb.heic\nexcludedActivityTypes: [saveToCameraRoll]\n"
        let files = ["photo.heic": ExampleFiles.heif(brands: ["heic"], width: 4032, height: 3024),
                     "thumb.heic": ExampleFiles.heif(brands: ["heic"], width: 64, height: 64, cleanAperture: ((32, 1), (32, 1)))]
        let diagnostics = Linter().lint(bytes: Array(yaml.utf8), displayPath: "t.share.yaml", directory: "", files: InMemoryFileSystem(files: files))
            .diagnostics.filter { $0.rule != "no-header-preview" }
        XCTAssertEqual(diagnostics.map(\.message), ["the thumbnail is 32x32 px; iOS asks for at least 64x64"])
    }
}
